/**
 * The steps of a run as the engine's events report them (events.ts), and what the CLI makes of them: what
 * `--expect-no-changes` counts, and which properties its `--diff` display shows.
 */
import { deepEqual, stripSecrets, type PropertyMap } from "./values";

/** The word the CLI's messages use for each command. */
export type Operation = "preview" | "update" | "refresh";

export type PropertyDiffKind = "add" | "add-replace" | "delete" | "delete-replace" | "update" | "update-replace";

export type StepOp =
  | "create"
  | "update"
  | "replace"
  | "delete"
  /** A replaced object an earlier, failed update left to delete (the engine's delete-replaced step). */
  | "delete-replaced"
  | "same"
  | "read"
  /** `pulumi import`: an existing object taken into the stack. */
  | "import"
  | "refresh-update"
  | "refresh-delete"
  | "refresh-same";

/** A resource's inputs and outputs before or after a step, as the engine's step events carry them. */
export interface StepState {
  inputs: PropertyMap;
  outputs: PropertyMap;
}

export interface Step {
  op: StepOp;
  /** Short form of the type token: "tenant:PhoneProvider" for "pulumi-nodejs:dynamic/tenant:PhoneProvider". */
  type: string;
  name: string;
  urn: string;
  /**
   * Changed keys, only where the engine has them: a native plugin's Diff `diffs`, or where it compared inputs
   * itself (a provider without an opinion, an explicit provider's new settings). A dynamic provider never reports any.
   */
  diffs?: string[];
  /** The provider's replace keys. */
  replaces?: string[];
  /** A native plugin's detailed diff (property path → kind), as `pulumi preview --diff` shows it. */
  detailedDiff?: Record<string, { kind: PropertyDiffKind; inputDiff: boolean }>;
  /** State before and after, as in the engine's step events; the CLI's `--diff` display compares these. */
  old?: StepState;
  new?: StepState;
  /** An import's: the inputs `pulumi import` wrote into the code it generated (importCode.ts). */
  generatedInputs?: PropertyMap;
}

/** Ops that change nothing. */
export const UNCHANGED_OPS: ReadonlySet<StepOp> = new Set<StepOp>(["same", "read", "refresh-same"]);

function isRefreshOp(op: StepOp): boolean {
  return op.startsWith("refresh-");
}

/**
 * What `--expect-no-changes` counts (`engine.HasChanges`): on preview and up the update's own operations, never
 * refresh steps; on refresh the refresh steps.
 */
export function proposedChanges(steps: readonly Step[], operation: Operation): Step[] {
  return steps.filter((step) => !UNCHANGED_OPS.has(step.op) && isRefreshOp(step.op) === (operation === "refresh"));
}

export function describeChanges(steps: readonly Step[]): string {
  return steps.map((step) => `  ${step.op} ${step.type} "${step.name}"${step.replaces?.length ? ` (replace on ${step.replaces.join(", ")})` : ""}`).join("\n");
}

/**
 * What the CLI's `--diff` display shows as changed for a step: top-level keys whose inputs differ between the old and
 * new state (outputs for refresh steps). With an SDK older than 3.216 a refresh keeps the old inputs, so drift
 * found through outputs shows fewer properties here, exactly as it does for users.
 */
export function displayedChanges(step: Step): string[] {
  if (!step.old || !step.new) return [];
  if (isRefreshOp(step.op)) return changedKeys(step.old.outputs, step.new.outputs);
  return changedKeys(step.old.inputs, step.new.inputs).filter((key) => key !== "__provider");
}

const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic/";
const PROVIDER_TYPE_PREFIX = "pulumi:providers:";

export function shortType(type: string): string {
  return type.startsWith(DYNAMIC_TYPE_PREFIX) ? type.slice(DYNAMIC_TYPE_PREFIX.length) : type;
}

export function isProviderType(type: string): boolean {
  return type.startsWith(PROVIDER_TYPE_PREFIX);
}

export function nameOfUrn(urn: string): string {
  const parts = urn.split("::");
  return parts.slice(3).join("::");
}

/** Top-level keys whose values differ (secrets compared by value). */
function changedKeys(olds: PropertyMap, news: PropertyMap): string[] {
  const plainOld = stripSecrets(olds);
  const plainNew = stripSecrets(news);
  const keys = new Set([...Object.keys(plainOld), ...Object.keys(plainNew)]);
  return [...keys].filter((key) => !deepEqual(plainOld[key], plainNew[key])).sort();
}

