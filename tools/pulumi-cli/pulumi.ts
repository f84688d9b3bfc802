/**
 * Runs a Pulumi CLI as a user would, offline: its folder first on PATH (the language hosts and launchers beside it, so
 * the CLI never warns that one came from elsewhere), no update check, no plugin downloads. A Node.js project's `up`,
 * `preview`, `refresh` and `destroy` get `--client=<address>` of the Node.js host in nodejsClientHost.ts (see there
 * why), so a CLI without a Node.js language host runs them too. `npm run pulumi -- <args>` runs it in a terminal: the
 * user's `pulumi` on PATH when it is the pinned release or newer, else the pin (built first when it must be), saying
 * which on stderr; the CLI's own flags may come before the command (`npm run pulumi -- -C ../my-project preview`).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";
import { describeCli, ensurePulumiCli, PulumiCliUnavailableError, RUNNER_PROBE, RUNNER_PROBE_EXIT, type PulumiCli } from "./build";
import { startNodejsClientHost, type ClientHost } from "./nodejsClientHost";

/** The commands that run the program, and so take `--client`. */
const PROGRAM_COMMANDS = new Set(["up", "update", "preview", "pre", "refresh", "destroy", "down", "dn"]);

export function pulumiCliEnv(cli: PulumiCli, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...env,
    PATH: [path.dirname(cli.bin), env.PATH ?? ""].join(path.delimiter),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
}

/** The project directory a command line names (`--cwd`/`-C`), else `cwd`. */
function projectDirOf(args: readonly string[], cwd: string): string {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--cwd" || arg === "-C") return path.resolve(cwd, args[index + 1] ?? ".");
    if (arg.startsWith("--cwd=")) return path.resolve(cwd, arg.slice("--cwd=".length));
  }
  return cwd;
}

/** The runtime Pulumi.yaml names in `dir` or a parent, as the CLI finds its project. */
export function projectRuntime(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const file = ["Pulumi.yaml", "Pulumi.yml"].map((name) => path.join(current, name)).find((candidate) => fs.existsSync(candidate));
    if (file) {
      const runtime = (parseYaml(fs.readFileSync(file, "utf8")) as { runtime?: string | { name?: string } } | null)?.runtime;
      return typeof runtime === "string" ? runtime : runtime?.name;
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/** The CLI's own flags (`pulumi --help`) that take a value, which may come before the command: `-C dir preview`. */
const GLOBAL_VALUE_FLAGS = new Set(["--color", "-C", "--cwd", "--memprofilerate", "--otel-traces", "--profiling", "--tracing", "-v", "--verbose"]);

/** The command a command line runs: its first word that is neither a flag nor a global flag's value. */
export function commandOf(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (!arg.startsWith("-")) return arg;
    if (GLOBAL_VALUE_FLAGS.has(arg)) index++;
  }
  return undefined;
}

export function needsNodejsClient(args: readonly string[], cwd: string): boolean {
  const command = commandOf(args);
  return command !== undefined && PROGRAM_COMMANDS.has(command) && projectRuntime(projectDirOf(args, cwd)) === "nodejs";
}

export interface PulumiRunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The Node.js program's own output (which the real language host would hand to the CLI). */
  onProgramOutput?: (text: string) => void;
  stdio?: "pipe" | "inherit";
  timeoutMs?: number;
}

export interface PulumiRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export async function runPulumi(cli: PulumiCli, args: readonly string[], opts: PulumiRunOptions = {}): Promise<PulumiRun> {
  const cwd = opts.cwd ?? process.cwd();
  const env = pulumiCliEnv(cli, opts.env);
  let host: ClientHost | undefined;
  const fullArgs = [...args];
  if (needsNodejsClient(args, cwd)) {
    host = await startNodejsClientHost({ env, onOutput: opts.onProgramOutput ?? ((text) => process.stderr.write(text)) });
    fullArgs.push(`--client=${host.address}`);
  }
  try {
    return await new Promise<PulumiRun>((resolve, reject) => {
      const child = spawn(cli.bin, fullArgs, { cwd, env, stdio: opts.stdio === "inherit" ? ["inherit", "inherit", "inherit"] : ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout?.setEncoding("utf8").on("data", (text: string) => (stdout += text));
      child.stderr?.setEncoding("utf8").on("data", (text: string) => (stderr += text));
      const timer = opts.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs) : undefined;
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("close", (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  } finally {
    await host?.close();
  }
}

if (require.main === module) {
  // Asked its version as the `pulumi` on PATH by another run of this runner: it is not a CLI to take.
  if (process.env[RUNNER_PROBE] === "1") process.exit(RUNNER_PROBE_EXIT);
  (async () => {
    const cli = await ensurePulumiCli(undefined, "pinnedOrNewer");
    // Written at once, before the CLI's own output.
    fs.writeSync(process.stderr.fd, `${describeCli(cli)}\n`);
    const result = await runPulumi(cli, process.argv.slice(2), { stdio: "inherit" });
    process.exit(result.code ?? 1);
  })().catch((error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(error instanceof PulumiCliUnavailableError ? 2 : 1);
  });
}
