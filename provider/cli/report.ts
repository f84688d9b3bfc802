/**
 * What an export prints on stdout: every kind it read, with what it declared of it (or that the tenant holds none),
 * then what it skipped and why. Names, never values.
 */
import type { ExportPlan } from "./exportPlan";

const SHOWN_NAMES = 5;

function names(list: readonly string[]): string {
  const shown = list.slice(0, SHOWN_NAMES).join(", ");
  return list.length > SHOWN_NAMES ? `${shown} and ${list.length - SHOWN_NAMES} more` : shown;
}

export function exportReport(plan: ExportPlan, facts: { host: string; folder: string; files: readonly string[]; imports: number }): string {
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
    `Next: cd ${facts.folder} && npm install && pulumi stack init <stack> && pulumi up, with the same TENANT_* variables ` +
      "(or tenant:* stack config). pulumi stack init needs a backend: pulumi login (Pulumi Cloud), pulumi login --local, " +
      "or PULUMI_BACKEND_URL; with a self-managed backend, PULUMI_CONFIG_PASSPHRASE too.",
    "Declare the resources through index.ts or through import.json (pulumi import --file), never both in one stack.",
  );
  return `${lines.join("\n")}\n`;
}
