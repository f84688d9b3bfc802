/**
 * TEST TOOL — the same interface as `TestEngine`, driven by a real `pulumi` CLI when one is installed, and
 * `createEngine`, which picks it when available. UNTESTED HERE: no Pulumi CLI can be installed on this machine.
 * Steps come from the CLI's `--event-log` (the NDJSON engine events the Automation API reads).
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  EngineRunError,
  ExpectNoChangesError,
  TestEngine,
  type CommandOptions,
  type EngineOptions,
  type RunResult,
  type StackState,
  type UpdateOptions,
  proposedChanges,
} from "./testEngine";
import type { ImportOptions } from "./importer";
import { qualifiedConfig, readProject } from "./project";
import type { ResourceState } from "./stateStore";
import { isProviderType, nameOfUrn, shortType, type Step, type StepOp } from "./steps";
import { SECRET_SIG, SECRET_VALUE_SIG, deepEqual, isPlainObject, secretEnvelope, type PropertyMap } from "./values";

/** The CLI flags for the shared command options. */
function commandFlags(opts: UpdateOptions): string[] {
  return [
    ...(opts.refresh ? ["--refresh"] : []),
    ...(opts.runProgram ? ["--run-program"] : []),
    ...(opts.parallel !== undefined ? [`--parallel=${opts.parallel}`] : []),
  ];
}

export interface Engine {
  preview(opts?: UpdateOptions): Promise<RunResult>;
  up(opts?: UpdateOptions): Promise<RunResult>;
  refresh(opts?: CommandOptions & { expectNoChanges?: boolean }): Promise<RunResult>;
  destroy(opts?: CommandOptions): Promise<RunResult>;
  /** `pulumi import --yes <type> <name> <id>`: an existing object of a native plugin taken into the stack. */
  importResource(type: string, name: string, id: string, opts?: ImportOptions): Promise<RunResult>;
  /** `pulumi import --yes --file <file>`: every resource the import file lists, in one deployment. */
  importFile(file: string, opts?: ImportOptions & Pick<CommandOptions, "parallel">): Promise<RunResult>;
  readState(): Promise<StackState>;
  rawState(): Promise<string>;
}

/** PULUMI_CLI=1 forces the CLI, PULUMI_CLI=0 the stand-in; otherwise a `pulumi` on PATH decides. */
export function pulumiCliAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.PULUMI_CLI === "1") return true;
  if (env.PULUMI_CLI === "0") return false;
  return spawnSync("pulumi", ["version"], { stdio: "ignore", env }).status === 0;
}

/** The real CLI when available (see pulumiCliAvailable; `opts.env` counts), else the stand-in. */
export function createEngine(opts: EngineOptions): Engine {
  return pulumiCliAvailable({ ...process.env, ...opts.env }) ? new PulumiCliEngine(opts) : new TestEngine(opts);
}

interface EngineEvent {
  resourcePreEvent?: { metadata: StepMetadata };
  resOutputsEvent?: { metadata: StepMetadata };
  diagnosticEvent?: { message: string; severity: string };
}

interface StepMetadata {
  op: string;
  urn: string;
  type: string;
  diffs?: string[];
  keys?: string[];
  old?: { outputs?: unknown; inputs?: unknown };
  new?: { outputs?: unknown; inputs?: unknown };
}

const DIRECT_OPS = new Set(["create", "update", "replace", "delete", "same", "read", "import"]);

export class PulumiCliEngine implements Engine {
  private readonly projectName: string;
  private stackReady: Promise<void> | undefined;

  constructor(private readonly opts: EngineOptions) {
    this.projectName = readProject(opts.projectDir).name;
  }

  preview(opts: UpdateOptions = {}): Promise<RunResult> {
    return this.run(["preview", ...commandFlags(opts)], "resourcePreEvent", "preview", opts.expectNoChanges);
  }

  up(opts: UpdateOptions = {}): Promise<RunResult> {
    return this.run(["up", "--yes", "--skip-preview", ...commandFlags(opts)], "resOutputsEvent", "update", opts.expectNoChanges);
  }

  refresh(opts: CommandOptions & { expectNoChanges?: boolean } = {}): Promise<RunResult> {
    return this.run(["refresh", "--yes", "--skip-preview", ...commandFlags(opts)], "resOutputsEvent", "refresh", opts.expectNoChanges);
  }

  destroy(opts: CommandOptions = {}): Promise<RunResult> {
    return this.run(["destroy", "--yes", "--skip-preview", ...commandFlags(opts)], "resOutputsEvent", "update", false);
  }

  importResource(type: string, name: string, id: string, opts: ImportOptions = {}): Promise<RunResult> {
    const args = ["import", type, name, id, "--yes", "--skip-preview", "--generate-code=false", `--protect=${opts.protect !== false}`];
    return this.run(args, "resOutputsEvent", "update", false);
  }

  importFile(file: string, opts: ImportOptions & Pick<CommandOptions, "parallel"> = {}): Promise<RunResult> {
    // Absolute: the CLI runs with --cwd set to the project directory.
    const args = ["import", "--file", path.resolve(file), "--yes", "--skip-preview", "--generate-code=false", `--protect=${opts.protect !== false}`];
    return this.run([...args, ...commandFlags({ parallel: opts.parallel })], "resOutputsEvent", "update", false);
  }

  async readState(): Promise<StackState> {
    await this.ensureStack();
    const exported = JSON.parse((await this.pulumi(["stack", "export", "--show-secrets"])).stdout) as {
      deployment?: { resources?: ResourceState[] };
    };
    const resources = (exported.deployment?.resources ?? []).map((resource) => openSecrets(resource) as ResourceState);
    return { resources, outputs: resources.find((resource) => resource.type === "pulumi:pulumi:Stack")?.outputs ?? {} };
  }

  async rawState(): Promise<string> {
    const stacks = path.join(this.opts.stateDir, ".pulumi", "stacks");
    for (const file of [path.join(stacks, this.projectName, `${this.opts.stack}.json`), path.join(stacks, `${this.opts.stack}.json`)]) {
      if (fs.existsSync(file)) return fs.promises.readFile(file, "utf8");
    }
    return "";
  }

  private async run(
    args: string[],
    stepEvent: "resourcePreEvent" | "resOutputsEvent",
    operation: "preview" | "update" | "refresh",
    expectNoChanges: boolean | undefined,
  ): Promise<RunResult> {
    await this.ensureStack();
    if (expectNoChanges) args.push("--expect-no-changes");
    const eventLog = path.join(this.opts.stateDir, `events-${process.pid}-${Date.now()}.ndjson`);
    const outcome = await this.pulumi([...args, "--event-log", eventLog], false);
    const events = fs.existsSync(eventLog)
      ? fs.readFileSync(eventLog, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as EngineEvent)
      : [];
    fs.rmSync(eventLog, { force: true });
    const steps = events.flatMap((event) => {
      const step = event[stepEvent] ? toStep(event[stepEvent].metadata) : undefined;
      return step ? [step] : [];
    });
    const result: RunResult = {
      steps,
      outputs: args[0] === "destroy" ? {} : await this.stackOutputs(),
      changed: proposedChanges(steps, operation).length > 0,
      programOutput: outcome.stdout + outcome.stderr,
      hostOutput: "",
      logs: events.flatMap((event) =>
        event.diagnosticEvent ? [{ severity: event.diagnosticEvent.severity as "error", message: event.diagnosticEvent.message, urn: "" }] : [],
      ),
      diagnostics: [],
      parallel: 0,
      peakOperations: 0,
    };
    // The CLI's exit code 7: --expect-no-changes found changes.
    if (outcome.code === 7) throw new ExpectNoChangesError(operation, result);
    if (outcome.code !== 0) {
      const errors = result.logs.filter((log) => log.severity === "error").map((log) => log.message.trim());
      throw new EngineRunError(`${args[0]} failed:\n${errors.join("\n") || outcome.stderr.slice(-2_000)}`, result);
    }
    return result;
  }

  /** Stack outputs with secrets as envelopes: the plain listing shows which keys are "[secret]". */
  private async stackOutputs(): Promise<Record<string, unknown>> {
    const masked = JSON.parse((await this.pulumi(["stack", "output", "--json"])).stdout || "{}") as Record<string, unknown>;
    const shown = JSON.parse((await this.pulumi(["stack", "output", "--json", "--show-secrets"])).stdout || "{}") as Record<string, unknown>;
    return Object.fromEntries(Object.entries(shown).map(([key, value]) => [key, masked[key] === "[secret]" ? secretEnvelope(value) : value]));
  }

  private ensureStack(): Promise<void> {
    this.stackReady ??= (async () => {
      await fs.promises.mkdir(this.opts.stateDir, { recursive: true });
      await this.pulumi(["stack", "select", "--create", this.opts.stack]);
      for (const [key, entry] of Object.entries(qualifiedConfig(this.opts.config, this.projectName))) {
        await this.pulumi(["config", "set", ...(entry.secret ? ["--secret"] : []), "--", key, entry.value]);
      }
    })();
    return this.stackReady;
  }

  private pulumi(args: string[], mustSucceed = true): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const fullArgs = [...args, "--non-interactive", "--cwd", this.opts.projectDir];
    if (args[0] !== "stack" || args[1] !== "select") fullArgs.push("--stack", this.opts.stack);
    if (["preview", "up", "refresh", "destroy", "import", "config"].includes(args[0])) {
      fullArgs.push("--config-file", path.join(this.opts.stateDir, `Pulumi.${this.opts.stack}.yaml`));
    }
    const env = {
      ...process.env,
      ...this.opts.env,
      PULUMI_BACKEND_URL: `file://${path.resolve(this.opts.stateDir)}`,
      PULUMI_CONFIG_PASSPHRASE: this.opts.passphrase,
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
    return new Promise((resolve, reject) => {
      const child = spawn("pulumi", fullArgs, { env, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
      child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
      const timer = setTimeout(() => child.kill("SIGKILL"), this.opts.timeoutMs ?? 120_000);
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("close", (code) => {
        clearTimeout(timer);
        if (mustSucceed && code !== 0) reject(new Error(`pulumi ${args.join(" ")} exited with ${code}: ${stderr.slice(-2_000)}`));
        else resolve({ code, stdout, stderr });
      });
    });
  }
}

function toStep(metadata: StepMetadata): Step | undefined {
  const name = nameOfUrn(metadata.urn);
  // The stack and default providers are the CLI's bookkeeping; the stand-in does not report them either.
  if (metadata.type === "pulumi:pulumi:Stack" || (isProviderType(metadata.type) && name.startsWith("default"))) return undefined;
  let op: StepOp | undefined;
  if (DIRECT_OPS.has(metadata.op)) op = metadata.op as StepOp;
  else if (metadata.op === "refresh") {
    op = !metadata.new ? "refresh-delete" : deepEqual(metadata.old?.outputs, metadata.new.outputs) ? "refresh-same" : "refresh-update";
  }
  if (!op) return undefined; // create-replacement, delete-replaced, discard…: covered by the "replace" step
  return {
    op,
    type: shortType(metadata.type),
    name,
    urn: metadata.urn,
    ...(metadata.diffs?.length ? { diffs: metadata.diffs } : {}),
    ...(op === "replace" && metadata.keys?.length ? { replaces: metadata.keys } : {}),
    ...(metadata.old ? { old: { inputs: (metadata.old.inputs ?? {}) as PropertyMap, outputs: (metadata.old.outputs ?? {}) as PropertyMap } } : {}),
    ...(metadata.new ? { new: { inputs: (metadata.new.inputs ?? {}) as PropertyMap, outputs: (metadata.new.outputs ?? {}) as PropertyMap } } : {}),
  };
}

/** `stack export --show-secrets` writes secrets as {sig, plaintext: "<json>"}; turn them into envelopes. */
function openSecrets(value: unknown): unknown {
  if (isPlainObject(value) && value[SECRET_SIG] === SECRET_VALUE_SIG && typeof value.plaintext === "string") {
    return secretEnvelope(JSON.parse(value.plaintext));
  }
  if (Array.isArray(value)) return value.map(openSecrets);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, openSecrets(item)]));
  return value;
}
