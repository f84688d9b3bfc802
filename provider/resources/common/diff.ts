/**
 * `diff` from a definition's per-property rules: every input whose `onChange` is not "ignore" is compared
 * (structurally, unknowns count as changes, unless the resource gives its own test), and a change to one
 * whose `onChange` is "replace" replaces the resource.
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import { nestedShapes, propertiesOf, type TypeShape, type ResourceDefinition } from "./definition";
import { differs, type PropertyBag } from "./values";

/** A dynamic provider's diff answer, plus the changed input names (a native plugin reports them per property). */
export interface DefinitionDiff extends DiffResult {
  diffs: string[];
}

/** A property's own change test: recorded (stored outputs) and desired (checked inputs) values. */
export type ChangeTest = (recorded: unknown, desired: unknown) => boolean;

export function diffByDefinition(
  definition: ResourceDefinition,
  recorded: PropertyBag,
  desired: PropertyBag,
  changeTests: Partial<Record<string, ChangeTest>> = {},
): DefinitionDiff {
  const changed = propertiesOf(definition.inputs).filter((shape) => {
    if (shape.onChange === "ignore") return false;
    const test = changeTests[shape.name] ?? differs;
    return test(recorded[shape.name], desired[shape.name]);
  });
  const replaces = changed
    .filter((shape) => shape.onChange === "replace" || nestedReplace(shape.type, recorded[shape.name], desired[shape.name]))
    .map((shape) => shape.name);
  // A replaced resource is deleted after its replacement exists: none of ours must go first.
  return { changes: changed.length > 0, replaces, deleteBeforeReplace: false, diffs: changed.map((shape) => shape.name) };
}

/**
 * Whether a change inside a value replaces the resource: a union's variant changed, or a nested property whose
 * `onChange` is "replace" differs (e.g. a destination's type, or its account).
 */
function nestedReplace(type: TypeShape, recorded: unknown, desired: unknown): boolean {
  if (type.kind === "union") {
    const tag = (value: unknown) => (typeof value === "object" && value !== null ? (value as PropertyBag)[type.discriminator] : undefined);
    if (recorded !== undefined && differs(tag(recorded), tag(desired))) return true;
  }
  const shapes = nestedShapes(type, desired);
  if (!shapes || typeof recorded !== "object" || recorded === null || typeof desired !== "object" || desired === null) return false;
  return shapes.some((shape) => {
    const [before, after] = [(recorded as PropertyBag)[shape.name], (desired as PropertyBag)[shape.name]];
    return (shape.onChange === "replace" && differs(before, after)) || nestedReplace(shape.type, before, after);
  });
}
