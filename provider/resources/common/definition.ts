/**
 * The shape every resource definition (`<resource>/definition.ts`) has, and a generic walk over it.
 *
 * A definition is a plain object:
 *   name             the type name (token `pulumi-nodejs:dynamic/tenant:<name>`)
 *   module           the folder under resources/ whose handler the frozen shim requires
 *   description      the class's TSDoc
 *   getDescription   the TSDoc of its static `get`
 *   argsDescription  the TSDoc of its constructor's `args`
 *   inputs           a strict zod object in camelCase: `check` validates with it, the Args type comes from it
 *   outputs          a zod object of the output properties the class declares (inputs may appear again)
 *   scopes           the management-API scopes each operation's calls need (the README's scope table)
 * Each property's schema carries its metadata (`property(schema, meta)`): description, secretness, what
 * a change does, and the name of the interface an object type is emitted as. `propertiesOf` turns a zod
 * object into `PropertyShape`s (name, required, nullable, type with enum values, and the metadata): the
 * form the type generator reads, and a package-schema generator can.
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
  /** Inputs only; default "update". */
  onChange?: OnChange;
  /**
   * For object properties (and each variant of a union): the name of the interface the type is emitted as (inline
   * when absent). For enum properties (or arrays of an enum): the name of the enum type in the package schema
   * (default: the owner's name and the property's, e.g. `MfaFactorName`).
   */
  typeName?: string;
}

const propertyMeta = z.registry<PropertyMeta>();

/** A property's schema with its metadata attached. */
export function property<Schema extends z.ZodType>(schema: Schema, meta: PropertyMeta): Schema {
  propertyMeta.add(schema, meta);
  return schema;
}

/** A management-API scope, `<action>:<api resource>`, e.g. `read:guardian_factors`. */
export type Scope = `${"create" | "read" | "update" | "delete"}:${string}`;

/**
 * The scopes an operation's calls need, every path of it included (e.g. a create that adopts what exists reads and
 * updates too); empty when the operation makes no call. `read` serves refresh, `.get` and `pulumi import`.
 */
export interface OperationScopes {
  create: readonly Scope[];
  read: readonly Scope[];
  update: readonly Scope[];
  delete: readonly Scope[];
}

export interface ResourceDefinition<Inputs extends z.ZodObject = z.ZodObject, Outputs extends z.ZodObject = z.ZodObject> {
  name: string;
  module: string;
  description: string;
  getDescription: string;
  argsDescription: string;
  inputs: Inputs;
  outputs: Outputs;
  /** What the client's token must hold for each operation; checked against the emulator's routes by running them. */
  scopes: OperationScopes;
  /** `false` when the service cannot read one back by id, so `pulumi import` has nothing to read (default true). */
  importable?: boolean;
}

/** The inputs a definition validates, as handlers receive them after check. */
export type InputsOf<Definition extends ResourceDefinition> = z.infer<Definition["inputs"]>;

/**
 * What a handler stores as a resource's outputs: the definition's outputs, the inputs it echoes (named by
 * `Echoed`), and `schemaVersion`, which lets later handlers read what this version wrote.
 */
export type StoredOutputs<Definition extends ResourceDefinition, Echoed extends keyof InputsOf<Definition> = never> = z.infer<
  Definition["outputs"]
> &
  Pick<InputsOf<Definition>, Echoed> & { schemaVersion: number };

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

/** The properties of a definition's inputs or outputs (or a nested object), in declaration order. */
export function propertiesOf(object: z.ZodObject): PropertyShape[] {
  return Object.entries(object.shape).map(([name, outer]) => {
    const meta = propertyMeta.get(outer as z.ZodType);
    if (!meta) throw new Error(`property "${name}" has no metadata: declare it with property(schema, { description })`);
    let schema = outer as z.ZodType;
    let required = true;
    let nullable = false;
    for (;;) {
      const def = schema._zod.def;
      if (def.type === "optional") required = false;
      else if (def.type === "nullable") nullable = true;
      else break;
      schema = (schema as z.ZodOptional<z.ZodType>).unwrap();
    }
    return { ...meta, name, required, nullable, type: typeOf(schema, meta.typeName) };
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

/** Every string held by a secret property of `bag`, at any depth (nested objects, union variants, arrays). */
function collectSecrets(shapes: PropertyShape[], bag: unknown, found: string[]): void {
  if (typeof bag !== "object" || bag === null) return;
  const collect = (value: unknown): void => {
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
  };
  const walk = (type: TypeShape, value: unknown): void => {
    if (type.kind === "array" && Array.isArray(value)) value.forEach((item) => walk(type.items, item));
    const shapes = nestedShapes(type, value);
    if (shapes) collectSecrets(shapes, value, found);
  };
  for (const shape of shapes) {
    const value = (bag as Record<string, unknown>)[shape.name];
    if (shape.secret === true) collect(value);
    else walk(shape.type, value);
  }
}

/** Every string held by a secret property of `bag` (at any depth): what a call for this resource must never show. */
export function secretStrings(object: z.ZodObject, bag: Record<string, unknown>): string[] {
  const found: string[] = [];
  collectSecrets(propertiesOf(object), bag, found);
  return found;
}
