/** The CLI's engine events (`--event-log`, as the Automation API reads them), turned into steps. */
import type { EngineLog } from "./result";
import { isProviderType, nameOfUrn, shortType, type Step, type StepOp } from "./steps";
import { deepEqual, type PropertyMap } from "./values";

export interface StepMetadata {
  op: string;
  urn: string;
  type: string;
  diffs?: string[];
  keys?: string[];
  detailedDiff?: Step["detailedDiff"] | null;
  old?: { inputs?: unknown; outputs?: unknown } | null;
  new?: { inputs?: unknown; outputs?: Record<string, unknown> } | null;
}

export interface EngineEvent {
  resourcePreEvent?: { metadata: StepMetadata };
  resOutputsEvent?: { metadata: StepMetadata };
  resOpFailedEvent?: { metadata: StepMetadata };
  diagnosticEvent?: { message: string; severity: EngineLog["severity"]; urn?: string; prefix?: string };
}

const DIRECT_OPS = new Set(["create", "update", "replace", "delete", "same", "read", "import", "delete-replaced"]);

/**
 * What a refresh found. The refresh command reports the engine's verdict (its inverted Diff) as the outputs event's
 * op; `preview` and `up --refresh` report op "refresh" with the state before and after, which the CLI's display
 * compares: any difference of the outputs (an order the tenant keeps, a timestamp) shows there as a change.
 */
function refreshOp(metadata: StepMetadata): StepOp {
  if (metadata.op === "delete" || !metadata.new) return "refresh-delete";
  if (metadata.op === "update") return "refresh-update";
  if (metadata.op === "same") return "refresh-same";
  return deepEqual(metadata.old?.outputs, metadata.new.outputs) ? "refresh-same" : "refresh-update";
}

/**
 * The steps of one command, in event order. A resource being refreshed announces it with a pre-event of op
 * "refresh"; its outputs event then says what the refresh found. A preview's own steps are its pre-events (their
 * outputs events repeat them); every other command's are its outputs events.
 */
export function cliSteps(events: readonly EngineEvent[], command: string): Step[] {
  const refreshing = new Set<string>();
  const steps: Step[] = [];
  for (const event of events) {
    const pre = event.resourcePreEvent?.metadata;
    const outputs = event.resOutputsEvent?.metadata;
    if (pre?.op === "refresh") refreshing.add(pre.urn);
    else if (pre && command === "preview") pushStep(steps, pre, pre.op);
    if (outputs && refreshing.delete(outputs.urn)) pushStep(steps, outputs, refreshOp(outputs));
    else if (outputs && command !== "preview") pushStep(steps, outputs, outputs.op);
  }
  // A replace's own deletion of the old object is part of its "replace" step.
  const replaced = new Set(steps.filter((step) => step.op === "replace").map((step) => step.urn));
  return steps.filter((step) => step.op !== "delete-replaced" || !replaced.has(step.urn));
}

function pushStep(steps: Step[], metadata: StepMetadata, op: string): void {
  const step = cliStep(metadata, op);
  if (step) steps.push(step);
}

function cliStep(metadata: StepMetadata, op: string): Step | undefined {
  const name = nameOfUrn(metadata.urn);
  // The stack and default providers are the CLI's bookkeeping, not the program's resources.
  if (metadata.type === "pulumi:pulumi:Stack" || (isProviderType(metadata.type) && name.startsWith("default"))) return undefined;
  // create-replacement, discard…: covered by the "replace" step.
  if (!DIRECT_OPS.has(op) && !op.startsWith("refresh-")) return undefined;
  return {
    op: op as StepOp,
    type: shortType(metadata.type),
    name,
    urn: metadata.urn,
    ...(metadata.diffs?.length ? { diffs: metadata.diffs } : {}),
    ...(op === "replace" && metadata.keys?.length ? { replaces: metadata.keys } : {}),
    ...(metadata.detailedDiff ? { detailedDiff: metadata.detailedDiff } : {}),
    ...(metadata.old ? { old: { inputs: (metadata.old.inputs ?? {}) as PropertyMap, outputs: (metadata.old.outputs ?? {}) as PropertyMap } } : {}),
    ...(metadata.new ? { new: { inputs: (metadata.new.inputs ?? {}) as PropertyMap, outputs: (metadata.new.outputs ?? {}) as PropertyMap } } : {}),
  };
}
