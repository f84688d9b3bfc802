/**
 * `check`, and the parsing of checked inputs, from a definition alone. Its metadata says what a value means
 * beyond its schema:
 *   - `null` is absent (a program that passes `null` for a required input is told it "is required");
 *   - on an existing resource, a value the service keeps (`keptWhenOmitted`) may be left out, or given as `""` (the
 *     zero value `pulumi import` writes into its generated code): the tenant's stays;
 *   - a set that refuses repeats names the repeated item;
 *   - the definition's cross-field rules run after the schema.
 * A failure about a secret input names no property (the engine would print its value), and one about a property
 * that holds a secret further down names the part that can be shown (a destination's `type`).
 */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { knownPlainAt, nestedShapes, propertiesOf, shapeAt, typeHoldsSecret, visitProperties, type PropertyShape } from "../../shapes/property";
import { mayKeepServiceValues, type InputsOf, type ResourceDefinition } from "./definition";
import { MIN_SECRET_LENGTH } from "../../secretLength";
import { canonicalJson, hasState, isPlainObject, isUnknown, withoutDoorKeys, type PropertyBag } from "./jsonValues";
import { invalidInputsError, namedInReasons, prototypeKeyFailures, schemaFailures } from "./validation";
import { mayHoldSecret } from "../../client/secretShapes";
import { SECRET_FIELDS } from "../secretFields.generated";

/** `bag` as the definition reads it: see the module comment. Keys are defined, never assigned (no prototype setter). */
function asGiven(shapes: readonly PropertyShape[] | undefined, bag: PropertyBag, existing: boolean): PropertyBag {
  const result: PropertyBag = {};
  for (const [key, value] of Object.entries(bag)) {
    if (value === null) continue;
    const shape = shapes?.find((candidate) => candidate.name === key);
    const kept = existing && shape?.keptWhenOmitted === true;
    if (kept && value === "") continue;
    let read = value;
    const nested = shape && isPlainObject(value) ? nestedShapes(shape.type, value) : undefined;
    if (nested && isPlainObject(value)) {
      read = asGiven(nested, value, existing);
      // A kept object left with nothing in it (credentials: {} on an adopted provider) keeps the tenant's too.
      if (kept && Object.keys(read as PropertyBag).length === 0) continue;
    } else if (shape?.type.kind === "array" && Array.isArray(value)) {
      const items = shape.type.items;
      read = value.map((item: unknown) => (isPlainObject(item) ? asGiven(nestedShapes(items, item), item, existing) : item));
    }
    Object.defineProperty(result, key, { value: read, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** Failures for secret strings too short to be told apart from ordinary text (and so redacted) in messages. */
function shortSecretFailures(shapes: readonly PropertyShape[], inputs: PropertyBag): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const secretPaths = new Set<string>();
  visitProperties(shapes, inputs, (shape, value, path) => {
    const parent = path.slice(0, Math.max(path.lastIndexOf("."), 0));
    const secret = shape.secret === true || secretPaths.has(parent);
    if (secret) secretPaths.add(path);
    if (secret && typeof value === "string" && !isUnknown(value) && value.length > 0 && value.length < MIN_SECRET_LENGTH) {
      failures.push({ property: path, reason: `must be at least ${MIN_SECRET_LENGTH} characters long, as every secret` });
    }
  });
  return failures;
}

/** Failures for values listed twice in a set that refuses repeats. */
function repeatFailures(shapes: readonly PropertyShape[], inputs: PropertyBag): CheckFailure[] {
  const failures: CheckFailure[] = [];
  visitProperties(shapes, inputs, (shape, value, path) => {
    if (shape.set?.repeats !== "refused" || !Array.isArray(value) || value.some(isUnknown)) return;
    const texts = value.map(canonicalJson);
    if (new Set(texts).size !== texts.length) failures.push({ property: path, reason: `must not list a ${shape.set.item} twice` });
  });
  return failures;
}

/**
 * A failure that names a property holding a secret further down (a webhook destination) would make the engine print
 * that property whole: it names the union's tag instead, or nothing when the property is missing.
 */
function namedWithoutHeldSecrets(shapes: readonly PropertyShape[], inputs: PropertyBag, failures: CheckFailure[]): CheckFailure[] {
  const holders = new Map(shapes.filter((shape) => shape.secret !== true && typeHoldsSecret(shape.type)).map((shape) => [shape.name, shape]));
  return failures.map((failure) => {
    const named = failure.property ?? "";
    const holder = holders.get(named) ?? holders.get(named.split(".")[0]);
    if (!holder) return failure;
    const tag = holder.type.kind === "union" ? `${holder.name}.${holder.type.discriminator}` : undefined;
    if (holder.name !== named && named !== tag) return failure;
    if (inputs[holder.name] === undefined || holder.type.kind !== "union") return { property: "", reason: `${holder.name} ${failure.reason}` };
    const values = holder.type.variants.map((variant) => JSON.stringify(variant.value)).join(", ");
    return { property: `${holder.name}.${holder.type.discriminator}`, reason: `must be one of ${values}` };
  });
}

/** Every string inside a value, at any depth. */
function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

/** Every secret field's wire name (`token`, `password`, …): a value joined to one in a text is a secret's. */
const SECRET_FIELD_NAMES = [...SECRET_FIELDS.writeOnly, ...SECRET_FIELDS.outputs, ...(SECRET_FIELDS.returned ?? [])];

/**
 * A value as a failure's reason shows it: JSON, cut short past a line's worth; nothing when any text in it is shaped
 * like a credential (a URL's user info or query, a token joined to a secret field's name, …), however plain the
 * property it was given for.
 */
function shownValue(value: unknown): string | undefined {
  if (stringsIn(value).some((text) => mayHoldSecret(text, SECRET_FIELD_NAMES))) return undefined;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** `a.b[0].c` as the keys it walks. */
function pathSegments(path: string): (string | number)[] {
  return path.split(/\.|(?=\[)/).map((segment) => (segment.startsWith("[") ? Number(segment.slice(1, -1)) : segment));
}

/**
 * The engine prints a failure's value by looking its property up among the top-level inputs: a nested path finds
 * nothing there and prints `{<nil>}`. So a failure inside a property names no property (the engine then prints the
 * reason alone), and its reason starts with the path and ends, unless it is, holds or lies inside a secret (or the
 * schema does not know it, or it is shaped like a credential), with the value:
 * `destination.configuration.webhookEndpoint must be an https:// URL (got "http://hooks.example.com")`.
 */
function withNestedValuesSaid(shapes: readonly PropertyShape[], inputs: PropertyBag, failures: CheckFailure[]): CheckFailure[] {
  return failures.map((failure) => {
    const path = failure.property ?? "";
    if (!/[.[]/.test(path)) return failure;
    const segments = pathSegments(path);
    const value = valueAt(inputs, segments);
    const shown = value === undefined || !knownPlainAt([...shapes], inputs, segments) ? undefined : shownValue(value);
    return { property: "", reason: `${path} ${failure.reason}${shown === undefined ? "" : ` (got ${shown})`}` };
  });
}

/** `check` of a resource: `olds` tell an existing resource (an update, or the Check after an import) from a new one. */
export function checkByDefinition(definition: ResourceDefinition, olds: unknown, news: unknown): CheckResult {
  const shapes = propertiesOf(definition.inputs);
  const given = withoutDoorKeys(news);
  // The engine prints the value of a top-level input a failure names: not of a secret one, nor of one the definition
  // does not declare (a misspelt `credentials` may hold a token), so those are named in the reason instead.
  const secretNames = new Set(shapes.filter((shape) => shape.secret === true).map((shape) => shape.name));
  const declared = new Set(shapes.map((shape) => shape.name));
  const unshown = new Set([...secretNames, ...Object.keys(given).filter((key) => !declared.has(key))]);
  // Anything else said about inputs holding prototype keys could name the wrong property: only these are reported.
  const prototypeKeys = prototypeKeyFailures(news);
  if (prototypeKeys.length > 0) return { inputs: given, failures: namedInReasons(prototypeKeys, secretNames) };
  const keeping = mayKeepServiceValues(definition, hasState(olds), given);
  const inputs = asGiven(shapes, given, keeping);
  const keptOmission = (issue: z.core.$ZodIssue): boolean =>
    keeping && shapeAt(shapes, inputs, issue.path)?.keptWhenOmitted === true && valueAt(inputs, issue.path) === undefined;
  const failures = [
    ...schemaFailures(definition.inputs, inputs, keptOmission),
    ...repeatFailures(shapes, inputs),
    ...shortSecretFailures(shapes, inputs),
    ...(definition.rules?.(inputs) ?? []),
  ];
  if (failures.length > 0) {
    const named = namedInReasons(namedWithoutHeldSecrets(shapes, inputs, failures), unshown);
    return { inputs, failures: withNestedValuesSaid(shapes, inputs, named) };
  }
  return { inputs: withServiceDefaults(shapes, inputs), failures: [] };
}

/**
 * Inputs that passed check, with the default of each omitted property the service holds. A refresh reports those
 * properties as the service holds them (`inputsFromOutputs`), and the CLI shows a dynamic resource's changes as the
 * difference of its old and new inputs: without the default here, a program leaving `disabled` out would see it
 * listed beside every drift. A local setting (`onChange: "ignore"`) is reported only when not its default, so it is
 * left as given.
 */
function withServiceDefaults(shapes: readonly PropertyShape[], inputs: PropertyBag): PropertyBag {
  const omitted = shapes.filter((shape) => shape.default !== undefined && shape.onChange !== "ignore" && inputs[shape.name] === undefined);
  if (omitted.length === 0) return inputs;
  const filled = { ...inputs };
  for (const shape of omitted) filled[shape.name] = shape.default;
  return filled;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
  return value;
}

const relaxedSchemas = new WeakMap<z.ZodObject, z.ZodObject>();

/** The inputs schema with every kept value optional, at any depth: what an update of an existing resource accepts. */
function keptOptional(object: z.ZodObject): z.ZodObject {
  let relaxed = relaxedSchemas.get(object);
  if (!relaxed) {
    const shapes = propertiesOf(object);
    const changes: Record<string, z.ZodType> = {};
    for (const [name, schema] of Object.entries(object.shape) as [string, z.ZodType][]) {
      const changed = shapes.find((shape) => shape.name === name)?.keptWhenOmitted === true ? schema.optional() : relaxedInside(schema);
      if (changed !== schema) changes[name] = changed;
    }
    relaxed = Object.keys(changes).length === 0 ? object : object.extend(changes);
    relaxedSchemas.set(object, relaxed);
  }
  return relaxed;
}

/** An object or discriminated union (optional or not) rebuilt with its kept values optional; anything else as it is. */
function relaxedInside(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional) {
    const inner = relaxedInside(schema.unwrap() as z.ZodType);
    return inner === schema.unwrap() ? schema : inner.optional();
  }
  if (schema instanceof z.ZodObject) return keptOptional(schema);
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options = (schema.options as z.ZodObject[]).map(keptOptional);
    if (options.every((option, index) => option === schema.options[index])) return schema;
    return z.discriminatedUnion(schema._zod.def.discriminator, options as [z.ZodObject, ...z.ZodObject[]]);
  }
  return schema;
}

/**
 * The inputs create (`existing` false) or update (true) receives, defaults filled in. Check already ran, so a
 * failure here means the engine skipped it: the error lists properties and reasons only. On an update, or a create
 * that adopts, a kept value may be missing: the service keeps its own.
 */
export function parseCheckedInputs<Definition extends ResourceDefinition>(
  definition: Definition,
  props: unknown,
  existing: boolean,
): InputsOf<Definition> {
  const given = withoutDoorKeys(props);
  const keeping = mayKeepServiceValues(definition, existing, given);
  const inputs = asGiven(propertiesOf(definition.inputs), given, keeping);
  const schema = keeping ? keptOptional(definition.inputs) : definition.inputs;
  const prototypeKeys = prototypeKeyFailures(props);
  const parsed = schema.safeParse(inputs);
  if (parsed.success && prototypeKeys.length === 0) return parsed.data as InputsOf<Definition>;
  throw invalidInputsError(definition.name, prototypeKeys.length > 0 ? prototypeKeys : schemaFailures(schema, inputs));
}

/** Dotted paths of the values the service keeps that `inputs` leave out (an update after an import, say). */
export function keptValuesLeftOut(definition: ResourceDefinition, inputs: object): string[] {
  const missing: string[] = [];
  const walk = (shapes: readonly PropertyShape[], bag: PropertyBag, prefix: string): void => {
    for (const shape of shapes) {
      const value = bag[shape.name];
      const path = prefix === "" ? shape.name : `${prefix}.${shape.name}`;
      if (value === undefined) {
        if (shape.keptWhenOmitted === true) missing.push(path);
      } else if (isPlainObject(value)) {
        const nested = nestedShapes(shape.type, value);
        if (nested) walk(nested, value, path);
      }
    }
  };
  walk(propertiesOf(definition.inputs), inputs as PropertyBag, "");
  return missing;
}
