/**
 * What a stack declares of the tenant, as the policy rules read it: each resource of the package, through either door
 * (`tenant:index:<Name>` from the native plugin, `pulumi-nodejs:dynamic/tenant:<Name>` as a dynamic resource), with
 * the tenant it belongs to (its provider's URN) and its properties as its definition declares its inputs: secret
 * properties left out at any depth, so no rule ever holds a secret's value; a value left out read as the definition's
 * default; a value the engine does not know yet (a preview of an input made from another resource's output) read as
 * `UNKNOWN`, which every rule skips.
 */
import type { PolicyResource, ResourceValidationArgs } from "@pulumi/policy";
import { isUnknown } from "../resources/common/jsonValues";
import { dynamicResourceType } from "../resources/common/providerText";
import { propertiesOf, type TypeShape } from "../shapes/property";
import { POLICY_DEFINITIONS, type PolicyDefinition } from "./definitions";

/** A value the engine does not know until `up` (a rule never judges one). */
export const UNKNOWN = Symbol("not known until up");

export interface DeclaredResource {
  /** The definition's name: `PhoneProvider`, `MfaFactor`, … */
  kind: string;
  /** The resource's name in the program. */
  name: string;
  urn: string;
  /** The URN of its provider: resources of one tenant share it ("" when the engine names none). */
  tenant: string;
  /** Its non-secret properties, defaults filled in, `UNKNOWN` where not known yet. */
  properties: Readonly<Record<string, unknown>>;
}

/** A resource as the engine or a program's mocks describe it: its type token, name, URN, properties and provider. */
export interface ResourceDescription {
  type: string;
  name: string;
  urn: string;
  /** The policy SDK's view of them: reading a value not known yet throws. */
  properties: unknown;
  providerUrn?: string;
}

const NATIVE_PREFIX = "tenant:index:";

/** The definitions by both type tokens a program may give a resource of the package. */
const BY_TYPE = new Map<string, PolicyDefinition>(
  POLICY_DEFINITIONS.flatMap((definition) => [
    [`${NATIVE_PREFIX}${definition.name}`, definition] as const,
    [dynamicResourceType(definition.name), definition] as const,
  ]),
);

/** The two type tokens of a resource kind, as a rule table shows them. */
export function typeTokens(kind: string): [native: string, dynamic: string] {
  return [`${NATIVE_PREFIX}${kind}`, dynamicResourceType(kind)];
}

/** The resource as the rules read it, or undefined for a resource of another package. */
export function declaredResource(description: ResourceDescription): DeclaredResource | undefined {
  const definition = BY_TYPE.get(description.type);
  if (!definition) return undefined;
  const properties: Record<string, unknown> = {};
  for (const shape of propertiesOf(definition.inputs)) {
    if (shape.secret === true) continue;
    let value = copyOf(shape.type, () => (description.properties as Record<string, unknown> | undefined)?.[shape.name]);
    if (value === undefined) value = shape.default;
    if (value !== undefined) properties[shape.name] = value;
  }
  return { kind: definition.name, name: description.name, urn: description.urn, tenant: description.providerUrn ?? "", properties };
}

/** The resource a resource policy is given. */
export function fromResourceArgs(args: ResourceValidationArgs): DeclaredResource | undefined {
  return declaredResource({ type: args.type, name: args.name, urn: args.urn, properties: args.props, providerUrn: args.provider?.urn });
}

/** The resources a stack policy is given: the package's, the others left out. */
export function fromStackResources(resources: readonly PolicyResource[]): DeclaredResource[] {
  return resources.flatMap((resource) => {
    const declared = declaredResource({ type: resource.type, name: resource.name, urn: resource.urn, properties: resource.props, providerUrn: resource.provider?.urn });
    return declared ? [declared] : [];
  });
}

/**
 * A plain copy of what `read` gives, following the definition's type: only the properties it declares and holds no
 * secret in. The policy SDK hands rules a proxy that throws its UnknownValueError when a value not known yet is read;
 * the engine's own sentinel string means the same.
 */
function copyOf(type: TypeShape, read: () => unknown): unknown {
  let value: unknown;
  try {
    value = read();
  } catch (error) {
    if (error instanceof Error && error.constructor.name === "UnknownValueError") return UNKNOWN;
    throw error;
  }
  if (isUnknown(value)) return UNKNOWN;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const items = type.kind === "array" ? type.items : ({ kind: "record" } as const);
    return Array.from({ length: value.length }, (_item, index) => copyOf(items, () => (value as unknown[])[index]));
  }
  // A record or a union (an event stream's destination): nothing a rule reads.
  if (type.kind !== "object") return {};
  const shapes = type.properties;
  const copy: Record<string, unknown> = {};
  for (const shape of shapes) {
    if (shape.secret === true) continue;
    const inner = copyOf(shape.type, () => (value as Record<string, unknown>)[shape.name]);
    if (inner !== undefined) copy[shape.name] = inner;
  }
  return copy;
}

/** The declared resources grouped by tenant (their provider), in the order given. */
export function byTenant(resources: readonly DeclaredResource[]): DeclaredResource[][] {
  const groups = new Map<string, DeclaredResource[]>();
  for (const resource of resources) {
    const group = groups.get(resource.tenant) ?? [];
    group.push(resource);
    groups.set(resource.tenant, group);
  }
  return [...groups.values()];
}
