/**
 * The command line: `pulumi-tenant export <dir> [--name <project>] [--force] [--<flag>]…`, the flags beyond these
 * coming from the definitions' export facts (`--all-factors`). Anything else is a CommandError naming it; the bare
 * command, with nothing to do, is a usage error too.
 */
import { isExported } from "../resources/common/exported";
import type { ResourceDefinition } from "../resources/common/definition";
import { RESOURCES } from "../resources/registry";
import { CommandError } from "./commandError";
import { PROJECT_NAME } from "./projectFiles";

export interface ExportArguments {
  command: "export";
  folder: string;
  name?: string;
  force: boolean;
  /** The definitions' flags given (`all-factors`). */
  flags: Set<string>;
}

/** `asked`: the user asked for help (`--help`); else the command was given nothing to do, a usage error. */
export type Arguments = ExportArguments | { command: "help"; asked: boolean } | { command: "version" };

/** The flags the definitions add, each with what it does. */
export function definitionFlags(): { flag: string; declares: string }[] {
  return RESOURCES.flatMap((definition: ResourceDefinition) => {
    const rule = definition.exported;
    return isExported(rule) && rule.only ? [{ flag: rule.only.allFlag, declares: `every ${definition.name}, those ${rule.only.described} too` }] : [];
  });
}

export function usage(): string {
  const options: [label: string, text: string][] = [
    ["--name <project>", "the Pulumi project's name (default: the tenant's host)"],
    ["--force", "write into a folder that is not empty (overwriting the files export writes)"],
    ...definitionFlags().map(({ flag, declares }): [string, string] => [`--${flag}`, `declare ${declares}`]),
  ];
  const width = Math.max(...options.map(([label]) => label.length)) + 2;
  return [
    "Usage: pulumi-tenant export <dir> [--name <project>] [--force]" + definitionFlags().map(({ flag }) => ` [--${flag}]`).join(""),
    "",
    "Writes a Pulumi TypeScript project declaring what the tenant holds (index.ts), and import.json for",
    "`pulumi import --file` with the native plugin. Connection settings from TENANT_DOMAIN, TENANT_CLIENT_ID and",
    "TENANT_CLIENT_SECRET (or TENANT_API_TOKEN), and TENANT_AUDIENCE.",
    "",
    ...options.map(([label, text]) => `  ${label.padEnd(width)}${text}`),
    "",
  ].join("\n");
}

export function parseArguments(argv: readonly string[]): Arguments {
  const [command, ...rest] = argv;
  if (command === undefined) return { command: "help", asked: false };
  if (command === "help" || command === "--help" || command === "-h") return { command: "help", asked: true };
  if (command === "--version") return { command: "version" };
  if (command !== "export") throw new CommandError(`unknown command "${command}": the command is export (pulumi-tenant export <dir>).`);
  const known = new Set(definitionFlags().map(({ flag }) => flag));
  const parsed: ExportArguments = { command: "export", folder: "", force: false, flags: new Set() };
  for (let index = 0; index < rest.length; index++) {
    const argument = rest[index];
    if (argument === "--help" || argument === "-h") return { command: "help", asked: true };
    if (!argument.startsWith("-")) {
      if (parsed.folder !== "") throw new CommandError(`one folder only: got "${parsed.folder}" and "${argument}".`);
      parsed.folder = argument;
      continue;
    }
    const [flag, inlineValue] = argument.startsWith("--") && argument.includes("=") ? [argument.slice(0, argument.indexOf("=")), argument.slice(argument.indexOf("=") + 1)] : [argument, undefined];
    if (flag === "--name") {
      const value = inlineValue ?? rest[++index];
      if (value === undefined || value.startsWith("-") || !PROJECT_NAME.test(value)) {
        throw new CommandError("--name needs a Pulumi project name: letters, digits, -, _ and ., at most 100 characters.");
      }
      parsed.name = value;
    } else if (flag === "--force" || (flag.startsWith("--") && known.has(flag.slice(2)))) {
      if (inlineValue !== undefined) throw new CommandError(`${flag} takes no value (got "${argument}"): give it as ${flag} alone.`);
      if (flag === "--force") parsed.force = true;
      else parsed.flags.add(flag.slice(2));
    } else throw new CommandError(`unknown flag "${flag}" (see pulumi-tenant --help).`);
  }
  if (parsed.folder === "") throw new CommandError("export needs the folder to write the project into: pulumi-tenant export <dir>.");
  return parsed;
}
