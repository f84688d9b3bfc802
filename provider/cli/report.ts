/** What an export prints on stdout: what it declared, by kind, and what it skipped and why. Names, never values. */
import type { ExportPlan } from "./exportPlan";

const SHOWN_NAMES = 5;

function names(list: readonly string[]): string {
  const shown = list.slice(0, SHOWN_NAMES).join(", ");
  return list.length > SHOWN_NAMES ? `${shown} and ${list.length - SHOWN_NAMES} more` : shown;
}

export function exportReport(plan: ExportPlan, facts: { host: string; folder: string; files: readonly string[]; imports: number }): string {
  const byKind = new Map<string, string[]>();
  for (const declaration of plan.declarations) byKind.set(declaration.definition.name, [...(byKind.get(declaration.definition.name) ?? []), declaration.name]);
  const width = Math.max(0, ...[...byKind.keys()].map((kind) => kind.length));
  const count = plan.declarations.length;
  const lines = [`Exported ${count} resource${count === 1 ? "" : "s"} of ${facts.host} into ${facts.folder}:`];
  for (const [kind, list] of byKind) lines.push(`  ${kind.padEnd(width)} ${String(list.length).padStart(4)}  ${names(list)}`);
  if (plan.skipped.length > 0) {
    lines.push("Skipped:");
    for (const { type, reason } of plan.skipped) lines.push(`  ${type}: ${reason}`);
  }
  lines.push(
    `Wrote ${facts.files.join(", ")} (import.json lists the ${facts.imports} the native plugin can import).`,
    `Next: cd ${facts.folder} && npm install && pulumi up, with the same TENANT_* variables (or tenant:* stack config).`,
    "Declare the resources through index.ts or through import.json (pulumi import --file), never both in one stack.",
  );
  return `${lines.join("\n")}\n`;
}
