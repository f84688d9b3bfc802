/**
 * What the section-2 benches of a fixture project share: the six runs of one stack (create, an update that changes
 * every resource's input, a no-op up, preview --refresh, refresh, destroy), and the rows that judge each resource's
 * calls per operation against its floor and its share of a no-op up and of preview --refresh.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import type { StackConfig } from "../../tools/pulumi-cli/project";
import { SENTINEL_CLIENT, emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import { measured, type Operation, type OperationRun, type ResourceName } from "./callsPerOperation";
import { TimingRecorder } from "./processTimings";
import { engineLabel, type Row } from "./report";

/** A fixture project under fixtures/, and the stack config of its first run and of its changed run. */
export interface Fixture {
  folder: string;
  /** Its project name, which prefixes its config keys; also the stack's name. */
  project: string;
  config: (changed: boolean) => StackConfig;
  /** What the tenant holds before the first run. */
  seed?: (emulator: Emulator) => void;
}

/** The six runs of a fixture's stack against a fresh emulator, with the sentinel client. */
export async function benchFixture(fixture: Fixture): Promise<OperationRun[]> {
  const emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
  fixture.seed?.(emulator);
  const recorder = new TimingRecorder();
  const stateDir = mkdtempSync(join(tmpdir(), `pulumi-tenant-${fixture.project}-`));
  const stack = (changed: boolean): PulumiCliEngine =>
    new PulumiCliEngine({
      projectDir: join(__dirname, "fixtures", fixture.folder),
      stack: fixture.project,
      stateDir,
      passphrase: fixture.project,
      config: { ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT), ...fixture.config(changed) },
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...recorder.env() },
    });
  try {
    return await sixRuns(emulator, recorder, stack(false), stack(true));
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
    recorder.dispose();
    await emulator.close();
  }
}

/** The six runs: `initial` makes the stack, `changed` (the same stack and state) changes every resource's input. */
async function sixRuns(emulator: Emulator, recorder: TimingRecorder, initial: PulumiCliEngine, changed: PulumiCliEngine): Promise<OperationRun[]> {
  const runs: OperationRun[] = [];
  runs.push(await measured(emulator, recorder, "create", () => initial.up()));
  runs.push(await measured(emulator, recorder, "update", () => changed.up()));
  runs.push(await measured(emulator, recorder, "no-op up", () => changed.up()));
  runs.push(await measured(emulator, recorder, "preview --refresh", () => changed.preview({ refresh: true })));
  runs.push(await measured(emulator, recorder, "read (refresh)", () => changed.refresh()));
  runs.push(await measured(emulator, recorder, "delete (destroy)", () => changed.destroy()));
  return runs;
}

/** A resource's floor for create / update / read / delete, and why. */
export interface ResourceFloor {
  resource: ResourceName;
  floor: readonly number[];
  note: string;
}

/** A run whose calls are judged per resource: its floor for each (in the order of the floors), and a note on it. */
export interface SharedRun {
  operation: Operation;
  floors: readonly number[];
  note?: string;
}

const CRUD = ["create", "update", "read (refresh)", "delete (destroy)"] as const;

const methodsOf = (run: OperationRun | undefined, resource: ResourceName): string[] => run?.requests[resource] ?? [];
const shown = (methods: string[]): string => `${methods.length}${methods.length ? ` (${methods.join("+")})` : ""}`;

/**
 * Calls per operation of each resource (`fixture` names what ran, "a fixture of the three credentials"), then each
 * shared run's calls by resource (`group` names them, "the three push credentials").
 */
export function fixtureCallRows(runs: readonly OperationRun[], floors: readonly ResourceFloor[], fixture: string, group: string, shared: readonly SharedRun[]): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  const rows: Row[] = floors.map(({ resource, floor, note }) => {
    const measuredCalls = CRUD.map((operation) => methodsOf(byOperation.get(operation), resource));
    const off = CRUD.filter((_operation, index) => measuredCalls[index].length !== floor[index]);
    return {
      section: "2",
      measure: `Calls per operation, ${resource}: create / update / read / delete (${fixture} through ${engineLabel()})`,
      result: measuredCalls.map(shown).join(" / "),
      goal: `floor ${floor.join(" / ")} (${note})`,
      verdict: off.length === 0 ? "at the floor" : `off the floor on ${off.join(", ")}`,
    };
  });
  for (const { operation, floors: shares, note } of shared) {
    const run = byOperation.get(operation);
    const counts = floors.map(({ resource }) => methodsOf(run, resource));
    const atFloor = counts.every((methods, index) => methods.length === shares[index]) && (run?.unattributed.length ?? 0) === 0;
    rows.push({
      section: "2",
      measure: `Calls for a ${operation} of ${group}`,
      result: `${floors.map(({ resource }, index) => `${resource} ${shown(counts[index])}`).join(", ")}; steps: ${run?.steps.length ? run.steps.join(", ") : "none"}`,
      goal: `floor ${shares.join(" / ")}${note ? ` (${note})` : ""}`,
      verdict: atFloor ? "at the floor" : "ABOVE the floor",
    });
  }
  return rows;
}
