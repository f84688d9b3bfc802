/**
 * The one walk over a value of a declared type (a `TypeShape`, property.ts): an array item by item, an object (or the
 * variant of a union the value takes) property by property, each property with its path. What reads values by their
 * declaration — where secrets sit (secrets.ts), how diff compares a value, how a stored output reads as an input, how
 * check reads what was given — says only what it does with one property; the walk takes it there and builds the
 * result. And the walk down one path (`stepsAlong`): the property a check failure or an issue's path names.
 */
import { nestedShapes, type PropertyShape, type TypeShape } from "./property";

/** A key on the way into a value: a property's name, or an array's index. */
export type PathSegment = string | number;

/** One property of an object value, as the walk meets it. */
export interface PropertyStep<Shape extends PropertyShape | undefined = PropertyShape> {
  /** Its declaration: undefined for a key the type does not declare (met only by `mapGiven`). */
  shape: Shape;
  key: string;
  /** Its value; undefined for a declared property the value leaves out (met only by `mapDeclared`). */
  value: unknown;
  /** Where it sits, key by key: `["subscriptions", 0, "eventType"]`. */
  segments: readonly PathSegment[];
  /** The same as a reason names it: `subscriptions[0].eventType`, `destination.configuration.webhookEndpoint`. */
  path: string;
  /** Its value walked further by the same walk (a key the type does not declare: its value as given). */
  deeper(): unknown;
}

type StepMapper = (step: PropertyStep<PropertyShape | undefined>) => unknown;

function isObjectValue(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object type of these properties: the type a definition's inputs or outputs are. */
export function objectOf(shapes: readonly PropertyShape[]): TypeShape {
  return { kind: "object", properties: shapes as PropertyShape[] };
}

function walk(type: TypeShape, value: unknown, each: StepMapper, declared: boolean, segments: readonly PathSegment[], path: string): unknown {
  if (type.kind === "array" && Array.isArray(value)) {
    return value.map((item, index) => walk(type.items, item, each, declared, [...segments, index], `${path}[${index}]`));
  }
  const shapes = nestedShapes(type, value);
  if (!shapes || !isObjectValue(value)) return value;
  const keyed: [string, PropertyShape | undefined][] = declared
    ? shapes.map((shape) => [shape.name, shape])
    : Object.keys(value).map((key) => [key, shapes.find((shape) => shape.name === key)]);
  const result: Record<string, unknown> = {};
  for (const [key, shape] of keyed) {
    const inner = value[key];
    const at = [...segments, key];
    const where = path === "" ? key : `${path}.${key}`;
    const deeper = (): unknown => (shape === undefined ? inner : walk(shape.type, inner, each, declared, at, where));
    const mapped = each({ shape, key, value: inner, segments: at, path: where, deeper });
    // Defined, never assigned: a "__proto__" key stays a key, never a prototype.
    if (mapped !== undefined) Object.defineProperty(result, key, { value: mapped, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/**
 * `value` (of `type`) rebuilt from its declared properties, in declaration order, each as `each` maps it (left out
 * when it maps to undefined), the keys the type does not declare left out; arrays item by item; anything else as it
 * is. `each` meets every declared property, the ones the value leaves out too.
 */
export function mapDeclared(type: TypeShape, value: unknown, each: (step: PropertyStep) => unknown): unknown {
  return walk(type, value, each as StepMapper, true, [], "");
}

/** `value` (of `type`) rebuilt key by key, as given, declared or not, each as `each` maps it (left out when undefined). */
export function mapGiven(type: TypeShape, value: unknown, each: StepMapper): unknown {
  return walk(type, value, each, false, [], "");
}

/**
 * Calls `visit` for every declared property present in `bag`, at any depth (nested objects, union variants, array
 * items), with its path; below a property `visit` returns false for, it goes no further.
 */
export function visitProperties(
  shapes: readonly PropertyShape[],
  bag: unknown,
  visit: (shape: PropertyShape, value: unknown, path: string, segments: readonly PathSegment[]) => boolean | void,
): void {
  mapDeclared(objectOf(shapes), bag, (step) => {
    if (step.value !== undefined && visit(step.shape, step.value, step.path, step.segments) !== false) step.deeper();
    return undefined;
  });
}

/** The properties a value of `type` holds at its first object level: an object's, each variant's of a union, an array's items'. */
export function propertiesInside(type: TypeShape): PropertyShape[] {
  if (type.kind === "array") return propertiesInside(type.items);
  if (type.kind === "object") return type.properties;
  if (type.kind === "union") return type.variants.flatMap((variant) => variant.type.properties);
  return [];
}

/** `subscriptions[0].eventType` as the keys it walks. */
export function segmentsOf(path: string): PathSegment[] {
  return path.split(/\.|(?=\[)/).map((segment) => (segment.startsWith("[") ? Number(segment.slice(1, -1)) : segment));
}

/** The value at `path` inside `root`, if any. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
  return value;
}

/** One step of a path down a declared value. */
export interface PathStep {
  segment: PropertyKey;
  last: boolean;
  /** The type the segment is read in. */
  within: TypeShape;
  /** The property the segment names (none for an index). */
  shape: PropertyShape | undefined;
  /** The type the step reaches; undefined where the schema knows no way (an index into what is no array, a name no property has), the last step. */
  reaches: TypeShape | undefined;
}

/** The steps `path` takes down `root` (a value of `shapes`), as far as the schema knows the way. */
export function* stepsAlong(shapes: readonly PropertyShape[], root: unknown, path: readonly PropertyKey[]): Generator<PathStep> {
  let type = objectOf(shapes);
  let value = root;
  for (const [index, segment] of path.entries()) {
    const container = value;
    value = valueAt(container, [segment]);
    const last = index === path.length - 1;
    if (typeof segment === "number") {
      const reaches = type.kind === "array" ? type.items : undefined;
      yield { segment, last, within: type, shape: undefined, reaches };
      if (!reaches) return;
      type = reaches;
      continue;
    }
    const shape = nestedShapes(type, container)?.find((candidate) => candidate.name === segment);
    yield { segment, last, within: type, shape, reaches: shape?.type };
    if (!shape) return;
    type = shape.type;
  }
}

/** The property a path leads to (`["destination", "configuration", "webhookAuthorization", "token"]`), if any. */
export function shapeAt(shapes: readonly PropertyShape[], root: unknown, path: readonly PropertyKey[]): PropertyShape | undefined {
  let found: PropertyShape | undefined;
  for (const step of stepsAlong(shapes, root, path)) found = step.shape;
  return found;
}
