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
import { nestedShapes, propertiesOf, type PropertyShape, type TypeShape } from "../../shapes/property";
import { withoutSecretValues } from "../../shapes/secrets";
import { mapDeclared, mapGiven } from "../../shapes/walk";
import type { ResourceDefinition } from "./definition";
import { canonicalJson, differs, isPlainObject, isUnknown, withoutDoorKeys, type PropertyBag } from "./jsonValues";

/** A dynamic provider's diff answer, plus the changed input names (a native plugin reports them per property). */
export interface DefinitionDiff extends DiffResult {
  diffs: string[];
}

/** A property's value as it compares (see the module comment). */
export function comparable(shape: PropertyShape, value: unknown): unknown {
  if (value === null || value === undefined) return shape.default;
  // Keys outside the shape dropped, nested values compared by their own rules.
  const read = mapDeclared(shape.type, value, (inner) => comparable(inner.shape, inner.value));
  if (!shape.set || !Array.isArray(read) || read.some(isUnknown)) return read;
  const keyed = read.map((item) => ({ key: canonicalJson(item), item }));
  const kept = shape.set.repeats === "ignored" ? [...new Map(keyed.map((entry) => [entry.key, entry])).values()] : keyed;
  return kept.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0)).map((entry) => entry.item);
}

/** Whether leaving this property out leaves it alone: not managed then, or kept by the service as it is. */
function leftAlone(shape: PropertyShape, desired: unknown): boolean {
  return (shape.unmanagedWhenOmitted === true || shape.keptWhenOmitted === true) && (desired === undefined || desired === null);
}

/**
 * `recorded` without the nested properties `desired` leaves out and so leaves alone. Read by the recorded value's
 * variant (one other than the desired's is a change all the same); an array is compared whole.
 */
function withoutUnmanaged(type: TypeShape, recorded: unknown, desired: unknown): unknown {
  if (type.kind === "array" || !isPlainObject(desired)) return recorded;
  return mapGiven(type, recorded, ({ shape, key, value }) => {
    const wanted = desired[key];
    if (shape === undefined) return value;
    return leftAlone(shape, wanted) ? undefined : withoutUnmanaged(shape.type, value, wanted);
  });
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
    .filter((shape) => shape.onChange === "replace" || replacingDifference(shape, recorded[shape.name], desired[shape.name]) !== undefined)
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
 * The first difference inside a value that would replace the resource: a union's variant (once one was recorded), or
 * a nested property whose `onChange` is "replace" (e.g. a destination's type, or its account). Diff asks whether
 * there is one; an adoption, which must refuse it before any write, names it.
 */
export function replacingDifference(shape: PropertyShape, recorded: unknown, desired: unknown, path = shape.name): ReplacingDifference | undefined {
  const { type } = shape;
  if (type.kind === "union" && recorded !== undefined) {
    const tag = (value: unknown) => (isPlainObject(value) ? value[type.discriminator] : undefined);
    if (differs(tag(recorded), tag(desired))) return { path: `${path}.${type.discriminator}`, recorded: tag(recorded), desired: tag(desired) };
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
