/** How the demo prints a run: its steps with the properties `--diff` would show, and the outputs, secrets hidden. */
import { UNCHANGED_OPS, displayedChanges } from "../pulumi-cli/driver/steps";
import type { RunResult } from "../pulumi-cli/driver/result";
import { UNKNOWN_VALUE, isPlainObject, isSecretEnvelope } from "../pulumi-cli/driver/values";

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
  return [line(header), ...rows.map(line), "", `${result.steps.length} steps, ${changed} changing`, ...(outputs.length ? ["Outputs:", ...outputs] : [])].join("\n");
}
