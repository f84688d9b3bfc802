/**
 * The language resources and functions are declared in: each property's zod schema carries its metadata
 * (`property(schema, meta)`), and `propertiesOf` turns a zod object into `PropertyShape`s (name, required,
 * nullable, default, type with enum values, and the metadata): the form the type generator, the package schema,
 * check, diff, the stored-state reader and the redaction of secrets read. A value of a declared type is walked by
 * walk.ts; where its secrets sit is read by secrets.ts. Below resources/ and functions/, so both declare their
 * properties with it.
 */
import { z } from "zod";

/** What changing an input does: update in place, replace the resource, or nothing (a local setting). */
export type OnChange = "update" | "replace" | "ignore";

export interface PropertyMeta {
  /** TSDoc text, markdown. */
  description: string;
  /** Kept secret in state (a secret input is wrapped in `pulumi.secret`; a secret output is an additionalSecretOutput). */
  secret?: boolean;
  /**
   * The service never returns this value: it is kept from the program's inputs, and a read (refresh, `.get`,
   * import) cannot fill it. Secret write-only properties set both `secret` and `writeOnly`.
   */
  writeOnly?: boolean;
  /**
   * A secret the service returns in clear (Duo's secret key): the client hands its value over wrapped (a
   * ReturnedSecret), so a handler can compare it with the program's and send it back, but never store or show it;
   * outputs hold the program's own value only. Set on the input; `wireName` names its field.
   */
  returnedInClear?: boolean;
  /** Inputs only; default "update". */
  onChange?: OnChange;
  /**
   * For object properties (and each variant of a union): the name of the interface the type is emitted as (inline
   * when absent). For enum properties (or arrays of an enum): the name of the enum type in the package schema
   * (default: the owner's name and the property's, e.g. `MfaFactorName`).
   */
  typeName?: string;
  /**
   * An array whose order never makes a diff. `repeats` says what a value listed twice does: "refused" (check fails,
   * with `item` naming what was repeated), "ignored" (no diff), or "counted" (a diff, as any other change).
   */
  set?: { repeats: "refused"; item: string } | { repeats: "ignored" | "counted" };
  /**
   * Inputs: a write-only value the service keeps when an existing resource leaves it out (or gives it as `""` or
   * `null`, as `pulumi import`'s generated code does): the tenant's value stays until the program sets one.
   */
  keptWhenOmitted?: boolean;
  /** Inputs: left out, the property is not managed: neither compared nor sent. */
  unmanagedWhenOmitted?: boolean;
  /**
   * Outputs, for the stored-state reader: what a required, non-nullable output reads as when a stored state lacks
   * it (or holds something else). `TENANT_DOMAIN`: the configured tenant's domain, filled at call time.
   */
  fallback?: StoredFallback;
  /** The field's name on the wire, when it is not the snake_case of the property's (secrets are redacted by it). */
  wireName?: string;
  /**
   * Enums: the package exports the type under this name, with its value list (`MFA_POLICY_NAMES` for
   * `MfaPolicyName`) and its type guard (`isMfaPolicyName`).
   */
  exportedAs?: string;
}

/** A stored output's value filled at call time: the configured tenant's domain. */
export const TENANT_DOMAIN = Symbol("the configured tenant's domain");

/** What a stored output reads as when missing: a value, the tenant's domain, or `undefined` ("not known"). */
export type StoredFallback = string | number | boolean | readonly unknown[] | typeof TENANT_DOMAIN | undefined;

const propertyMeta = z.registry<PropertyMeta>();

/** A property's schema with its metadata attached. */
export function property<Schema extends z.ZodType>(schema: Schema, meta: PropertyMeta): Schema {
  propertyMeta.add(schema, meta);
  return schema;
}

/**
 * Each property of `shape` made optional, with its metadata (less a stored-state fallback, which only a required
 * output has): the fields of a record that holds some of them.
 */
export function optionalProperties<Shape extends Record<string, z.ZodType>>(shape: Shape): { [Name in keyof Shape]: z.ZodOptional<Shape[Name]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => {
      const { fallback: _fallback, ...meta } = propertyMeta.get(schema) ?? { description: "" };
      return [name, property(schema.optional(), meta)];
    }),
  ) as { [Name in keyof Shape]: z.ZodOptional<Shape[Name]> };
}

export type TypeShape =
  | { kind: "string" | "boolean" | "number" }
  /** A number with `.int()`: `number` in TypeScript, `integer` in the plugin schema. */
  | { kind: "integer" }
  | { kind: "enum"; values: readonly string[]; typeName?: string }
  | { kind: "array"; items: TypeShape }
  | { kind: "object"; typeName?: string; description?: string; properties: PropertyShape[] }
  /** Any JSON object (e.g. a configuration passed through as the service sent it). */
  | { kind: "record" }
  /** A discriminated union of object types (`z.discriminatedUnion`), narrowed on `discriminator`. */
  | { kind: "union"; discriminator: string; variants: UnionVariant[] };

/** One variant of a union: the discriminator's value and the variant's object type. */
export interface UnionVariant {
  value: string;
  type: Extract<TypeShape, { kind: "object" }>;
}

export interface PropertyShape extends PropertyMeta {
  name: string;
  required: boolean;
  nullable: boolean;
  /** What an omitted input means (a zod `.default()`): check and diff read it so, create receives it. */
  default?: unknown;
  type: TypeShape;
}

function typeOf(schema: z.ZodType, typeName: string | undefined, description?: string): TypeShape {
  const def = schema._zod.def;
  switch (def.type) {
    case "number":
      return { kind: (schema as z.ZodNumber).isInt ? "integer" : "number" };
    case "string":
    case "boolean":
      return { kind: def.type };
    case "enum":
      return { kind: "enum", values: (schema as z.ZodEnum).options.map(String), typeName };
    case "literal":
      return { kind: "enum", values: [...(schema as z.ZodLiteral).values].map(String) };
    case "record":
      return { kind: "record" };
    case "union":
      return unionOf(schema as z.ZodDiscriminatedUnion<z.ZodObject[]>);
    case "array": {
      const element = (schema as z.ZodArray<z.ZodType>).element;
      // An element type named in its own metadata keeps its description as the type's TSDoc; otherwise an array
      // property's type name names its items only when they are an enum (object items stay inline).
      const meta = propertyMeta.get(element);
      const itemsName = meta?.typeName ?? (element._zod.def.type === "enum" ? typeName : undefined);
      return { kind: "array", items: typeOf(element, itemsName, meta?.description) };
    }
    case "object":
      return { kind: "object", typeName, description, properties: propertiesOf(schema as z.ZodObject) };
    default:
      throw new Error(`definitions support string, boolean, number, enum, literal, record, array, object and discriminated union schemas, not ${def.type}`);
  }
}

/** A `z.discriminatedUnion` of objects, each variant carrying its metadata (`property(z.object(…), { description, typeName })`). */
function unionOf(schema: z.ZodDiscriminatedUnion<z.ZodObject[]>): TypeShape {
  const discriminator = schema._zod.def.discriminator;
  if (!discriminator) throw new Error("definitions support only discriminated unions (z.discriminatedUnion)");
  const variants = schema.options.map((option): UnionVariant => {
    const meta = propertyMeta.get(option);
    const tag = option.shape[discriminator] as z.ZodType | undefined;
    const tagType = tag ? typeOf(tag, undefined) : undefined;
    if (tagType?.kind !== "enum" || tagType.values.length !== 1) {
      throw new Error(`each variant of a union needs a literal "${discriminator}"`);
    }
    return {
      value: tagType.values[0],
      type: { kind: "object", typeName: meta?.typeName, description: meta?.description, properties: propertiesOf(option) },
    };
  });
  return { kind: "union", discriminator, variants };
}

const shapesBySchema = new WeakMap<z.ZodObject, PropertyShape[]>();

/** The properties of a definition's inputs or outputs (or a nested object), in declaration order (read once per schema). */
export function propertiesOf(object: z.ZodObject): PropertyShape[] {
  let shapes = shapesBySchema.get(object);
  if (!shapes) {
    shapes = readProperties(object);
    shapesBySchema.set(object, shapes);
  }
  return shapes;
}

function readProperties(object: z.ZodObject): PropertyShape[] {
  return Object.entries(object.shape).map(([name, outer]) => {
    const meta = propertyMeta.get(outer as z.ZodType);
    if (!meta) throw new Error(`property "${name}" has no metadata: declare it with property(schema, { description })`);
    let schema = outer as z.ZodType;
    let required = true;
    let nullable = false;
    let defaultValue: unknown;
    for (;;) {
      const def = schema._zod.def;
      if (def.type === "optional") required = false;
      else if (def.type === "nullable") nullable = true;
      else if (def.type === "default") {
        required = false;
        defaultValue = (def as z.core.$ZodDefaultDef).defaultValue;
      } else break;
      schema = (schema as z.ZodOptional<z.ZodType>).unwrap();
    }
    const shape: PropertyShape = { ...meta, name, required, nullable, type: typeOf(schema, meta.typeName) };
    if (defaultValue !== undefined) shape.default = defaultValue;
    return shape;
  });
}

/** The names of properties with the given metadata test, in declaration order. */
export function namesWhere(object: z.ZodObject, test: (shape: PropertyShape) => boolean): string[] {
  return propertiesOf(object)
    .filter(test)
    .map((shape) => shape.name);
}

/** The object type of a union's variant a value takes (by its discriminator), if any. */
export function variantOf(type: Extract<TypeShape, { kind: "union" }>, value: unknown): PropertyShape[] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const tag = (value as Record<string, unknown>)[type.discriminator];
  return type.variants.find((variant) => variant.value === tag)?.type.properties;
}

/** The property shapes a value of `type` has at its top level (objects, and the variant of a union). */
export function nestedShapes(type: TypeShape, value: unknown): PropertyShape[] | undefined {
  if (type.kind === "object") return type.properties;
  if (type.kind === "union") return variantOf(type, value);
  return undefined;
}

/** `awsSecretAccessKey` → `aws_secret_access_key`: how the service names a field (unless `wireName` says otherwise). */
export function wireNameOf(shape: Pick<PropertyShape, "name" | "wireName">): string {
  return shape.wireName ?? shape.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
