/**
 * The `pulumi-tenant` command (the package's bin; `npx pulumi-tenant export <dir>`). Every failure is one line on
 * stderr: exit code 2 for what the user gave or the tenant answered (a CommandError, a setting, a request the
 * service refused or never answered), 1 for anything else. The bare command prints the usage on stderr and exits 2;
 * `--help` prints it on stdout and exits 0.
 */
import { ConfigError } from "../configError";
import { RequestError } from "../client/errors";
import { parseArguments, usage } from "./arguments";
import { CommandError } from "./commandError";
import { runExport } from "./exportCommand";
import { packageFacts } from "./projectFiles";

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, " ").trim();

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = parseArguments(argv);
    if (args.command === "help" && !args.asked) {
      process.stderr.write(usage());
      return 2;
    }
    if (args.command === "help") process.stdout.write(usage());
    else if (args.command === "version") process.stdout.write(`${packageFacts().version}\n`);
    else process.stdout.write(await runExport(args));
    return 0;
  } catch (error) {
    const known = error instanceof CommandError || error instanceof ConfigError || error instanceof RequestError;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pulumi-tenant: ${oneLine(message)}\n`);
    return known ? 2 : 1;
  }
}

/** What the executable `pulumi-tenant` at the package's root calls: the exit code is the process's. */
export function run(argv: readonly string[] = process.argv.slice(2)): void {
  void main(argv).then((code) => {
    process.exitCode = code;
  });
}

if (require.main === module) run();
