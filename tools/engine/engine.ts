/**
 * TEST TOOL — `TestEngine`, a stand-in for the Pulumi CLI's engine (the CLI cannot be installed here). It runs the
 * real program runtime (`cmd/run`) against its own resource monitor and performs every resource operation through
 * real dynamic-provider host processes over gRPC, with the engine's step, secret and state semantics
 * as the Pulumi engine has them. See README.md in this folder for what it does not cover.
 */
import { Deployment } from "./deployment";
import { HostPool } from "./hosts";
import { deletePendingReplacements, deleteRemoved, destroyAll, refreshAll } from "./lifecycle";
import type { EngineLog } from "./monitor";
import { MonitorServer } from "./monitor";
import { runProgram, type ProgramExit } from "./program";
import { providerConfigArgs, qualifiedConfig, readProject, type ProjectInfo, type StackConfig } from "./project";
import { StateStore, stackOutputsOf, type StackState } from "./state";
import { UNCHANGED_OPS, type Step } from "./steps";
import type { PropertyMap } from "./values";

export type { Step, StepOp } from "./steps";
export type { ResourceState, StackState } from "./state";
export type { EngineLog } from "./monitor";

export interface EngineOptions {
  /** Has Pulumi.yaml (name, runtime nodejs, optional main); the hosts' cwd. */
  projectDir: string;
  stack: string;
  /** Where `<stack>.state.json` lives. */
  stateDir: string;
  /** Secrets in state are encrypted with a key derived from it. */
  passphrase: string;
  /** Stack config, keys like "tenant:domain" (a key without ":" belongs to the project). */
  config: StackConfig;
  /** Extra environment for the program and the hosts. */
  env?: NodeJS.ProcessEnv;
  /** Deadline for the program run (default 120 000 ms). */
  timeoutMs?: number;
  /** Deadline for each call to a provider host (default 60 000 ms). */
  callTimeoutMs?: number;
}

export interface RunResult {
  steps: Step[];
  /** Stack outputs; secrets stay secret envelopes (see isSecretEnvelope), unknowns the UNKNOWN_VALUE string. */
  outputs: Record<string, unknown>;
  changed: boolean;
  /** What a user would see: the program's stdout/stderr and its non-debug engine log messages (`[engine <severity>] …`). */
  programOutput: string;
  /** Everything the run's provider hosts printed. */
  hostOutput: string;
  /** All Engine.log messages, debug ones included (those echo wire objects, secrets in plain text, like the SDK's debug logs). */
  logs: EngineLog[];
}

type RunKind = "preview" | "up" | "refresh" | "destroy";

/** A failed run; the message names the failing resources and reasons (never input values). */
export class EngineRunError extends Error {
  override name = "EngineRunError";
  constructor(
    message: string,
    readonly result: RunResult,
  ) {
    super(message);
  }
}

/** `preview({ expectNoChanges: true })` found changes. */
export class ExpectNoChangesError extends Error {
  override name = "ExpectNoChangesError";
  constructor(readonly result: RunResult) {
    super(`expected no changes, but the preview has:\n${describeChanges(result.steps)}`);
  }
}

export function describeChanges(steps: readonly Step[]): string {
  return steps
    .filter((step) => !UNCHANGED_OPS.has(step.op))
    .map((step) => {
      const properties = step.diffs?.length ? `: ${step.diffs.join(", ")}` : "";
      const replaces = step.replaces?.length ? ` (replace on ${step.replaces.join(", ")})` : "";
      return `  ${step.op} ${step.type} "${step.name}"${properties}${replaces}`;
    })
    .join("\n");
}

export class TestEngine {
  private readonly project: ProjectInfo;
  private readonly config: StackConfig;
  private readonly store: StateStore;

  constructor(private readonly opts: EngineOptions) {
    this.project = readProject(opts.projectDir);
    this.config = qualifiedConfig(opts.config, this.project.name);
    this.store = new StateStore(opts.stateDir, opts.stack, opts.passphrase);
  }

  async preview(opts: { refresh?: boolean; expectNoChanges?: boolean } = {}): Promise<RunResult> {
    const result = await this.run("preview", opts.refresh ?? false);
    if (opts.expectNoChanges && result.changed) throw new ExpectNoChangesError(result);
    return result;
  }

  up(opts: { refresh?: boolean } = {}): Promise<RunResult> {
    return this.run("up", opts.refresh ?? false);
  }

  refresh(): Promise<RunResult> {
    return this.run("refresh", false);
  }

  destroy(): Promise<RunResult> {
    return this.run("destroy", false);
  }

  /** The stored state, secrets decrypted (still marked as envelopes). */
  async readState(): Promise<StackState> {
    const resources = await this.store.load();
    return { resources, outputs: stackOutputsOf(resources) };
  }

  /** The state file's text as stored ("" before the first update). */
  rawState(): Promise<string> {
    return this.store.raw();
  }

  private async run(kind: RunKind, refreshFirst: boolean): Promise<RunResult> {
    const output: string[] = [];
    const logs: EngineLog[] = [];
    const hosts = new HostPool({
      cwd: this.project.rootDir,
      project: this.project.name,
      env: this.opts.env,
      callTimeoutMs: this.opts.callTimeoutMs,
      defaultConfig: providerConfigArgs(this.config),
    });
    const deployment = new Deployment({
      project: this.project.name,
      stack: this.opts.stack,
      dryRun: kind === "preview",
      hosts,
      resources: await this.store.load(),
      persist: (resources) => this.store.save(resources),
    });
    const result = (): RunResult => ({
      steps: [...deployment.steps],
      outputs: deployment.stackOutputs ?? stackOutputsOf(deployment.snapshot),
      changed: deployment.steps.some((step) => !UNCHANGED_OPS.has(step.op)),
      programOutput: output.join(""),
      hostOutput: hosts.output(),
      logs: [...logs],
    });

    let failure: string | undefined;
    try {
      if (refreshFirst || kind === "refresh") await refreshAll(deployment);
      if (kind === "destroy") await destroyAll(deployment);
      if (kind === "up") await deletePendingReplacements(deployment);
      if (kind === "up" || kind === "preview") {
        const exit = await this.runProgram(deployment, output, logs);
        failure = programFailure(exit, deployment, logs, output.join(""), this.opts.timeoutMs ?? 120_000);
        if (!failure) await deleteRemoved(deployment);
      }
    } catch (error) {
      failure = deployment.errors.length > 0 ? deployment.errors.join("\n") : (error as Error).message;
    } finally {
      await hosts.stopAll();
    }
    if (failure !== undefined) throw new EngineRunError(`${kind} failed:\n${failure}`, result());
    return result();
  }

  private async runProgram(deployment: Deployment, output: string[], logs: EngineLog[]): Promise<ProgramExit> {
    deployment.hosts.prestartDefault();
    const monitor = await MonitorServer.start(deployment, (log) => {
      logs.push(log);
      // Like the CLI without --debug: debug messages (which carry wire objects, secrets included) are not shown.
      if (log.severity !== "debug") output.push(`[engine ${log.severity}] ${log.message}${log.message.endsWith("\n") ? "" : "\n"}`);
    });
    try {
      return await runProgram({
        project: this.project,
        stack: this.opts.stack,
        monitorAddress: monitor.address,
        dryRun: deployment.dryRun,
        config: this.config,
        env: this.opts.env,
        timeoutMs: this.opts.timeoutMs ?? 120_000,
        onOutput: (text) => output.push(text),
      });
    } finally {
      await monitor.stop();
    }
  }
}

/** Why a program run failed, or undefined: step errors first, then the program's own errors. */
function programFailure(exit: ProgramExit, deployment: Deployment, logs: EngineLog[], output: string, timeoutMs: number): string | undefined {
  const reasons = [...deployment.errors];
  if (exit.timedOut) reasons.push(`the program did not finish within ${timeoutMs} ms and was killed`);
  else if (exit.code !== 0) {
    reasons.push(`the program exited with ${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`}`);
    if (deployment.errors.length === 0) {
      const errors = logs.filter((log) => log.severity === "error").map((log) => truncate(log.message.trim(), 1_500));
      reasons.push(...(errors.length > 0 ? errors : [`output: ${truncate(output.trim(), 1_500, true) || "(none)"}`]));
    }
  }
  return reasons.length > 0 ? reasons.join("\n") : undefined;
}

function truncate(text: string, max: number, keepEnd = false): string {
  if (text.length <= max) return text;
  return keepEnd ? `…${text.slice(-max)}` : `${text.slice(0, max)}…`;
}

export type { PropertyMap };
