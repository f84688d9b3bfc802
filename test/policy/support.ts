/**
 * Resources as the policy SDK hands them to a pack's rules, made the way its analyzer server makes them: properties as
 * the engine sends them (a secret wrapped in its signature, a value not known yet as the engine's sentinel), turned
 * into a protobuf Struct, read back with the SDK's own `deserializeProperties` and wrapped in its unknown-checking
 * proxy. Then each policy of `tenantMfaPolicies` is called as the SDK calls it: a resource policy per resource, a stack
 * policy once with them all.
 */
import type { EnforcementLevel, Policies, PolicyResource, ReportViolation, ResourceValidationArgs, StackValidationArgs } from "@pulumi/policy";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { tenantMfaPolicies, type TenantMfaLevels } from "../../provider/policy";

// The SDK's internals a pack's server uses (no exports map: a deep require is how its own tests reach them).
const { deserializeProperties } = require("@pulumi/policy/deserialize") as { deserializeProperties(struct: Struct, proxySecrets: boolean): Record<string, unknown> };
const { unknownCheckingProxy } = require("@pulumi/policy/proxy") as { unknownCheckingProxy<T>(value: T): T };

/** What the engine sends for a value it does not know yet. */
export const UNKNOWN_WIRE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A secret as the engine sends it to an analyzer (`KeepSecrets`). */
export function secret(value: unknown): Record<string, unknown> {
  return { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value };
}

export type Door = "native" | "dynamic";
export const DOORS: readonly Door[] = ["native", "dynamic"];

export interface Declaration {
  kind: string;
  name: string;
  props: Record<string, unknown>;
  /** The provider's name: resources of one tenant share one. */
  tenant?: string;
}

/** A resource of the package; a property given as `undefined` is left out, as the engine leaves it out. */
export const declare = (kind: string, name: string, props: Record<string, unknown>, tenant?: string): Declaration => ({
  kind,
  name,
  props: Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)),
  tenant,
});

export function typeOf(door: Door, kind: string): string {
  return door === "native" ? `tenant:index:${kind}` : `pulumi-nodejs:dynamic/tenant:${kind}`;
}

export function urnOf(door: Door, kind: string, name: string): string {
  return `urn:pulumi:test::policy::${typeOf(door, kind)}::${name}`;
}

/** `props` through the SDK's Struct, deserializer and proxy, as its server reads them; `wrap` wraps what the rules get. */
function sdkProps(props: Record<string, unknown>, wrap: <T>(value: T) => T = (value) => value): Record<string, unknown> {
  return wrap(unknownCheckingProxy(deserializeProperties(Struct.fromJavaScript(props as never), false)));
}

/** `value` as a proxy that adds the path of every property read from it to `reads` (`credentials.authToken`). */
export function recordingReads<T>(value: T, reads: string[], path: readonly string[] = []): T {
  if (typeof value !== "object" || value === null) return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      const inner: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== "string") return inner;
      reads.push([...path, key].join("."));
      return recordingReads(inner, reads, [...path, key]);
    },
  });
}

export function policyResource(door: Door, declaration: Declaration, wrap?: <T>(value: T) => T): PolicyResource {
  const providerType = door === "native" ? "pulumi:providers:tenant" : "pulumi:providers:pulumi-nodejs";
  const tenant = declaration.tenant ?? "default";
  // The dynamic door's inputs carry the provider text; the rules must ignore it.
  const props = door === "dynamic" ? { __provider: "exports.handler = …", ...declaration.props } : declaration.props;
  return {
    type: typeOf(door, declaration.kind),
    name: declaration.name,
    urn: urnOf(door, declaration.kind, declaration.name),
    props: sdkProps(props, wrap),
    provider: { type: providerType, name: tenant, urn: `urn:pulumi:test::policy::${providerType}::${tenant}`, props: {} },
    opts: { protect: false, ignoreChanges: [], aliases: [], customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 }, additionalSecretOutputs: [] },
    dependencies: [],
    propertyDependencies: {},
    isType: () => false,
    asType: () => undefined,
  } as unknown as PolicyResource;
}

export interface Violation {
  rule: string;
  level: EnforcementLevel;
  message: string;
  /** The resource it names (a stack policy's finding may name none). */
  urn?: string;
}

/** Every violation the policies report for these resources, as the SDK would call them. */
export async function violationsOf(
  door: Door,
  declarations: readonly Declaration[],
  opts: { levels?: TenantMfaLevels; policies?: Policies; wrap?: <T>(value: T) => T } = {},
): Promise<Violation[]> {
  const resources = declarations.map((declaration) => policyResource(door, declaration, opts.wrap));
  const found: Violation[] = [];
  for (const policy of opts.policies ?? tenantMfaPolicies(opts.levels)) {
    const level = policy.enforcementLevel ?? "advisory";
    if (level === "disabled") continue;
    const report =
      (urn?: string): ReportViolation =>
      (message, reported) =>
        found.push({ rule: policy.name, level, message, urn: reported ?? urn });
    const common = { stackTags: new Map<string, string>(), getConfig: () => ({}), notApplicable: (): never => { throw new Error("not applicable"); } };
    if ("validateStack" in policy) {
      await policy.validateStack({ ...common, resources } as unknown as StackValidationArgs, report());
      continue;
    }
    const validations = [policy.validateResource ?? []].flat();
    for (const resource of resources) {
      const args = { ...common, type: resource.type, props: resource.props, urn: resource.urn, name: resource.name, opts: resource.opts, provider: resource.provider };
      for (const validate of validations) await validate(args as unknown as ResourceValidationArgs, report(resource.urn));
    }
  }
  return found;
}
