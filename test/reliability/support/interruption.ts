/**
 * Interrupting a stack's run in the middle of a create: the emulator holds the create's request (a delay fault the
 * test ends), the test kills one process of that stack, then lets the tenant apply the held request or not. A
 * stack's processes are found through /proc by the PULUMI_HOME its driver gives it (a folder in its own state
 * folder), so nothing a suite running beside it started is ever touched.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type Emulator, type HeldRequest, type HeldRequestOutcome } from "../../../tools/emulator";
import { EngineRunError, requirePulumiCli, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { runPulumi, type PulumiRun } from "../../../tools/pulumi-cli/pulumi";
import { SENTINEL_CLIENT } from "../../../tools/stacks/basicStack";
import { RequestWindow } from "../../e2e/helpers";
import { LeakScanner } from "./leakScan";

/** The command lines of what a test kills: the CLI, the dynamic-provider host (under its launcher), the native plugin. */
export const PROCESSES = {
  cli: /(^|\/)pulumi (up|preview|refresh|destroy) /,
  dynamicProviderHost: /\/@pulumi\/pulumi\/cmd\/dynamic-provider\//,
  plugin: /\/pulumi-resource-tenant /,
} as const;

/** How long a held request waits for its test at most: far longer than any test, which always ends it first. */
const HOLD_MS = 600_000;

/** Polls `probe` until it gives a value; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 90_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Holds the next POST to each path until the test releases it. */
function holdCreates(emulator: Emulator, paths: readonly string[]): void {
  for (const path of paths) emulator.injectFault({ method: "POST", path, count: 1, kind: "delay", delayMs: HOLD_MS });
}

/** The held POSTs, once one is held on each path: every create in flight, its request on the tenant's side. */
function heldCreates(emulator: Emulator, paths: readonly string[]): Promise<HeldRequest[]> {
  return until(`a POST held on each of ${paths.join(", ")}`, () => {
    const held = emulator.heldRequests().filter((request) => request.method === "POST" && paths.includes(request.path));
    return held.length === paths.length ? held : undefined;
  });
}

/** The processes of this stack whose command line matches. */
export function stackProcesses(engine: PulumiCliEngine, command: RegExp): number[] {
  const home = `PULUMI_HOME=${engine.commandEnv().PULUMI_HOME}`;
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(home)) continue;
      if (command.test(`${fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ")} `)) pids.push(Number(entry));
    } catch {
      // Ended while being read, or not ours to read.
    }
  }
  return pids;
}

/** SIGKILLs the stack's processes that match; fails when none does, as nothing would be interrupted. */
export function kill(engine: PulumiCliEngine, command: RegExp): number[] {
  const pids = stackProcesses(engine, command);
  if (pids.length === 0) throw new Error(`no process of this stack matches ${command}`);
  for (const pid of pids) process.kill(pid, "SIGKILL");
  return pids;
}

/** Ends whatever the stack's runs left running (a provider host outlives a killed CLI). */
export function killLeftovers(engine: PulumiCliEngine): void {
  for (const pid of stackProcesses(engine, /./)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** The URNs of the creates the stack's checkpoint records as pending, read while the CLI writes it. */
export function recordedPendingCreates(engine: PulumiCliEngine): string[] {
  try {
    const checkpoint = JSON.parse(fs.readFileSync(engine.stateFile(), "utf8")) as { checkpoint?: { latest?: Deployment } };
    return pendingCreates(checkpoint.checkpoint?.latest ?? {});
  } catch {
    return []; // not written yet, or caught mid-write
  }
}

interface Deployment {
  resources?: { urn: string; id?: string }[];
  pending_operations?: { type: string; resource: { urn: string } }[];
}

function pendingCreates(deployment: Deployment): string[] {
  const operations = deployment.pending_operations ?? [];
  return operations.filter((operation) => operation.type === "creating").map((operation) => operation.resource.urn);
}

/**
 * What `pulumi stack export` says of the stack: the id it holds for each URN of `urns` (undefined for one it does
 * not hold), and the creates it records as pending (interrupted: their outcome unknown to the CLI), by URN.
 */
export async function stackRecord<Name extends string>(
  engine: PulumiCliEngine,
  urns: Record<Name, string>,
): Promise<{ ids: Record<Name, string | undefined>; pendingCreates: string[] }> {
  const deployment = (await engine.exportStack()).deployment as Deployment;
  const idOf = (urn: string) => deployment.resources?.find((resource) => resource.urn === urn)?.id;
  const ids = Object.fromEntries(Object.entries<string>(urns).map(([name, urn]) => [name, idOf(urn)])) as Record<Name, string | undefined>;
  return { ids, pendingCreates: pendingCreates(deployment).sort() };
}

/** The failure a run must end with; a run that succeeds fails the test. */
async function failure(run: Promise<RunResult>): Promise<EngineRunError> {
  const outcome = await run.then(
    () => new Error("expected the run to fail, but it succeeded"),
    (error: unknown) => error,
  );
  if (!(outcome instanceof EngineRunError)) throw outcome;
  return outcome;
}

/** A failed run's errors, sorted, as the driver groups the CLI's: `<type> '<name>': <message>`. */
export const failureLines = (error: EngineRunError): string[] => error.message.split("\n").slice(1).sort();

/** The lines the CLI's Diagnostics section shows under `header` (e.g. "pulumi:pulumi:Stack (project-stack)"). */
export function diagnosticsUnder(output: string, header: string): string[] {
  const section = output.slice(output.indexOf("\nDiagnostics:\n"));
  const block = new RegExp(`\\n  ${header.replace(/[()]/g, "\\$&")}:\\n((?: {4}.*\\n|\\n)*)`).exec(section);
  return (block?.[1] ?? "").split("\n").map((line) => line.trim()).filter(Boolean);
}

/**
 * An `up` whose creates (a POST on each of `paths`) are held on the tenant, interrupted by killing what `command`
 * matches once each is in flight; then the held POSTs are released with `outcome`. Resolves with the run's failure
 * once the tenant has settled each POST.
 */
async function interruptedUp(
  emulator: Emulator,
  engine: PulumiCliEngine,
  paths: readonly string[],
  command: RegExp,
  outcome: HeldRequestOutcome,
): Promise<EngineRunError> {
  holdCreates(emulator, paths);
  const settledBefore = emulator.requests.length;
  const run = failure(engine.up());
  const held = await heldCreates(emulator, paths);
  // The CLI records a create as pending before it asks the provider, but writes its checkpoint on its own time.
  if (command === PROCESSES.cli) {
    await until(`${paths.length} pending creates in the checkpoint`, () => (recordedPendingCreates(engine).length === paths.length ? true : undefined));
  }
  kill(engine, command);
  const error = await run;
  for (const request of held) request.release(outcome);
  await until("the held POSTs settled", () => {
    const settled = emulator.requests.slice(settledBefore).filter((entry) => entry.method === "POST" && entry.faulted?.startsWith("delay"));
    return settled.length === paths.length ? settled : undefined;
  });
  return error;
}

/** A stack whose runs a describe block interrupts; each run's output and error is kept for the leak scan. */
export interface InterruptedStack<Variant> {
  readonly emulator: Emulator;
  readonly requests: RequestWindow;
  /** The stack's engine; `variant` is what the block's program takes (e.g. whether to adopt). */
  engine(variant?: Variant): PulumiCliEngine;
  up(variant?: Variant): Promise<RunResult>;
  /** An `up` that must fail. */
  failingUp(variant?: Variant): Promise<EngineRunError>;
  /** An `up` interrupted in the middle of its creates (see interruptedUp). */
  interruptedUp(paths: readonly string[], command: RegExp, outcome: HeldRequestOutcome): Promise<EngineRunError>;
  /** The stack's own `pulumi` command line (`pulumi cancel`, `pulumi refresh` with flags the driver has no option for). */
  pulumi(args: string[]): Promise<PulumiRun>;
  destroy(): Promise<RunResult>;
  /** Every secret found in what the runs printed and failed with, and in everything the backend keeps. */
  leaks(): Promise<unknown[]>;
}

/**
 * Registers the block's set-up (an emulator with the sentinel client, a state folder) and tear-down (whatever the
 * runs left running ended, both removed). Each run's output and error is kept for `leaks()`, which the block's last
 * test holds to none (`itLeavesNoSecret`); `secrets` are the program's own, besides the sentinels.
 */
export function useInterruptedStack<Variant>(options: {
  prefix: string;
  engine: (emulator: Emulator, stateDir: string, variant?: Variant) => PulumiCliEngine;
  secrets: Record<string, string>;
}): InterruptedStack<Variant> {
  const scanner = new LeakScanner();
  for (const [description, value] of Object.entries(options.secrets)) scanner.addSecret(description, value);
  let emulator: Emulator | undefined;
  let stateDir: string | undefined;
  let requests: RequestWindow | undefined;
  let runs = 0;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the interrupted stack is used before its beforeAll ran");
    return value;
  };
  const engine = (variant?: Variant) => options.engine(started(emulator), started(stateDir), variant);
  const kept = async <T extends RunResult | EngineRunError>(what: string, run: Promise<T>): Promise<T> => {
    const outcome = await run;
    const label = `${++runs}. ${what}`;
    if (outcome instanceof EngineRunError) scanner.addError(label, outcome);
    else scanner.addRun(label, outcome as RunResult);
    return outcome;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    stateDir = fs.mkdtempSync(join(tmpdir(), options.prefix));
    requests = new RequestWindow(emulator);
  });
  afterAll(async () => {
    if (stateDir && emulator) killLeftovers(engine());
    await emulator?.close();
    if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
  });

  const stack: InterruptedStack<Variant> = {
    get emulator() {
      return started(emulator);
    },
    get requests() {
      return started(requests);
    },
    engine,
    up: (variant) => kept("up", engine(variant).up()),
    failingUp: (variant) => kept("up (failing)", failure(engine(variant).up())),
    interruptedUp: (paths, command, outcome) => kept(`up, ${command.source} killed`, interruptedUp(started(emulator), engine(), paths, command, outcome)),
    pulumi: async (args) => {
      const outcome = await runPulumi(requirePulumiCli(), engine().commandArgs(args), { env: engine().commandEnv() });
      scanner.addText(`${++runs}. pulumi ${args.join(" ")}`, "program output", outcome.stdout + outcome.stderr);
      return outcome;
    },
    destroy: () => kept("destroy", engine().destroy()),
    leaks: async () => {
      await scanner.addState("the stack", engine());
      expect(scanner.artifactCount).toBeGreaterThan(runs);
      return scanner.report(options.prefix);
    },
  };

  return stack;
}

/** The block's last test: no secret in any run's output or error, nor in anything the backend keeps. */
export function itLeavesNoSecret(stack: InterruptedStack<unknown>): void {
  it("leaves no secret in any run's output or error, nor in anything the backend keeps", async () => {
    expect(await stack.leaks()).toEqual([]);
  });
}
