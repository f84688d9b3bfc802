/**
 * Section 2 of the bench, for the push-notification credentials: SnsPushProvider, ApnsPushProvider and
 * FcmPushProvider (a fixture project declaring the three) through create → update (every resource's input changed)
 * → no-op up → preview --refresh → refresh → destroy, requests attributed by path, against the floor of each.
 *
 *   npx tsx test/bench/pushCredentialCalls.ts     (needs `npm run build`)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { createEngine, type Engine } from "../../tools/engine";
import { SENTINEL_CLIENT, emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import { measured, type Operation, type OperationRun, type ResourceName } from "./callsPerOperation";
import { TimingRecorder } from "./processTimings";
import { engineLabel, type Row } from "./report";

const PROJECT_DIR = join(__dirname, "fixtures", "pushCredentials");

function credentialStack(emulator: Emulator, stateDir: string, env: NodeJS.ProcessEnv, changed: boolean): Engine {
  const secret = (value: string) => ({ value, secret: true });
  return createEngine({
    projectDir: PROJECT_DIR,
    stack: "bench-push-credentials",
    stateDir,
    passphrase: "bench push credentials",
    config: {
      ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
      "bench-push-credentials:awsSecretAccessKey": secret(changed ? "sentinel-bench-aws-rotated" : "sentinel-bench-aws-secret"),
      "bench-push-credentials:apnsP12": secret(Buffer.from("sentinel-bench-p12").toString("base64")),
      "bench-push-credentials:fcmServerCredentials": secret(JSON.stringify({ type: "service_account", key: changed ? "rotated" : "first" })),
      ...(changed ? { "bench-push-credentials:awsRegion": { value: "eu-west-1" }, "bench-push-credentials:apnsSandbox": { value: "true" } } : {}),
    },
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...env },
  });
}

export async function benchPushCredentialCalls(): Promise<OperationRun[]> {
  const emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
  const recorder = new TimingRecorder();
  const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-bench-push-"));
  const initial = credentialStack(emulator, stateDir, recorder.env(), false);
  const changed = credentialStack(emulator, stateDir, recorder.env(), true);
  try {
    const runs: OperationRun[] = [];
    runs.push(await measured(emulator, recorder, "create", () => initial.up()));
    runs.push(await measured(emulator, recorder, "update", () => changed.up()));
    runs.push(await measured(emulator, recorder, "no-op up", () => changed.up()));
    runs.push(await measured(emulator, recorder, "preview --refresh", () => changed.preview({ refresh: true })));
    runs.push(await measured(emulator, recorder, "read (refresh)", () => changed.refresh()));
    runs.push(await measured(emulator, recorder, "delete (destroy)", () => changed.destroy()));
    return runs;
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
    recorder.dispose();
    await emulator.close();
  }
}

const CRUD = ["create", "update", "read (refresh)", "delete (destroy)"] as const;

const FLOORS: { resource: ResourceName; floor: readonly number[]; note: string }[] = [
  {
    resource: "SnsPushProvider",
    floor: [2, 1, 1, 1],
    note:
      "create GETs first and records what it found; on this fresh tenant, none, so destroy is a PUT of the five fields " +
      "as null: the API has no DELETE",
  },
  {
    resource: "ApnsPushProvider",
    floor: [2, 1, 1, 0],
    note: "create GETs first and records what it found; no API clears the certificate, so destroy on a tenant that had none makes no call",
  },
  { resource: "FcmPushProvider", floor: [1, 1, 0, 0], note: "the service cannot read it back (no GET) nor clear it" },
];

const methodsOf = (run: OperationRun | undefined, resource: ResourceName): string[] => run?.requests[resource] ?? [];
const shown = (methods: string[]): string => `${methods.length}${methods.length ? ` (${methods.join("+")})` : ""}`;

/** Calls per operation of each, and their share of a no-op up (0 each) and of preview --refresh (FCM none). */
export function pushCredentialCallRows(runs: readonly OperationRun[]): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  const rows: Row[] = FLOORS.map(({ resource, floor, note }) => {
    const measuredCalls = CRUD.map((operation) => methodsOf(byOperation.get(operation), resource));
    const off = CRUD.filter((_operation, index) => measuredCalls[index].length !== floor[index]);
    return {
      section: "2",
      measure: `Calls per operation, ${resource}: create / update / read / delete (a fixture of the three credentials through ${engineLabel()})`,
      result: measuredCalls.map(shown).join(" / "),
      goal: `floor ${floor.join(" / ")} (${note})`,
      verdict: off.length === 0 ? "at the floor" : `off the floor on ${off.join(", ")}`,
    };
  });
  const shares: [Operation, number[]][] = [
    ["no-op up", [0, 0, 0]],
    ["preview --refresh", [1, 1, 0]],
  ];
  for (const [operation, floors] of shares) {
    const run = byOperation.get(operation);
    const counts = FLOORS.map(({ resource }) => methodsOf(run, resource));
    const atFloor = counts.every((methods, index) => methods.length === floors[index]) && (run?.unattributed.length ?? 0) === 0;
    rows.push({
      section: "2",
      measure: `Calls for a ${operation} of the three push credentials`,
      result: `${FLOORS.map(({ resource }, index) => `${resource} ${shown(counts[index])}`).join(", ")}; steps: ${run?.steps.length ? run.steps.join(", ") : "none"}`,
      goal: `floor ${floors.join(" / ")}${operation === "preview --refresh" ? " (FCM v1 cannot be read: its refresh makes no call)" : ""}`,
      verdict: atFloor ? "at the floor" : "ABOVE the floor",
    });
  }
  return rows;
}

if (require.main === module) {
  benchPushCredentialCalls()
    .then((runs) => {
      for (const run of runs) console.log(JSON.stringify(run));
      for (const row of pushCredentialCallRows(runs)) console.log(`| ${row.measure} | ${row.result} | ${row.goal} | ${row.verdict} |`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
