/**
 * TEST TOOL — command line for the engine stand-in (or a real Pulumi CLI when installed, see createEngine):
 *
 *   npx tsx tools/engine/cli.ts <preview|up|refresh|destroy> --project-dir DIR --stack S --state-dir DIR
 *       [--refresh] [--expect-no-changes] [--config key=value]... [--secret key=value]... [--timeout-ms N]
 *
 * The passphrase comes from PULUMI_CONFIG_PASSPHRASE. Prints the steps and the stack outputs (secrets as
 * [secret]); exits 1 on failure, and for --expect-no-changes when the preview has changes.
 */
import { createEngine } from "./cliEngine";
import { EngineRunError, ExpectNoChangesError, describeChanges, type RunResult } from "./engine";
import type { StackConfig } from "./project";
import { UNCHANGED_OPS } from "./steps";
import { UNKNOWN_VALUE, isPlainObject, isSecretEnvelope } from "./values";

const COMMANDS = ["preview", "up", "refresh", "destroy"] as const;
type Command = (typeof COMMANDS)[number];

interface CliArgs {
  command: Command;
  projectDir: string;
  stack: string;
  stateDir: string;
  refresh: boolean;
  expectNoChanges: boolean;
  config: StackConfig;
  timeoutMs?: number;
}

export function parseArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command)) throw new Error(`first argument must be one of ${COMMANDS.join(", ")}`);
  const parsed: Partial<CliArgs> & { config: StackConfig } = { command: command as Command, refresh: false, expectNoChanges: false, config: {} };
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
    else if (flag === "--config") setting(false);
    else if (flag === "--secret") setting(true);
    else if (flag === "--timeout-ms") parsed.timeoutMs = Number(value());
    else throw new Error(`unknown argument ${flag}`);
  }
  for (const required of ["projectDir", "stack", "stateDir"] as const) {
    if (!parsed[required]) throw new Error(`--${required.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} is required`);
  }
  return parsed as CliArgs;
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
  const rows = result.steps.map((step) => [step.op, step.type, step.name, step.diffs?.length ? step.diffs.join(",") : ""]);
  const header = ["OPERATION", "TYPE", "NAME", "PROPERTIES"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd();
  const changed = result.steps.filter((step) => !UNCHANGED_OPS.has(step.op)).length;
  const outputs = Object.entries(result.outputs).map(([key, value]) => `  ${key}: ${JSON.stringify(displayValue(value))}`);
  return [
    line(header),
    ...rows.map(line),
    "",
    `${result.steps.length} steps, ${changed} changing`,
    ...(outputs.length ? ["Outputs:", ...outputs] : []),
  ].join("\n");
}

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

/** Runs one command; resolves with the exit code (0 ok, 1 failed or changes under --expect-no-changes, 2 usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    io.err(`error: ${(error as Error).message}\nusage: tsx tools/engine/cli.ts <preview|up|refresh|destroy> --project-dir DIR --stack S --state-dir DIR [--refresh] [--expect-no-changes] [--config k=v]... [--secret k=v]...`);
    return 2;
  }
  const passphrase = io.env.PULUMI_CONFIG_PASSPHRASE;
  if (passphrase === undefined) {
    io.err("error: set PULUMI_CONFIG_PASSPHRASE (state secrets are encrypted with it)");
    return 2;
  }
  const engine = createEngine({ projectDir: args.projectDir, stack: args.stack, stateDir: args.stateDir, passphrase, config: args.config, timeoutMs: args.timeoutMs, env: io.env });
  try {
    const result =
      args.command === "preview"
        ? await engine.preview({ refresh: args.refresh, expectNoChanges: args.expectNoChanges })
        : args.command === "up"
          ? await engine.up({ refresh: args.refresh })
          : await engine[args.command]();
    io.out(formatResult(result));
    return 0;
  } catch (error) {
    if (error instanceof ExpectNoChangesError) {
      io.out(formatResult(error.result));
      io.err(`error: --expect-no-changes, but these resources change:\n${describeChanges(error.result.steps)}`);
    } else if (error instanceof EngineRunError) {
      if (error.result.programOutput.trim()) io.err(error.result.programOutput.trimEnd());
      io.err(`error: ${error.message}`);
    } else {
      io.err(`error: ${(error as Error).message}`);
    }
    return 1;
  }
}

if (require.main === module) {
  void runCli(process.argv.slice(2), { out: (text) => console.log(text), err: (text) => console.error(text), env: process.env }).then(
    (code) => (process.exitCode = code),
  );
}
