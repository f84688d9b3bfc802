/**
 * TEST TOOL — the inputs `pulumi import` writes into the code it generates, by the rules of the engine's generator
 * (pkg/importer/hcl2.go in pulumi/pulumi): each input property of the resource's schema, from the inputs the
 * plugin's Read returned; an absent (or null) input that the schema requires becomes its type's zero value ("" for a
 * string, false, 0, [] for an array, {} for a map, an object of its own required properties' zero values), an
 * absent optional one is left out; object values keep only the properties their type declares. A required enum
 * input with no value has no zero value there: the engine's generator fails, and so does this one.
 */
import { isSecretEnvelope, secretEnvelope, type PropertyMap } from "./values";

type Spec = Record<string, unknown>;

export interface PackageSchema {
  resources?: Record<string, { inputProperties?: Record<string, Spec>; requiredInputs?: string[] }>;
  types?: Record<string, Spec>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The generated code's inputs for a resource of `type` whose Read returned `inputs`. */
export function generatedInputs(schema: PackageSchema, type: string, inputs: PropertyMap): PropertyMap {
  const resource = schema.resources?.[type];
  if (!resource) throw new Error(`unknown resource type '${type}'`);
  return objectOf(schema, resource.inputProperties ?? {}, resource.requiredInputs ?? [], inputs);
}

function objectOf(schema: PackageSchema, properties: Record<string, Spec>, required: string[], value: Record<string, unknown>): PropertyMap {
  const generated: PropertyMap = {};
  for (const [name, spec] of Object.entries(properties)) {
    const given = value[name];
    const item = given === undefined || given === null ? (required.includes(name) ? zeroValue(schema, spec, name) : undefined) : valueOf(schema, spec, given);
    // A null zero value (an asset, an unresolvable token) is written as `null`: the same as leaving it out.
    if (item !== undefined && item !== null) generated[name] = item;
  }
  return generated;
}

/** The named type a `$ref` points at, or undefined for a primitive or external reference. */
function referenced(schema: PackageSchema, spec: Spec): Spec | undefined {
  const ref = spec.$ref;
  return typeof ref === "string" && ref.startsWith("#/types/") ? schema.types?.[ref.slice("#/types/".length)] : undefined;
}

function zeroValue(schema: PackageSchema, spec: Spec, at: string): unknown {
  const named = referenced(schema, spec);
  if (named) {
    if (Array.isArray(named.enum)) throw new Error(`unexpected schema type ${String(spec.$ref)} for the zero value of ${at} (the engine's import code generator has none for an enum)`);
    const properties = (named.properties ?? {}) as Record<string, Spec>;
    const required = (named.required ?? []) as string[];
    return Object.fromEntries(required.filter((name) => properties[name]).map((name) => [name, zeroValue(schema, properties[name], `${at}.${name}`)]));
  }
  if (typeof spec.$ref === "string") return spec.$ref.endsWith("#/Any") || spec.$ref.endsWith("#/Json") ? {} : null;
  switch (spec.type) {
    case "boolean":
      return false;
    case "integer":
    case "number":
      return 0;
    case "string":
      return "";
    case "array":
      return [];
    case "object":
      return {};
    default:
      return null;
  }
}

function valueOf(schema: PackageSchema, spec: Spec, value: unknown): unknown {
  // Arrays and objects are generated before the secret check, which then applies only to scalars (hcl2.go's order).
  if (isSecretEnvelope(value)) {
    const inner = valueOf(schema, spec, value.value);
    return isObject(inner) || Array.isArray(inner) ? inner : secretEnvelope(inner);
  }
  if (Array.isArray(value)) return value.map((item) => valueOf(schema, (spec.items ?? {}) as Spec, item));
  if (isObject(value)) {
    const named = referenced(schema, spec);
    if (named && named.type === "object") {
      return objectOf(schema, (named.properties ?? {}) as Record<string, Spec>, (named.required ?? []) as string[], value);
    }
    const items = (spec.additionalProperties ?? {}) as Spec;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, valueOf(schema, items, item)]));
  }
  return value;
}
