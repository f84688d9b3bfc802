/**
 * `diff` from a definition: every input whose `onChange` is not "ignore" is compared, the recorded value (stored
 * outputs) read as an input would be, and a change to one whose `onChange` is "replace" (or to a union's variant,
 * or a nested "replace" property) replaces the resource. How values compare comes from the metadata:
 *   - `null` and absent are the same; an absent value with a default is its default;
 *   - a set's order never matters (and repeats do not either, if it says so);
 *   - a property left out that is `unmanagedWhenOmitted`, or that the service keeps when left out (`keptWhenOmitted`:
 *     the tenant's value stays, nothing is sent), is not compared (at any depth);
 *   - what the service adds to a recorded object (keys the inputs do not have) is not compared;
 *   - a desired value that is, or holds, an unknown (preview) is a change.
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import { nestedShapes, propertiesOf, withoutSecretValues, type PropertyShape, type TypeShape } from "../../shapes/property";
import type { ResourceDefinition } from "./definition";
import { canonicalJson, differs, isPlainObject, isUnknown, withoutDoorKeys, type PropertyBag } from "./jsonValues";

/** A dynamic provider's diff answer, plus the changed input names (a native plugin reports them per property). */
export interface DefinitionDiff extends DiffResult {
  diffs: string[];
}

/** A value of `type` read as an input: keys outside the shape dropped, nested values compared by their own rules. */
function comparableOfType(type: TypeShape, value: unknown): unknown {
  if (isUnknown(value)) return value;
  if (type.kind === "array" && Array.isArray(value)) return value.map((item) => comparableOfType(type.items, item));
  const shapes = nestedShapes(type, value);
  if (!shapes || !isPlainObject(value)) return value;
  const result: PropertyBag = {};
  for (const shape of shapes) {
    const read = comparable(shape, value[shape.name]);
    if (read !== undefined) result[shape.name] = read;
  }
  return result;
}

/** A property's value as it compares (see the module comment). */
export function comparable(shape: PropertyShape, value: unknown): unknown {
  if (value === null || value === undefined) return shape.default;
  const read = comparableOfType(shape.type, value);
  if (!shape.set || !Array.isArray(read) || read.some(isUnknown)) return read;
  const keyed = read.map((item) => ({ key: canonicalJson(item), item }));
  const kept = shape.set.repeats === "ignored" ? [...new Map(keyed.map((entry) => [entry.key, entry])).values()] : keyed;
  return kept.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0)).map((entry) => entry.item);
}

/** Whether leaving this property out leaves it alone: not managed then, or kept by the service as it is. */
function leftAlone(shape: PropertyShape, desired: unknown): boolean {
  return (shape.unmanagedWhenOmitted === true || shape.keptWhenOmitted === true) && (desired === undefined || desired === null);
}

/** `recorded` without the nested properties `desired` leaves out and so leaves alone. */
function withoutUnmanaged(type: TypeShape, recorded: unknown, desired: unknown): unknown {
  const shapes = nestedShapes(type, desired);
  if (!shapes || !isPlainObject(recorded) || !isPlainObject(desired)) return recorded;
  const result: PropertyBag = { ...recorded };
  for (const shape of shapes) {
    const wanted = desired[shape.name];
    if (leftAlone(shape, wanted)) delete result[shape.name];
    else if (shape.name in result) result[shape.name] = withoutUnmanaged(shape.type, result[shape.name], wanted);
  }
  return result;
}

/** Whether a desired input differs from what was recorded for it. */
export function inputChanged(shape: PropertyShape, recorded: unknown, desired: unknown): boolean {
  if (leftAlone(shape, desired)) return false;
  return differs(comparable(shape, withoutUnmanaged(shape.type, recorded, desired)), comparable(shape, desired));
}

/**
 * The inputs whose desired value differs from what the tenant holds (`live`, outputs as a read reports them): what an
 * adoption must write. A secret cannot be compared (the service never returns it): a secret property, and a secret
 * field inside one, are left out of the comparison; the caller sends a secret the program gives, once.
 */
export function differingInputs(definition: ResourceDefinition, live: PropertyBag, desired: PropertyBag): string[] {
  return propertiesOf(definition.inputs)
    .filter((shape) => shape.onChange !== "ignore" && shape.secret !== true)
    .filter((shape) => inputChanged(shape, withoutSecretValues(shape.type, live[shape.name]), withoutSecretValues(shape.type, desired[shape.name])))
    .map((shape) => shape.name);
}

export function diffByDefinition(definition: ResourceDefinition, olds: unknown, news: unknown): DefinitionDiff {
  const recorded = withoutDoorKeys(olds);
  const desired = withoutDoorKeys(news);
  const changed = propertiesOf(definition.inputs).filter(
    (shape) => shape.onChange !== "ignore" && inputChanged(shape, recorded[shape.name], desired[shape.name]),
  );
  const replaces = changed
    .filter((shape) => shape.onChange === "replace" || nestedReplace(shape.type, recorded[shape.name], desired[shape.name]))
    .map((shape) => shape.name);
  // A replaced resource is deleted after its replacement exists, unless its name must be free first.
  const deleteBeforeReplace = definition.replaceDeletesFirst !== undefined && replaces.length > 0;
  return { changes: changed.length > 0, replaces, deleteBeforeReplace, diffs: changed.map((shape) => shape.name) };
}

/** Where a desired value would replace what is recorded: the path of the first replacing difference, and both values. */
export interface ReplacingDifference {
  path: string;
  recorded: unknown;
  desired: unknown;
}

/**
 * The first difference inside a value that would replace the resource (a union's variant, or a nested property
 * whose `onChange` is "replace"), for an adoption that must refuse it before any write.
 */
export function replacingDifference(shape: PropertyShape, recorded: unknown, desired: unknown, path = shape.name): ReplacingDifference | undefined {
  const { type } = shape;
  if (type.kind === "union" && isPlainObject(recorded) && isPlainObject(desired)) {
    const [before, after] = [recorded[type.discriminator], desired[type.discriminator]];
    if (differs(before, after)) return { path: `${path}.${type.discriminator}`, recorded: before, desired: after };
  }
  const shapes = nestedShapes(type, desired);
  if (!shapes || !isPlainObject(recorded) || !isPlainObject(desired)) return undefined;
  for (const inner of shapes) {
    const [before, after] = [recorded[inner.name], desired[inner.name]];
    if (inner.onChange === "replace" && differs(before, after)) return { path: `${path}.${inner.name}`, recorded: before, desired: after };
    const deeper = replacingDifference(inner, before, after, `${path}.${inner.name}`);
    if (deeper) return deeper;
  }
  return undefined;
}

/**
 * Whether a change inside a value replaces the resource: a union's variant changed, or a nested property whose
 * `onChange` is "replace" differs (e.g. a destination's type, or its account).
 */
function nestedReplace(type: TypeShape, recorded: unknown, desired: unknown): boolean {
  if (type.kind === "union") {
    const tag = (value: unknown) => (isPlainObject(value) ? value[type.discriminator] : undefined);
    if (recorded !== undefined && differs(tag(recorded), tag(desired))) return true;
  }
  const shapes = nestedShapes(type, desired);
  if (!shapes || !isPlainObject(recorded) || !isPlainObject(desired)) return false;
  return shapes.some((shape) => {
    const [before, after] = [recorded[shape.name], desired[shape.name]];
    return (shape.onChange === "replace" && differs(before, after)) || nestedReplace(shape.type, before, after);
  });
}
