/**
 * What a rule is, and the small readers rules share. A rule judges either one resource (what the engine checks before
 * each step, on the program's inputs) or one tenant's resources together (after the whole program ran, on their
 * outputs; a preview's outputs are the inputs). A rule reads only what the resources declare, skips what is `UNKNOWN`,
 * and its messages name resources and properties, never a value: a program may have made any value a secret, and the
 * policy SDK hands rules secrets in clear.
 */
import { propertiesOf } from "../shapes/property";
import { UNKNOWN, byTenant, type DeclaredResource } from "./declared";
import type { PolicyDefinition } from "./definitions";

/** A rule's level unless the pack or its configuration sets another. */
export type DefaultLevel = "mandatory" | "advisory";

export interface Finding {
  message: string;
  /** The resource the finding is about (the CLI shows it under that resource); none: the stack. */
  urn?: string;
}

interface RuleBase<Name extends string> {
  name: Name;
  /** What the rule asks for, in one sentence: the CLI shows it with each violation, the README's table lists it. */
  description: string;
  level: DefaultLevel;
  /** The kinds of resource it reads. */
  reads: readonly PolicyDefinition[];
}

/** Judges one resource of `kind`, on the inputs the program gives it. */
export interface ResourceRule<Name extends string = string> extends RuleBase<Name> {
  scope: "resource";
  kind: PolicyDefinition;
  check(resource: DeclaredResource): string[];
}

/** Judges one tenant's resources together. */
export interface StackRule<Name extends string = string> extends RuleBase<Name> {
  scope: "stack";
  check(tenant: Tenant): Finding[];
}

export type TenantRule<Name extends string = string> = ResourceRule<Name> | StackRule<Name>;

/** The resources a stack declares for one tenant (one provider). */
export class Tenant {
  constructor(readonly resources: readonly DeclaredResource[]) {}

  of(kind: PolicyDefinition): DeclaredResource[] {
    return this.resources.filter((resource) => resource.kind === kind.name);
  }
}

/** What a rule finds among a stack's resources: each resource of its kind, or each tenant's resources together. */
export function findingsOf(rule: TenantRule, resources: readonly DeclaredResource[]): Finding[] {
  if (rule.scope === "resource") {
    return resources.filter((resource) => resource.kind === rule.kind.name).flatMap((resource) => rule.check(resource).map((message) => ({ message, urn: resource.urn })));
  }
  return byTenant(resources).flatMap((group) => rule.check(new Tenant(group)));
}

/** How a message names a resource: its kind and its name in the program. */
export const named = (resource: DeclaredResource): string => `${resource.kind} "${resource.name}"`;

/** A property (or a nested one, by path): `UNKNOWN` when it or what holds it is not known yet. */
export function valueAt(resource: DeclaredResource, ...path: string[]): unknown {
  let value: unknown = resource.properties;
  for (const key of path) {
    if (value === UNKNOWN) return UNKNOWN;
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

export function textAt(resource: DeclaredResource, ...path: string[]): string | undefined | typeof UNKNOWN {
  const value = valueAt(resource, ...path);
  return value === UNKNOWN || typeof value === "string" ? value : undefined;
}

export function flagAt(resource: DeclaredResource, ...path: string[]): boolean | undefined | typeof UNKNOWN {
  const value = valueAt(resource, ...path);
  return value === UNKNOWN || typeof value === "boolean" ? value : undefined;
}

export function numberAt(resource: DeclaredResource, ...path: string[]): number | undefined | typeof UNKNOWN {
  const value = valueAt(resource, ...path);
  return value === UNKNOWN || typeof value === "number" ? value : undefined;
}

/** A list of strings; `UNKNOWN` when the list or any item is not known yet. */
export function textsAt(resource: DeclaredResource, ...path: string[]): string[] | undefined | typeof UNKNOWN {
  const value = valueAt(resource, ...path);
  if (value === UNKNOWN || !Array.isArray(value)) return value === UNKNOWN ? UNKNOWN : undefined;
  if (value.some((item) => item === UNKNOWN)) return UNKNOWN;
  return value.filter((item): item is string => typeof item === "string");
}

/** A numeric output's stored-state fallback: the service's documented default, declared once in the definition. */
export function serviceDefault(definition: PolicyDefinition, output: string): number {
  const fallback = propertiesOf(definition.outputs).find((shape) => shape.name === output)?.fallback;
  if (typeof fallback !== "number") throw new Error(`${definition.name}'s output "${output}" declares no numeric default`);
  return fallback;
}
