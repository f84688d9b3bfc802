/**
 * TEST TOOL — a stack driven through the pinned Pulumi CLI (tools/pulumi-cli: the release built from Go modules, or
 * that release on PATH): a file backend in the state directory, a PULUMI_HOME of its own, no network. Steps and
 * diagnostics come from the CLI's `--event-log` (the engine events the Automation API reads), state from
 * `pulumi stack export`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { locatePulumiCli, readPins, type PulumiCli } from "../build";
import { missingCliMessage } from "../buildReport";
import { qualifiedConfig, readProject, readProjectName } from "../project";
import { projectRuntime, runPulumi } from "../pulumi";
import { cliSteps, type EngineEvent } from "./events";
import { generatedYamlInputs } from "./importCode";
import {
  EngineRunError,
  ExpectNoChangesError,
  type CommandOptions,
  type EngineLog,
  type EngineOptions,
  type ImportOptions,
  type ResourceState,
  type RunResult,
  type StackState,
  type UpdateOptions,
} from "./result";
import { nameOfUrn, proposedChanges, shortType, type Operation } from "./steps";
import { SECRET_SIG, SECRET_VALUE_SIG, isPlainObject, secretEnvelope } from "./values";

/** What `pulumi stack export` prints: a versioned deployment, its resources as the backend stores them. */
export interface ExportedStack {
  version: number;
  deployment: { resources?: ResourceState[] } & Record<string, unknown>;
}

/** The CLI flags for the shared command options. */
function commandFlags(opts: UpdateOptions): string[] {
  return [
    ...(opts.refresh ? ["--refresh"] : []),
    ...(opts.runProgram ? ["--run-program"] : []),
    ...(opts.parallel !== undefined ? [`--parallel=${opts.parallel}`] : []),
  ];
}

/** The CLI the tests run, or an error naming the command that gets it. */
export function requirePulumiCli(): PulumiCli {
  const cli = locatePulumiCli();
  if (!cli) throw new Error(`${missingCliMessage(readPins().pulumi)} Run npm run pulumi-cli (npm test runs it first).`);
  return cli;
}

export class PulumiCliEngine {
  private readonly projectName: string;
  private readonly cli: PulumiCli;
  private stackReady: Promise<void> | undefined;

  constructor(private readonly opts: EngineOptions) {
    this.projectName = readProjectName(opts.projectDir);
    this.cli = opts.cli ?? requirePulumiCli();
  }

  preview(opts: UpdateOptions & { diff?: boolean } = {}): Promise<RunResult> {
    return this.run(["preview", ...(opts.diff ? ["--diff"] : []), ...commandFlags(opts)], "preview", opts.expectNoChanges);
  }

  up(opts: UpdateOptions = {}): Promise<RunResult> {
    return this.run(["up", "--yes", "--skip-preview", ...commandFlags(opts)], "update", opts.expectNoChanges);
  }

  refresh(opts: CommandOptions & { expectNoChanges?: boolean } = {}): Promise<RunResult> {
    return this.run(["refresh", "--yes", "--skip-preview", ...commandFlags(opts)], "refresh", opts.expectNoChanges);
  }

  destroy(opts: CommandOptions = {}): Promise<RunResult> {
    return this.run(["destroy", "--yes", "--skip-preview", ...commandFlags(opts)], "update", false);
  }

  /** `pulumi import --yes <type> <name> <id>`: an existing object of a native plugin taken into the stack. */
  importResource(type: string, name: string, id: string, opts: ImportOptions = {}): Promise<RunResult> {
    return this.importWith([type, name, id, `--protect=${opts.protect !== false}`]);
  }

  /** `pulumi import --yes --file <file>`: every resource the import file lists, in one deployment. */
  importFile(file: string, opts: ImportOptions & Pick<CommandOptions, "parallel"> = {}): Promise<RunResult> {
    return this.importWith(["--file", path.resolve(file), `--protect=${opts.protect !== false}`, ...commandFlags({ parallel: opts.parallel })]);
  }

  /**
   * `pulumi import` loads the project's language host, to write the program code for what it imports. Node.js's is
   * not here (see tools/pulumi-cli/nodejsClientHost.ts) and import takes no --client, so a Node.js project imports
   * from its YAML twin: the same name and stack (one state), the same plugins, and a real language host. The code
   * the CLI wrote is the result's importCode, and each import step's generatedInputs.
   */
  private async importWith(args: string[]): Promise<RunResult> {
    const cwd = projectRuntime(this.opts.projectDir) === "nodejs" ? await this.yamlTwin() : this.opts.projectDir;
    const code = path.join(path.resolve(this.opts.stateDir), `imported-${Date.now()}.yaml`);
    const result = await this.run(["import", ...args, "--yes", "--skip-preview", "--out", code], "update", false, cwd);
    if (fs.existsSync(code)) {
      result.importCode = fs.readFileSync(code, "utf8");
      fs.rmSync(code, { force: true });
      const generated = generatedYamlInputs(result.importCode);
      for (const step of result.steps) if (step.op === "import" && generated[step.name]) step.generatedInputs = generated[step.name];
    }
    return result;
  }

  private async yamlTwin(): Promise<string> {
    const twin = path.join(path.resolve(this.opts.stateDir), ".project-yaml");
    await fs.promises.mkdir(twin, { recursive: true });
    const providers = Object.entries(readProject(this.opts.projectDir).plugins).map(([name, executable]) => ({ name, path: path.dirname(executable) }));
    const project = { name: this.projectName, runtime: "yaml", ...(providers.length ? { plugins: { providers } } : {}) };
    await fs.promises.writeFile(path.join(twin, "Pulumi.yaml"), stringifyYaml(project));
    return twin;
  }

  async readState(): Promise<StackState> {
    await this.ensureStack();
    const exported = JSON.parse((await this.pulumi(["stack", "export", "--show-secrets"])).stdout) as {
      deployment?: { resources?: ResourceState[] };
    };
    const resources = (exported.deployment?.resources ?? []).map((resource) => openSecrets(resource) as ResourceState);
    return { resources, outputs: resources.find((resource) => resource.type === "pulumi:pulumi:Stack")?.outputs ?? {} };
  }

  /** `pulumi stack export`: the stack's deployment as the CLI prints it, secrets encrypted. */
  async exportStack(): Promise<ExportedStack> {
    await this.ensureStack();
    return JSON.parse((await this.pulumi(["stack", "export"])).stdout) as ExportedStack;
  }

  /** `pulumi stack import`: the stack's state replaced by `exported` (what `exportStack` gave, edited or not). */
  async importStack(exported: ExportedStack): Promise<void> {
    await this.ensureStack();
    const file = path.join(path.resolve(this.opts.stateDir), `import-${process.pid}-${Date.now()}.json`);
    await fs.promises.writeFile(file, JSON.stringify(exported));
    try {
      await this.pulumi(["stack", "import", "--file", file]);
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  async rawState(): Promise<string> {
    const file = this.stateFile();
    return fs.existsSync(file) ? fs.promises.readFile(file, "utf8") : "";
  }

  /**
   * Everything the backend keeps of the stack (its checkpoint, history and backups under `.pulumi`) and what
   * `pulumi stack export` prints, by where: what a secret scan must search besides the run's output.
   */
  async backendTexts(): Promise<Record<string, string>> {
    await this.ensureStack();
    const texts: Record<string, string> = { "pulumi stack export": (await this.pulumi(["stack", "export"])).stdout };
    const root = path.join(path.resolve(this.opts.stateDir), ".pulumi");
    for (const entry of await fs.promises.readdir(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) texts[path.relative(root, path.join(entry.parentPath, entry.name))] = await fs.promises.readFile(path.join(entry.parentPath, entry.name), "utf8");
    }
    return texts;
  }

  /**
   * The file backend's checkpoint of the stack (project-scoped stacks, as the CLI lays them out since v3.61); a test
   * may edit it to stand for what an earlier version wrote.
   */
  stateFile(): string {
    return path.join(path.resolve(this.opts.stateDir), ".pulumi", "stacks", this.projectName, `${this.opts.stack}.json`);
  }

  /** The CLI's own command line and environment for this stack: a `pulumi` a test can run itself. */
  commandEnv(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      ...this.opts.env,
      PULUMI_BACKEND_URL: `file://${path.resolve(this.opts.stateDir)}`,
      PULUMI_CONFIG_PASSPHRASE: this.opts.passphrase,
      PULUMI_HOME: path.join(path.resolve(this.opts.stateDir), ".pulumi-home"),
      // --event-log is a debug command's flag.
      PULUMI_DEBUG_COMMANDS: "true",
    };
  }

  private async run(
    args: string[],
    operation: Operation,
    expectNoChanges: boolean | undefined,
    cwd = this.opts.projectDir,
  ): Promise<RunResult> {
    await this.ensureStack();
    if (expectNoChanges) args.push("--expect-no-changes");
    const eventLog = path.join(this.opts.stateDir, `events-${process.pid}-${Date.now()}.ndjson`);
    const outcome = await this.pulumi([...args, "--event-log", eventLog], false, cwd);
    const events = fs.existsSync(eventLog)
      ? fs.readFileSync(eventLog, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as EngineEvent)
      : [];
    fs.rmSync(eventLog, { force: true });
    const steps = cliSteps(events, args[0]);
    const logs: EngineLog[] = events.flatMap((event) =>
      event.diagnosticEvent ? [{ severity: event.diagnosticEvent.severity, message: event.diagnosticEvent.message, urn: event.diagnosticEvent.urn ?? "" }] : [],
    );
    // The last: a preview reports the stack's stored outputs first, then the planned ones.
    const stackOutputs = [...events].reverse().find((event) => event.resOutputsEvent?.metadata.type === "pulumi:pulumi:Stack")?.resOutputsEvent?.metadata.new
      ?.outputs;
    const result: RunResult = {
      steps,
      // A preview's are as planned (unknowns included); a destroy leaves none.
      outputs: args[0] === "destroy" ? {} : args[0] === "preview" ? (stackOutputs ?? {}) : await this.stackOutputs(stackOutputs),
      changed: proposedChanges(steps, operation).length > 0,
      // The CLI shows what providers print only through its diagnostics, which are in its output.
      programOutput: outcome.stdout + outcome.stderr + outcome.program,
      logs,
      // Warnings are what the CLI counts as such: the engine's own and those a provider or the program sent.
      diagnostics: logs.filter((log) => log.severity === "warning"),
    };
    // A plugin comes from where the project names it or, the CLI's own, from beside it; one the CLI took from PATH
    // (npm puts node_modules/.bin there) is not the one under test, and the user would be warned of it.
    const ambient = /using (pulumi-[\w-]+) from \$PATH/.exec(outcome.stdout + outcome.stderr);
    if (ambient) throw new EngineRunError(`${args[0]}: the CLI warned that it took ${ambient[1]} from PATH, not from where the project names it or from beside the CLI`, result);
    // The CLI's exit code with --expect-no-changes when there were changes.
    if (expectNoChanges && outcome.code !== 0 && /no changes were expected/.test(outcome.stdout + outcome.stderr)) {
      throw new ExpectNoChangesError(operation, result);
    }
    if (outcome.code !== 0) throw new EngineRunError(`${args[0]} failed:\n${failureLines(logs, `${this.projectName}-${this.opts.stack}`) || (outcome.stdout + outcome.stderr).slice(-2_000)}`, result);
    return result;
  }

  /** Stack outputs in plain text, those the engine holds as secrets wrapped as envelopes again. */
  private async stackOutputs(masked: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
    const shown = JSON.parse((await this.pulumi(["stack", "output", "--json", "--show-secrets"])).stdout || "{}") as Record<string, unknown>;
    const isSecret = (value: unknown) => isPlainObject(value) && value[SECRET_SIG] === SECRET_VALUE_SIG;
    return Object.fromEntries(Object.entries(shown).map(([key, value]) => [key, isSecret(masked?.[key]) ? secretEnvelope(value) : value]));
  }

  private ensureStack(): Promise<void> {
    this.stackReady ??= (async () => {
      await fs.promises.mkdir(this.opts.stateDir, { recursive: true });
      // Creating a stack writes its passphrase salt into Pulumi.<stack>.yaml beside Pulumi.yaml, and `stack select`
      // takes no --config-file: create it from a copy of Pulumi.yaml in the state directory, so concurrent tests of
      // one project never share (or leave behind) a stack file, and keep that file as the stack's --config-file.
      const stub = path.join(path.resolve(this.opts.stateDir), ".project");
      await fs.promises.mkdir(stub, { recursive: true });
      await fs.promises.writeFile(path.join(stub, "Pulumi.yaml"), `name: ${this.projectName}\nruntime: nodejs\n`);
      await this.pulumi(["stack", "select", "--create", this.opts.stack], true, stub);
      const stackFile = path.join(stub, `Pulumi.${this.opts.stack}.yaml`);
      if (fs.existsSync(stackFile) && !fs.existsSync(this.configFile())) await fs.promises.rename(stackFile, this.configFile());
      const entries = Object.entries(qualifiedConfig(this.opts.config, this.projectName));
      if (entries.length > 0) {
        const pairs = entries.flatMap(([key, entry]) => [entry.secret ? "--secret" : "--plaintext", `${key}=${entry.value}`]);
        await this.pulumi(["config", "set-all", ...pairs]);
      }
    })();
    return this.stackReady;
  }

  /** `args` as this engine runs them: its project, its stack and that stack's config file. */
  commandArgs(args: string[], cwd = this.opts.projectDir): string[] {
    const fullArgs = [...args, "--non-interactive", "--cwd", cwd];
    if (args[0] !== "stack" || args[1] !== "select") fullArgs.push("--stack", this.opts.stack);
    if (["preview", "up", "refresh", "destroy", "import", "config"].includes(args[0])) fullArgs.push("--config-file", this.configFile());
    return fullArgs;
  }

  private configFile(): string {
    return path.join(path.resolve(this.opts.stateDir), `Pulumi.${this.opts.stack}.yaml`);
  }

  private async pulumi(
    args: string[],
    mustSucceed = true,
    cwd = this.opts.projectDir,
  ): Promise<{ code: number | null; stdout: string; stderr: string; program: string }> {
    const fullArgs = this.commandArgs(args, cwd);
    let program = "";
    const outcome = await runPulumi(this.cli, fullArgs, {
      env: this.commandEnv(),
      onProgramOutput: (text) => (program += text),
      timeoutMs: this.opts.timeoutMs ?? 180_000,
    });
    if (mustSucceed && outcome.code !== 0) {
      throw new Error(`pulumi ${args.join(" ")} exited with ${outcome.code}: ${(outcome.stdout + outcome.stderr).slice(-2_000)}`);
    }
    return { ...outcome, program };
  }
}

/**
 * The errors the CLI shows under what they concern: a resource's as `<type> '<name>': <message>`, the program's own
 * (sent with no resource) under the stack, as the CLI groups them. When resources failed, the engine's closing line
 * for the command ("update failed") adds nothing and is left out.
 */
function failureLines(logs: readonly EngineLog[], stackName: string): string {
  const errors = logs.filter((log) => log.severity === "error");
  const ofResources = errors.filter((log) => log.urn !== "");
  const lines = (ofResources.length > 0 ? ofResources : errors).map((log) => {
    const message = log.message.trim();
    if (!log.urn) return /^(preview|update|refresh|destroy|import) failed$/.test(message) ? message : `pulumi:pulumi:Stack '${stackName}': ${message}`;
    const type = log.urn.split("::")[2]?.split("$").pop() ?? "";
    return `${shortType(type)} '${nameOfUrn(log.urn)}': ${message}`;
  });
  return lines.join("\n");
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
