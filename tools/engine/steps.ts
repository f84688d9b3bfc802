/** Step records, the requests steps come from, URNs and the ordering rules shared by the stand-in's step logic. */
import type { ResourceState } from "./state";
import { deepEqual, isPlainObject, stripSecrets, type PropertyMap } from "./values";

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "read" | "refresh-update" | "refresh-delete" | "refresh-same";

export interface Step {
  op: StepOp;
  /** Short form of the type token: "tenant:PhoneProvider" for "pulumi-nodejs:dynamic/tenant:PhoneProvider". */
  type: string;
  name: string;
  urn: string;
  /** Properties that differ (provider-reported, else computed from old and new values). */
  diffs?: string[];
  replaces?: string[];
}

export interface RegisterRequest {
  type: string;
  name: string;
  parent?: string;
  custom: boolean;
  object: PropertyMap;
  provider?: string;
  dependencies: string[];
  deleteBeforeReplace: boolean;
  ignoreChanges: string[];
  replaceOnChanges: string[];
  additionalSecretOutputs: string[];
  importId?: string;
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
}

/** A step failure; its message names the resource and never carries input values. */
export class StepError extends Error {
  override name = "StepError";
}

/** Ops that change nothing. */
export const UNCHANGED_OPS: ReadonlySet<StepOp> = new Set<StepOp>(["same", "read", "refresh-same"]);

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

/** The provider reference's URN, if the resource uses an explicit provider. */
export function providerUrnOf(resource: ResourceState): string | undefined {
  if (!resource.provider) return undefined;
  const separator = resource.provider.lastIndexOf("::");
  return separator > 0 ? resource.provider.slice(0, separator) : resource.provider;
}

/**
 * Dependents before their dependencies (the order to delete in). Edges: `dependencies`, `parent` and the
 * explicit provider; resources keep their relative state order otherwise.
 */
export function reverseDependencyOrder(resources: readonly ResourceState[]): ResourceState[] {
  const byUrn = new Map<string, ResourceState[]>();
  for (const resource of resources) byUrn.set(resource.urn, [...(byUrn.get(resource.urn) ?? []), resource]);
  const visited = new Set<ResourceState>();
  const ordered: ResourceState[] = [];
  const visit = (resource: ResourceState) => {
    if (visited.has(resource)) return;
    visited.add(resource);
    const edges = [...resource.dependencies, resource.parent, providerUrnOf(resource)];
    for (const urn of edges) for (const dependency of (urn && byUrn.get(urn)) || []) visit(dependency);
    ordered.push(resource);
  };
  resources.forEach(visit);
  return ordered.reverse();
}

export function cloneProps<T extends PropertyMap>(props: T): T {
  return isPlainObject(props) ? structuredClone(props) : props;
}
