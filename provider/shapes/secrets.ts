/**
 * Where a declared value's secrets sit, read from its declaration (the `secret` mark, at any depth): the marks the
 * native door wraps values by, the strings a call must never show, the wire names the client redacts, whether the
 * value at a path may be shown, and a value without its secrets (what can be compared or exported).
 */
import type { z } from "zod";
import { propertiesOf, wireNameOf, type PropertyShape, type TypeShape } from "./property";
import { mapGiven, objectOf, propertiesInside, stepsAlong, visitProperties, type PathSegment } from "./walk";

/** Where secrets sit in a value: `true` where it is secret as a whole, else the keys (array indices too) that hold one. */
export interface SecretMarks {
  [key: string]: true | SecretMarks;
}

/**
 * The secret properties of `bag` (of `shapes`) and where they sit, at any depth: nested objects, the variant of a
 * union the value takes, array items. A secret property is marked whole; a property that holds one further down is
 * marked by the keys on the way.
 */
export function secretMarksOf(shapes: readonly PropertyShape[], bag: unknown): SecretMarks {
  const marks: SecretMarks = {};
  visitProperties(shapes, bag, (shape, _value, _path, segments) => {
    if (shape.secret !== true) return true;
    markWhole(marks, segments);
    return false;
  });
  return marks;
}

function markWhole(marks: SecretMarks, segments: readonly PathSegment[]): void {
  const keys = segments.map(String);
  let level = marks;
  for (const key of keys.slice(0, -1)) level = (level[key] ??= {}) as SecretMarks;
  level[keys[keys.length - 1]] = true;
}

/** Every string inside `value` where `marks` say a secret is. */
function stringsAt(value: unknown, marks: true | SecretMarks, found: string[]): void {
  if (marks !== true) {
    if (typeof value !== "object" || value === null) return;
    for (const [key, inner] of Object.entries(marks)) stringsAt((value as Record<string, unknown>)[key], inner, found);
  } else if (typeof value === "string") found.push(value);
  else if (typeof value === "object" && value !== null) Object.values(value).forEach((item) => stringsAt(item, true, found));
}

/** Every string held by a secret property of `bag` (at any depth): what a call for this resource must never show. */
export function secretStrings(object: z.ZodObject, bag: Record<string, unknown>): string[] {
  const found: string[] = [];
  stringsAt(bag, secretMarksOf(propertiesOf(object), bag), found);
  return found;
}

/** Whether a value of this type can hold a secret property anywhere inside. */
export function typeHoldsSecret(type: TypeShape): boolean {
  return propertiesInside(type).some((shape) => shape.secret === true || typeHoldsSecret(shape.type));
}

/** How the client treats a secret field of the service's answers (client/secretFields.ts). */
export type SecretFieldClass = "writeOnly" | "outputs" | "returned";

/**
 * The wire names of the secret fields among `shapes` of one class, at any depth: the fields that hold a secret value,
 * a secret object's own fields included (`auth_token` inside `credentials`, not `credentials`, a word service prose
 * uses). `writeOnly`: the secrets the service never returns (a field inside a write-only secret is write-only too);
 * `returned`: those it returns in clear that the package never keeps; `outputs`: the other secrets it returns, such
 * as a ticket's link.
 */
export function secretWireNames(shapes: readonly PropertyShape[], wanted: SecretFieldClass): string[] {
  const names = new Set<string>();
  const visit = (shape: PropertyShape, inherited: SecretFieldClass | undefined): void => {
    const secret = inherited !== undefined || shape.secret === true;
    const own: SecretFieldClass = shape.writeOnly === true ? "writeOnly" : shape.returnedInClear === true ? "returned" : "outputs";
    const fieldClass = !secret ? undefined : inherited === "writeOnly" || inherited === "returned" ? inherited : own;
    if (fieldClass === wanted && shape.type.kind !== "object") names.add(wireNameOf(shape));
    for (const inner of propertiesInside(shape.type)) visit(inner, fieldClass);
  };
  for (const shape of shapes) visit(shape, undefined);
  return [...names].sort();
}

/**
 * Whether the schema knows the value at `path` to be no secret and to hold none: every property on the way is known
 * and not secret, and the last one's type holds no secret (a union's tag, an enum, counts as known). A value under a
 * key the schema does not know (a misspelt secret field's, say) is not.
 */
export function knownPlainAt(shapes: readonly PropertyShape[], root: unknown, path: readonly PropertyKey[]): boolean {
  let reached: TypeShape | undefined = objectOf(shapes);
  for (const step of stepsAlong(shapes, root, path)) {
    if (step.within.kind === "union" && step.segment === step.within.discriminator) return step.last;
    if (step.shape?.secret === true) return false;
    reached = step.reaches;
  }
  return reached !== undefined && !typeHoldsSecret(reached);
}

/** A copy of `value` (of `type`) without its secret properties, at any depth: the part that can be compared or shown. */
export function withoutSecretValues(type: TypeShape, value: unknown): unknown {
  return mapGiven(type, value, (step) => (step.shape?.secret === true ? undefined : step.deeper()));
}
