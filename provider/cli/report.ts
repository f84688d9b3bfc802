/**
 * What an export prints on stdout: every kind it read, with what it declared of it (or that the tenant holds none),
 * then what it skipped and why. Names, never values.
 */
import * as path from "node:path";
import type { ExportPlan } from "./exportPlan";
import type { InstallSource } from "./installSource";

/** How the exported project gets this package: where the running one came from and the spec package.json holds. */
export interface InstallFacts {
  name: string;
  version: string;
  source: InstallSource;
  spec?: string;
}

const SHOWN_NAMES = 5;

function names(list: readonly string[]): string {
  const shown = list.slice(0, SHOWN_NAMES).join(", ");
  return list.length > SHOWN_NAMES ? `${shown} and ${list.length - SHOWN_NAMES} more` : shown;
}

/** What to run next in `folder`, and what its package.json says of this package. */
function nextSteps(folder: string, { name, version, source, spec }: InstallFacts): string[] {
  const after = "pulumi stack init <stack> && pulumi up, with the same TENANT_* variables (or tenant:* stack config).";
  if (source.kind === "folder") {
    const tarball = path.join(source.folder, `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`);
    return [
      `Next: cd ${source.folder} && npm pack, then cd ${folder} && npm install ${tarball} && ${after}`,
      `package.json names no ${name}: this command runs from ${source.folder}, which npm cannot install from again, so ` +
        "pack it (npm pack builds it first) and install the tarball.",
    ];
  }
  const where = {
    tarball: `from ${spec}, the tarball this command was installed from (keep it there, or change the path)`,
    registry: `${version} from the npm registry, as this command was installed`,
    url: `from ${spec}, as this command was installed`,
  }[source.kind];
  return [`Next: cd ${folder} && npm install && ${after}`, `package.json installs ${name} ${where}.`];
}

export function exportReport(
  plan: ExportPlan,
  facts: { host: string; folder: string; files: readonly string[]; imports: number; install: InstallFacts },
): string {
  const width = Math.max(0, ...plan.kinds.map(({ definition }) => definition.name.length));
  const count = plan.declarations.length;
  const lines = [`Exported ${count} resource${count === 1 ? "" : "s"} of ${facts.host} into ${facts.folder}:`];
  for (const { definition, held } of plan.kinds) {
    const declared = plan.declarations.filter((declaration) => declaration.definition === definition).map((declaration) => declaration.name);
    const what = declared.length > 0 ? names(declared) : held === 0 ? "the tenant holds none" : `none of the ${held} the tenant holds (see Skipped)`;
    lines.push(`  ${definition.name.padEnd(width)} ${String(declared.length).padStart(4)}  ${what}`);
  }
  if (plan.skipped.length > 0) {
    lines.push("Skipped:");
    for (const { type, reason } of plan.skipped) lines.push(`  ${type}: ${reason}`);
  }
  lines.push(
    `Wrote ${facts.files.join(", ")} (import.json lists the ${facts.imports} the native plugin can import).`,
    ...nextSteps(facts.folder, facts.install),
    "pulumi stack init needs a backend: pulumi login (Pulumi Cloud), pulumi login --local, or PULUMI_BACKEND_URL; with a " +
      "self-managed backend, PULUMI_CONFIG_PASSPHRASE too.",
    "Declare the resources through index.ts or through import.json (pulumi import --file), never both in one stack. " +
      "pulumi import protects what it imports, and its code has neither adoptExisting nor retainOnDelete: give the phone " +
      "provider and the streams retainOnDelete (as index.ts does) before you unprotect them, or a destroy deletes them.",
  );
  return `${lines.join("\n")}\n`;
}
