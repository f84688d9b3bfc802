/** Step records, the requests steps come from, URNs and the ordering rules shared by the stand-in's step logic. */
import type { DiffAnswer } from "./providerClient";
import type { ResourceState } from "./stateStore";
import { deepEqual, isPlainObject, stripSecrets, type PropertyMap } from "./values";

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
  | "refresh-same"
  /** `pulumi import`: an existing object read into the state. */
  | "import";

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
   * Changed keys, only where the real engine has them: a native plugin's Diff `diffs`, or where it compared inputs
   * itself (a provider without an opinion, an explicit provider's new settings). A dynamic provider never reports
   * any (rule 4 of §8).
   */
  diffs?: string[];
  /** The provider's replace keys. */
  replaces?: string[];
  /** A native plugin's detailed diff (property path → kind), as `pulumi preview --diff` shows it. */
  detailedDiff?: DiffAnswer["detailedDiff"];
  /** State before and after, as in the engine's step events; the CLI's `--diff` display compares these. */
  old?: StepState;
  new?: StepState;
  /** An import's: the inputs `pulumi import` writes into the code it generates (importCode.ts). */
  generatedInputs?: PropertyMap;
}

export interface RegisterRequest {
  type: string;
  name: string;
  parent?: string;
  custom: boolean;
  object: PropertyMap;
  provider?: string;
  dependencies: string[];
  /** Set only when the program gave the option (`deleteBeforeReplaceDefined`); it then overrides the provider. */
  deleteBeforeReplace?: boolean;
  protect: boolean;
  retainOnDelete: boolean;
  ignoreChanges: string[];
  replaceOnChanges: string[];
  additionalSecretOutputs: string[];
  importId?: string;
  /** Input key → URNs it depends on, as the engine derives them from the request (requestInfo.ts). */
  propertyDependencies: Record<string, string[]>;
  sourcePosition?: string;
  stackTrace?: { sourcePosition?: string }[];
}

export interface ReadRequest {
  id: string;
  type: string;
  name: string;
  parent?: string;
  properties: PropertyMap;
  provider?: string;
  dependencies: string[];
  additionalSecretOutputs: string[];
  sourcePosition?: string;
  stackTrace?: { sourcePosition?: string }[];
}

/** A step failure; its message names the resource and never carries input values. */
export class StepError extends Error {
  override name = "StepError";
}

/** Ops that change nothing. */
export const UNCHANGED_OPS: ReadonlySet<StepOp> = new Set<StepOp>(["same", "read", "refresh-same"]);

export function isRefreshOp(op: StepOp): boolean {
  return op.startsWith("refresh-");
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

export const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic/";
export const PROVIDER_TYPE_PREFIX = "pulumi:providers:";

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

/** `urn:pulumi:<stack>::<project>::<qualified type>::<name>`; children of the root stack are not qualified by it. */
export function makeUrn(stack: string, project: string, type: string, name: string, parentUrn: string | undefined): string {
  let qualifiedType = type;
  if (parentUrn) {
    const parentType = parentUrn.split("::")[2] ?? "";
    if (parentType && parentType !== "pulumi:pulumi:Stack") qualifiedType = `${parentType}$${type}`;
  }
  return `urn:pulumi:${stack}::${project}::${qualifiedType}::${name}`;
}

/** Top-level keys whose values differ (secrets compared by value). */
export function changedKeys(olds: PropertyMap, news: PropertyMap, onlyKeysOf?: PropertyMap): string[] {
  const plainOld = stripSecrets(olds);
  const plainNew = stripSecrets(news);
  const keys = new Set([...Object.keys(onlyKeysOf ?? plainOld), ...Object.keys(onlyKeysOf ?? plainNew)]);
  return [...keys].filter((key) => !deepEqual(plainOld[key], plainNew[key])).sort();
}

/** `ignoreChanges`: ignored top-level keys keep their old input value. */
export function applyIgnoreChanges(news: PropertyMap, oldInputs: PropertyMap, ignoreChanges: readonly string[]): PropertyMap {
  const result = { ...news };
  for (const key of ignoreChanges) {
    if (key in oldInputs) result[key] = oldInputs[key];
    else delete result[key];
  }
  return result;
}

/** The provider reference's URN (`urn::id`, the id possibly empty during preview). */
export function providerUrnOf(resource: ResourceState): string | undefined {
  if (!resource.provider) return undefined;
  const reference = resource.provider;
  return reference.split("::").length > 4 ? reference.slice(0, reference.lastIndexOf("::")) : reference;
}

/** What a resource depends on: `dependencies`, its parent and its provider. */
export function resourceEdges(resource: ResourceState): string[] {
  return [...resource.dependencies, resource.parent, providerUrnOf(resource)].filter((urn): urn is string => Boolean(urn));
}

/** Dependents before their dependencies (the order to delete in); resources keep their state order otherwise. */
export function reverseDependencyOrder(resources: readonly ResourceState[]): ResourceState[] {
  const byUrn = new Map<string, ResourceState[]>();
  for (const resource of resources) byUrn.set(resource.urn, [...(byUrn.get(resource.urn) ?? []), resource]);
  const visited = new Set<ResourceState>();
  const ordered: ResourceState[] = [];
  const visit = (resource: ResourceState) => {
    if (visited.has(resource)) return;
    visited.add(resource);
    for (const urn of resourceEdges(resource)) for (const dependency of byUrn.get(urn) ?? []) visit(dependency);
    ordered.push(resource);
  };
  resources.forEach(visit);
  return ordered.reverse();
}

export function cloneProps<T extends PropertyMap>(props: T): T {
  return isPlainObject(props) ? structuredClone(props) : props;
}

/** What a resource's state keeps from its registration beside inputs and options the step logic reads. */
export function registrationState(
  req: RegisterRequest,
): Pick<ResourceState, "propertyDependencies" | "sourcePosition" | "stackTrace" | "ignoreChanges" | "replaceOnChanges"> {
  return {
    propertyDependencies: req.propertyDependencies,
    ...(req.sourcePosition ? { sourcePosition: req.sourcePosition } : {}),
    ...(req.stackTrace ? { stackTrace: req.stackTrace } : {}),
    ...(req.ignoreChanges.length > 0 ? { ignoreChanges: req.ignoreChanges } : {}),
    ...(req.replaceOnChanges.length > 0 ? { replaceOnChanges: req.replaceOnChanges } : {}),
  };
}

/**
 * Whether a same step's new state must be written (sameSnapshotMutation.mustWrite, pkg/backend/snapshot.go): only
 * these fields count; source positions, stack traces, property dependencies and timestamps never force a write.
 */
export function sameStepMustWrite(old: ResourceState, next: ResourceState): boolean {
  const sorted = (urns: readonly string[]) => [...urns].sort();
  return (
    old.urn !== next.urn ||
    old.type !== next.type ||
    old.custom !== next.custom ||
    Boolean(old.retainOnDelete) !== Boolean(next.retainOnDelete) ||
    old.provider !== next.provider ||
    old.parent !== next.parent ||
    Boolean(old.protect) !== Boolean(next.protect) ||
    !deepEqual(old.inputs, next.inputs) ||
    !deepEqual(old.outputs, next.outputs) ||
    !deepEqual(sorted(old.dependencies), sorted(next.dependencies))
  );
}
