/**
 * TEST TOOL — `TestEngine`, a stand-in for the Pulumi CLI's engine (the CLI cannot be installed here). It runs the
 * real program runtime (`cmd/run`) against its own resource monitor and performs every resource operation through
 * real dynamic-provider host processes over gRPC, with the engine's step, secret and state semantics
 * as the Pulumi engine has them. See README.md in this folder for what it does not cover.
 */
import { Deployment, type ProgramMode } from "./deployment";
import { secretConfigFilter } from "./diagnostics";
import { HostPool } from "./hostPool";
import { deleteRemoved, destroyAll, refreshAll } from "./lifecycle";
import type { EngineLog } from "./engineLogService";
import { MonitorServer } from "./monitorServer";
import { PluginEngineServer } from "./pluginEngineServer";
import { importResources, type ImportOptions, type ImportSpec } from "./importer";
import { importsFromFile } from "./importFile";
import { programFailure, runProgram, type ProgramExit } from "./program";
import { pluginConfigEnv, providerConfigArgs, qualifiedConfig, readProject, type ProjectInfo, type StackConfig } from "./project";
import { parallelDiffEnabled, resolveParallelism } from "./scheduler";
import { StateStore, stackOutputsOf, type StackState } from "./stateStore";
import { UNCHANGED_OPS, isRefreshOp, type Step } from "./steps";
import type { PropertyMap } from "./values";

export type { Step, StepOp, StepState } from "./steps";
export type { ResourceState, StackState } from "./stateStore";
export type { EngineLog } from "./engineLogService";

export interface EngineOptions {
  /** Has Pulumi.yaml (name, runtime nodejs, optional main). */
  projectDir: string;
  stack: string;
  /** Where `<stack>.state.json` lives. */
  stateDir: string;
  /** Secrets in state are encrypted with a key derived from it. */
  passphrase: string;
  /** Stack config, keys like "tenant:domain" (a key without ":" belongs to the project). */
  config: StackConfig;
  /** Extra environment for the program and the hosts (PULUMI_RUN_PROGRAM, PULUMI_PARALLEL… are read from it too). */
  env?: NodeJS.ProcessEnv;
  /** Deadline for the program run (default 120 000 ms). */
  timeoutMs?: number;
  /** Deadline for each call to a provider host (default 60 000 ms). */
  callTimeoutMs?: number;
  /**
   * "every-step": persist like the file and S3 backends, the whole checkpoint written at the start and the end of
   * every create, update and delete step, unless PULUMI_SKIP_CHECKPOINTS is set (then once, at the end).
   * "folded" (the default): saves requested by steps are folded together, so the stand-in stays fast.
   */
  checkpoints?: "folded" | "every-step";
}

/** Flags shared by the commands, as the CLI names them. */
export interface CommandOptions {
  /** `--run-program` (default: PULUMI_RUN_PROGRAM=true): run the program, so providers get the current config. */
  runProgram?: boolean;
  /** `--parallel`: at most this many step operations at once (default PULUMI_PARALLEL, else 4 × CPUs). */
  parallel?: number;
}

export interface UpdateOptions extends CommandOptions {
  refresh?: boolean;
  expectNoChanges?: boolean;
}

export interface RunResult {
  steps: Step[];
  /** Stack outputs; secrets stay secret envelopes (see isSecretEnvelope), unknowns the UNKNOWN_VALUE string. */
  outputs: Record<string, unknown>;
  /** Whether the command proposed changes, counted as `--expect-no-changes` counts them for this command. */
  changed: boolean;
  /** What the program printed and its non-debug engine log messages (`[engine <severity>] …`), unfiltered. */
  programOutput: string;
  /** Everything the run's provider hosts printed, unfiltered. */
  hostOutput: string;
  /** All Engine.log messages, debug ones included (those echo wire objects, secrets in plain text, like the SDK's debug logs). */
  logs: EngineLog[];
  /**
   * The warnings the CLI prints and counts (current stack secrets masked): the engine's own, then those the program
   * and the providers logged with severity warning, each with the URN it names ("" for none).
   */
  diagnostics: EngineLog[];
  /** The step-operation parallelism used (`--parallel`), and the most operations seen in flight at once. */
  parallel: number;
  peakOperations: number;
  /** State file writes this run made (the stand-in only; the CLI does not say). */
  stateWrites?: number;
  /** Bytes those writes wrote (the stand-in only). */
  stateBytesWritten?: number;
  /** `pulumi import`: the program code the CLI wrote for what it imported (the real CLI only; YAML). */
  importCode?: string;
}

type RunKind = "preview" | "up" | "refresh" | "destroy" | "import";
/** The word the CLI's message uses for each command. */
type Operation = "preview" | "update" | "refresh";

/** A failed run; the message is what the CLI would print (current stack secrets masked). */
export class EngineRunError extends Error {
  override name = "EngineRunError";
  constructor(
    message: string,
    readonly result: RunResult,
  ) {
    super(message);
  }
}

/** `--expect-no-changes` found changes; the CLI exits with code 7 and this message. */
export class ExpectNoChangesError extends Error {
  override name = "ExpectNoChangesError";
  constructor(
    readonly operation: Operation,
    readonly result: RunResult,
  ) {
    super(`no changes were expected for ${operation} but changes were proposed`);
  }
}

/**
 * What `--expect-no-changes` counts (`engine.HasChanges`): on preview and up the update's own operations, never
 * refresh steps; on refresh the refresh steps.
 */
export function proposedChanges(steps: readonly Step[], operation: Operation): Step[] {
  return steps.filter((step) => !UNCHANGED_OPS.has(step.op) && isRefreshOp(step.op) === (operation === "refresh"));
}

export function describeChanges(steps: readonly Step[]): string {
  return steps.map((step) => `  ${step.op} ${step.type} "${step.name}"${step.replaces?.length ? ` (replace on ${step.replaces.join(", ")})` : ""}`).join("\n");
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

  preview(opts: UpdateOptions = {}): Promise<RunResult> {
    return this.run("preview", opts);
  }

  up(opts: UpdateOptions = {}): Promise<RunResult> {
    return this.run("up", opts);
  }

  refresh(opts: CommandOptions & { expectNoChanges?: boolean } = {}): Promise<RunResult> {
    return this.run("refresh", opts);
  }

  destroy(opts: CommandOptions = {}): Promise<RunResult> {
    return this.run("destroy", opts);
  }

  /**
   * `pulumi import --yes <type> <name> <id>` (importer.ts): no program; Read with the id alone, then Check of the
   * read inputs against themselves (failures only warn); only a native plugin's resources can be imported.
   */
  importResource(type: string, name: string, id: string, opts: ImportOptions = {}): Promise<RunResult> {
    return this.run("import", { imports: [{ type, name, id, protect: opts.protect }] });
  }

  /**
   * `pulumi import --yes --file <file>` (importFile.ts): every resource the file lists, in one deployment. A file the
   * CLI refuses, or that asks for what the stand-in does not mirror, rejects with ImportFileError before anything runs.
   */
  async importFile(file: string, opts: ImportOptions & Pick<CommandOptions, "parallel"> = {}): Promise<RunResult> {
    const imports = importsFromFile(file, { project: this.project.name, stack: this.opts.stack, protect: opts.protect });
    return this.run("import", { imports, parallel: opts.parallel });
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

  stateFile(): string {
    return this.store.file;
  }

  private async run(kind: RunKind, opts: UpdateOptions & { imports?: readonly ImportSpec[] }): Promise<RunResult> {
    const env = { ...process.env, ...this.opts.env };
    const runProgram = opts.runProgram ?? env.PULUMI_RUN_PROGRAM === "true";
    const parallel = resolveParallelism(opts.parallel, env);
    const operation: Operation = kind === "preview" || kind === "refresh" ? kind : "update";
    const mask = secretConfigFilter(this.config);
    const writesBefore = this.store.writeCount;
    const bytesBefore = this.store.bytesWritten;
    const skipCheckpoints = env.PULUMI_SKIP_CHECKPOINTS === "true" || env.PULUMI_SKIP_CHECKPOINTS === "1";
    const everyStep = this.opts.checkpoints === "every-step" && !skipCheckpoints;
    const output: string[] = [];
    const logs: EngineLog[] = [];
    /** Logged with severity warning (by the program or a provider): the CLI shows and counts them as warnings. */
    const loggedWarnings: EngineLog[] = [];
    const onLog = (log: EngineLog): void => {
      logs.push(log);
      if (log.severity === "warning") loggedWarnings.push(log);
      // Like the CLI without --debug: debug messages (which carry wire objects, secrets included) are not shown.
      if (log.severity !== "debug") output.push(`[engine ${log.severity}] ${log.message}${log.message.endsWith("\n") ? "" : "\n"}`);
    };
    const resources = await this.store.load();
    // Every provider gets the address of the engine's own Engine service and logs through it.
    const engineServer = await PluginEngineServer.start(onLog);
    const hosts = new HostPool({
      engineAddress: engineServer.address,
      cwd: this.project.programDir,
      project: this.project.name,
      env: this.opts.env,
      callTimeoutMs: this.opts.callTimeoutMs,
      plugins: this.project.plugins,
      pluginConfigEnv: (pkg) => pluginConfigEnv(this.config, pkg),
    });
    const deployment = new Deployment({
      project: this.project.name,
      projectRoot: this.project.rootDir,
      stack: this.opts.stack,
      dryRun: kind === "preview",
      hosts,
      resources,
      requestSave: (snapshot) => this.store.requestSave(snapshot),
      saveStep: everyStep ? (snapshot) => this.store.save(snapshot) : undefined,
      config: this.config,
      pluginPackages: Object.keys(this.project.plugins),
      parallelism: parallel,
      parallelDiff: parallelDiffEnabled(env),
    });
    const result = (): RunResult => ({
      steps: [...deployment.steps],
      outputs: deployment.stackOutputs ?? stackOutputsOf(deployment.snapshot),
      changed: proposedChanges(deployment.steps, operation).length > 0,
      programOutput: output.join(""),
      hostOutput: hosts.output(),
      logs: [...logs],
      diagnostics: [...deployment.diagnostics, ...loggedWarnings].map((log) => ({ ...log, message: mask(log.message) })),
      parallel,
      peakOperations: deployment.workers.peak,
      stateWrites: this.store.writeCount - writesBefore,
      stateBytesWritten: this.store.bytesWritten - bytesBefore,
    });
    const program = async (mode: ProgramMode): Promise<string | undefined> => {
      deployment.programMode = mode;
      const exit = await this.runProgram(deployment, parallel, output, onLog);
      return programFailure(exit, deployment.errors, logs, output.join(""), this.opts.timeoutMs ?? 120_000);
    };

    let failure: string | undefined;
    try {
      if (kind === "preview" || kind === "up") {
        // Without --run-program the refresh phase configures providers from state (§8 rule 1).
        if (opts.refresh && !runProgram) await refreshAll(deployment);
        deployment.refreshOnRegister = opts.refresh === true && runProgram;
        failure = await program("update");
        if (!failure) await deleteRemoved(deployment);
      } else if (kind === "import") {
        await importResources(deployment, opts.imports ?? [], this.project.name, this.opts.stack);
      } else if (kind === "refresh") {
        if (runProgram) failure = await program("refresh");
        if (!failure) await refreshAll(deployment, (resource) => !deployment.wasRegistered(resource.urn));
      } else {
        if (runProgram) failure = await program("destroy");
        if (!failure) await destroyAll(deployment);
      }
    } catch (error) {
      failure = deployment.errors.length > 0 ? deployment.errors.join("\n") : (error as Error).message;
    } finally {
      await hosts.stopAll().catch((error: unknown) => (failure ??= (error as Error).message));
      await engineServer.stop();
      // Like the engine's snapshot manager on close: the final snapshot is written once more (not in preview).
      deployment.persist();
      await this.store.flush().catch((error: unknown) => (failure ??= `saving the state failed: ${(error as Error).message}`));
    }
    if (failure !== undefined) throw new EngineRunError(mask(`${kind} failed:\n${failure}`), result());
    if (opts.expectNoChanges && result().changed) throw new ExpectNoChangesError(operation, result());
    return result();
  }

  private async runProgram(deployment: Deployment, parallel: number, output: string[], onLog: (log: EngineLog) => void): Promise<ProgramExit> {
    // The program registers the default provider with the current config; boot its host meanwhile.
    deployment.hosts.defineProvider(deployment.defaultProviderUrn, providerConfigArgs(this.config));
    deployment.hosts.prestart(deployment.defaultProviderUrn);
    const monitor = await MonitorServer.start(deployment, onLog);
    try {
      return await runProgram({
        project: this.project,
        stack: this.opts.stack,
        monitorAddress: monitor.address,
        dryRun: deployment.dryRun,
        config: this.config,
        env: this.opts.env,
        parallel,
        timeoutMs: this.opts.timeoutMs ?? 120_000,
        onOutput: (text) => output.push(text),
      });
    } finally {
      await monitor.stop();
    }
  }
}

export type { PropertyMap };
