/**
 * TEST TOOL — command line for the engine stand-in (or a real Pulumi CLI when installed, see createEngine):
 *
 *   npx tsx tools/engine/cli.ts <preview|up|refresh|destroy|import TYPE NAME ID|import --file FILE> --project-dir DIR
 *       --stack S --state-dir DIR [--refresh] [--expect-no-changes] [--run-program] [--parallel N]
 *       [--config key=value]... [--secret key=value]... [--timeout-ms N] [--protect=false]
 *
 * The passphrase comes from PULUMI_CONFIG_PASSPHRASE; PULUMI_RUN_PROGRAM and PULUMI_PARALLEL work as with the CLI.
 * Prints the steps (with the properties `--diff` would show) and the stack outputs (secrets as [secret]); exits 1
 * on failure and, like the CLI from 3.226, 7 when --expect-no-changes finds changes.
 */
import { createEngine } from "./pulumiCliEngine";
import { secretConfigFilter } from "./diagnostics";
import { EngineRunError, ExpectNoChangesError, describeChanges, proposedChanges, type RunResult } from "./testEngine";
import { qualifiedConfig, type StackConfig } from "./project";
import { UNCHANGED_OPS, displayedChanges } from "./steps";
import { UNKNOWN_VALUE, isPlainObject, isSecretEnvelope } from "./values";

const COMMANDS = ["preview", "up", "refresh", "destroy", "import"] as const;
type Command = (typeof COMMANDS)[number];

interface CliArgs {
  command: Command;
  projectDir: string;
  stack: string;
  stateDir: string;
  refresh: boolean;
  expectNoChanges: boolean;
  runProgram?: boolean;
  parallel?: number;
  config: StackConfig;
  timeoutMs?: number;
  /** `import <type> <name> <id>`: what to import. */
  importSpec?: { type: string; name: string; id: string };
  /** `import --file <file>`: the import file. */
  importFile?: string;
  /** `import --protect` (default true). */
  protect?: boolean;
}

/** The CLI's exit code for --expect-no-changes finding changes (3.226+). */
export const EXIT_NO_CHANGES_EXPECTED = 7;

export function parseArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command)) throw new Error(`first argument must be one of ${COMMANDS.join(", ")}`);
  const parsed: Partial<CliArgs> & { config: StackConfig } = { command: command as Command, refresh: false, expectNoChanges: false, config: {} };
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const flag = rest[index];
    const value = () => {
      const next = rest[++index];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    const setting = (secret: boolean) => {
      const pair = value();
      const separator = pair.indexOf("=");
      if (separator <= 0) throw new Error(`${flag} expects key=value, got "${secret ? "<hidden>" : pair}"`);
      parsed.config[pair.slice(0, separator)] = { value: pair.slice(separator + 1), secret };
    };
    if (flag === "--project-dir") parsed.projectDir = value();
    else if (flag === "--stack") parsed.stack = value();
    else if (flag === "--state-dir") parsed.stateDir = value();
    else if (flag === "--refresh") parsed.refresh = true;
    else if (flag === "--expect-no-changes") parsed.expectNoChanges = true;
    else if (flag === "--run-program") parsed.runProgram = true;
    else if (flag === "--parallel") parsed.parallel = Number(value());
    else if (flag === "--config") setting(false);
    else if (flag === "--secret") setting(true);
    else if (flag === "--timeout-ms") parsed.timeoutMs = Number(value());
    else if (command === "import" && flag === "--protect=false") parsed.protect = false;
    else if (command === "import" && flag === "--file") parsed.importFile = value();
    else if (command === "import" && !flag.startsWith("--")) positional.push(flag);
    else throw new Error(`unknown argument ${flag}`);
  }
  if (command === "import") {
    parsed.importSpec = importArguments(positional, parsed.importFile);
    parsed.protect ??= true;
  }
  for (const required of ["projectDir", "stack", "stateDir"] as const) {
    if (!parsed[required]) throw new Error(`--${required.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} is required`);
  }
  return parsed as CliArgs;
}

/** `pulumi import`'s arguments: an inline resource, or an import file and none (the CLI's checks and words). */
function importArguments(args: string[], importFile: string | undefined): CliArgs["importSpec"] {
  if (importFile !== undefined) {
    if (args.length > 0) throw new Error("an inline resource may not be specified in conjunction with an import file");
    return undefined;
  }
  const missing = "an inline resource must be specified if no converter or import file is used, missing ";
  if (args.length === 0) throw new Error(`${missing}type, name, and id`);
  if (args.length === 1) throw new Error(`${missing}name and id`);
  if (args.length === 2) throw new Error(`${missing}id`);
  if (args.length > 3) throw new Error("only expected at most three arguments");
  const [type, name, id] = args;
  return { type, name, id };
}

/** Output values for display: secrets hidden, unknowns named. */
function displayValue(value: unknown): unknown {
  if (isSecretEnvelope(value)) return "[secret]";
  if (value === UNKNOWN_VALUE) return "[unknown]";
  if (Array.isArray(value)) return value.map(displayValue);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, displayValue(item)]));
  return value;
}

export function formatResult(result: RunResult): string {
  const rows = result.steps.map((step) => [step.op, step.type, step.name, displayedChanges(step).join(",")]);
  const header = ["OPERATION", "TYPE", "NAME", "PROPERTIES"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd();
  const changed = result.steps.filter((step) => !UNCHANGED_OPS.has(step.op)).length;
  const outputs = Object.entries(result.outputs).map(([key, value]) => `  ${key}: ${JSON.stringify(displayValue(value))}`);
  // What `pulumi import` writes into the code it generates, for the program to declare.
  const generated = result.steps.flatMap((step) => (step.generatedInputs ? [`  ${step.name}: ${JSON.stringify(displayValue(step.generatedInputs))}`] : []));
  return [
    line(header),
    ...rows.map(line),
    "",
    `${result.steps.length} steps, ${changed} changing`,
    ...(outputs.length ? ["Outputs:", ...outputs] : []),
    ...(generated.length ? ["Generated code inputs:", ...generated] : []),
  ].join("\n");
}

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage, 7 changes under --expect-no-changes). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    io.err(`error: ${(error as Error).message}\nusage: tsx tools/engine/cli.ts <preview|up|refresh|destroy|import TYPE NAME ID|import --file FILE> --project-dir DIR --stack S --state-dir DIR [--refresh] [--expect-no-changes] [--run-program] [--parallel N] [--config k=v]... [--secret k=v]... [--protect=false]`);
    return 2;
  }
  const passphrase = io.env.PULUMI_CONFIG_PASSPHRASE;
  if (passphrase === undefined) {
    io.err("error: set PULUMI_CONFIG_PASSPHRASE (state secrets are encrypted with it)");
    return 2;
  }
  const engine = createEngine({ projectDir: args.projectDir, stack: args.stack, stateDir: args.stateDir, passphrase, config: args.config, timeoutMs: args.timeoutMs, env: io.env });
  const flags = { runProgram: args.runProgram, parallel: args.parallel, expectNoChanges: args.expectNoChanges };
  // What the CLI prints goes through its filter of the current stack's secret config values.
  const mask = secretConfigFilter(qualifiedConfig(args.config, "project"));
  // As the CLI's Diagnostics: each warning under the resource it names, if it names one.
  const under = (urn: string) => {
    const [, , type, ...name] = urn.split("::");
    return urn ? `${type} (${name.join("::")}):\n  ` : "";
  };
  const warnings = (result: RunResult) => result.diagnostics.map((log) => `${under(log.urn)}${log.severity}: ${log.message}`).join("\n");
  try {
    const result =
      args.command === "preview"
        ? await engine.preview({ ...flags, refresh: args.refresh })
        : args.command === "up"
          ? await engine.up({ ...flags, refresh: args.refresh })
          : args.command === "refresh"
            ? await engine.refresh(flags)
            : args.importFile !== undefined
              ? await engine.importFile(args.importFile, { protect: args.protect, parallel: args.parallel })
              : args.importSpec
                ? await engine.importResource(args.importSpec.type, args.importSpec.name, args.importSpec.id, { protect: args.protect })
                : await engine.destroy(flags);
    if (result.diagnostics.length > 0) io.err(warnings(result));
    io.out(mask(formatResult(result)));
    return 0;
  } catch (error) {
    if (error instanceof ExpectNoChangesError) {
      io.out(mask(formatResult(error.result)));
      io.err(`${describeChanges(proposedChanges(error.result.steps, error.operation))}\nerror: ${error.message}`);
      return EXIT_NO_CHANGES_EXPECTED;
    }
    if (error instanceof EngineRunError) {
      if (error.result.programOutput.trim()) io.err(mask(error.result.programOutput.trimEnd()));
      io.err(`error: ${error.message}`);
    } else {
      io.err(`error: ${mask((error as Error).message)}`);
    }
    return 1;
  }
}

if (require.main === module) {
  void runCli(process.argv.slice(2), { out: (text) => console.log(text), err: (text) => console.error(text), env: process.env }).then(
    (code) => (process.exitCode = code),
  );
}
