// A small JSON-schema subset whose messages follow the z-schema templates the real service shows
// ("Payload validation error: 'Missing required property: provider'."). Reports the first problem found.

interface Described {
  description?: string;
  /** `null` is accepted too (the docs' `string | null`). */
  nullable?: boolean;
}
export interface ObjectSchema extends Described {
  type: "object";
  properties?: Readonly<Record<string, Schema>>;
  required?: readonly string[];
  /** Default false: the service rejects unknown properties. */
  additionalProperties?: boolean;
  minProperties?: number;
}
export interface StringSchema extends Described {
  type: "string";
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  format?: "email";
  pattern?: string;
}
export interface BooleanSchema extends Described {
  type: "boolean";
}
export interface IntegerSchema extends Described {
  type: "integer";
  minimum?: number;
  maximum?: number;
}
/** Any JSON number, integers included (z-schema names those "integer", so both types pass). */
export interface NumberSchema extends Described {
  type: "number";
}
export interface ArraySchema extends Described {
  type: "array";
  items: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}
export type Schema = ObjectSchema | StringSchema | BooleanSchema | IntegerSchema | NumberSchema | ArraySchema;

export interface ValidationIssue {
  message: string;
  /** Dotted path of the property the problem is on; absent for the top level. */
  property?: string;
  description?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** z-schema's type names: integers are "integer", other numbers "number". */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

export function validate(value: unknown, schema: Schema, property?: string): ValidationIssue | undefined {
  const at = (message: string): ValidationIssue => ({ message, property, description: schema.description });
  if (value === null && schema.nullable === true) return undefined;
  const found = typeName(value);
  const numberFound = schema.type === "number" && found === "integer";
  if (found !== schema.type && !numberFound) return at(`Expected type ${schema.type} but found type ${found}`);
  switch (schema.type) {
    case "string":
      return validateString(value as string, schema, at);
    case "boolean":
    case "number":
      return undefined;
    case "integer": {
      const number = value as number;
      if (schema.minimum !== undefined && number < schema.minimum) return at(`Value ${number} is less than minimum ${schema.minimum}`);
      if (schema.maximum !== undefined && number > schema.maximum) return at(`Value ${number} is greater than maximum ${schema.maximum}`);
      return undefined;
    }
    case "array": {
      const items = value as unknown[];
      if (schema.minItems !== undefined && items.length < schema.minItems) {
        return at(`Array is too short (${items.length}), minimum ${schema.minItems}`);
      }
      if (schema.maxItems !== undefined && items.length > schema.maxItems) {
        return at(`Array is too long (${items.length}), maximum ${schema.maxItems}`);
      }
      for (let i = 0; i < items.length; i++) {
        const issue = validate(items[i], schema.items, `${property ?? ""}[${i}]`);
        if (issue) return issue;
      }
      const repeated = schema.uniqueItems ? items.findIndex((item, i) => items.indexOf(item) !== i) : -1;
      if (repeated >= 0) return at(`Array items are not unique (indexes ${items.indexOf(items[repeated])} and ${repeated})`);
      return undefined;
    }
    case "object":
      return validateObject(value as Record<string, unknown>, schema, property, at);
  }
}

function validateString(value: string, schema: StringSchema, at: (m: string) => ValidationIssue): ValidationIssue | undefined {
  if (schema.minLength !== undefined && value.length < schema.minLength) {
    return at(`String is too short (${value.length} chars), minimum ${schema.minLength}`);
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    return at(`String is too long (${value.length} chars), maximum ${schema.maxLength}`);
  }
  if (schema.enum && !schema.enum.includes(value)) return at(`No enum match for: ${JSON.stringify(value)}`);
  if (schema.format === "email" && !EMAIL.test(value)) return at(`Object didn't pass validation for format email: ${value}`);
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) {
    return at(`String does not match pattern ${schema.pattern}: ${value}`);
  }
  return undefined;
}

function validateObject(
  value: Record<string, unknown>,
  schema: ObjectSchema,
  property: string | undefined,
  at: (m: string) => ValidationIssue,
): ValidationIssue | undefined {
  const keys = Object.keys(value);
  if (schema.minProperties !== undefined && keys.length < schema.minProperties) {
    return at(`Too few properties defined (${keys.length}), minimum ${schema.minProperties}`);
  }
  const missing = (schema.required ?? []).find((name) => value[name] === undefined);
  if (missing !== undefined) return at(`Missing required property: ${missing}`);
  const properties = schema.properties ?? {};
  if (schema.additionalProperties !== true) {
    const extras = keys.filter((key) => !Object.prototype.hasOwnProperty.call(properties, key));
    if (extras.length > 0) return at(`Additional properties not allowed: ${extras.join(",")}`);
  }
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (value[name] === undefined) continue;
    const issue = validate(value[name], propertySchema, property ? `${property}.${name}` : name);
    if (issue) return issue;
  }
  return undefined;
}

/** "Payload validation error: '<message>' on property <p> (<description>)." as the service words it. */
export function describeIssue(kind: "Payload" | "Query" | "Path", issue: ValidationIssue): string {
  const where = issue.property
    ? ` on property ${issue.property}${issue.description ? ` (${issue.description})` : ""}`
    : "";
  return `${kind} validation error: '${issue.message}'${where}.`;
}
