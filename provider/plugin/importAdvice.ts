/**
 * What `pulumi import` is told, from the definitions alone: a resource the service cannot read back is refused in
 * import words, a setting its inputs cannot express is refused before the CLI writes code that would fail Check,
 * and the write-only inputs (which an import cannot bring back) are named in a warning.
 */
import type { ResourceDefinition } from "../resources/common/definition";
import { propertiesOf, variantOf, type PropertyShape, type TypeShape } from "../shapes/property";
import { propertiesInside } from "../shapes/walk";

/**
 * Dotted paths of the write-only properties among `shapes`, the most precise ones: a write-only object's
 * write-only fields when it marks some (`secrets.token`), else the object itself. Given the inputs an import read
 * (`bag`), only those that belong to them: of a union, the variant the value is (a webhook stream's bearer
 * authorization has a `token`, an EventBridge destination nothing write-only); without a value, every variant.
 */
export function writeOnlyPaths(shapes: PropertyShape[], prefix = "", bag?: unknown): string[] {
  const paths = shapes.flatMap((shape) => {
    const path = `${prefix}${shape.name}`;
    const value = isObject(bag) ? bag[shape.name] : undefined;
    const nested = writeOnlyPaths(propertiesWithin(shape.type, value), `${path}.`, value);
    return nested.length > 0 ? nested : shape.writeOnly ? [path] : [];
  });
  return [...new Set(paths)];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The properties inside a type that a value of it may hold: of a union, the variant its tag names, or every one's when no value says. */
function propertiesWithin(type: TypeShape, value: unknown): PropertyShape[] {
  if (type.kind === "union" && isObject(value) && value[type.discriminator] !== undefined) return variantOf(type, value) ?? [];
  return propertiesInside(type);
}

/** The error for importing a resource whose definition says it cannot be read back by id. */
export function importRefusal(definition: ResourceDefinition, id: string): Error {
  return new Error(
    `${definition.name} "${id}" cannot be imported: the service cannot read ${definition.name} resources back by ` +
      "id, so there is nothing to import. Declare it in the program instead.",
  );
}

/** The warning an import of this resource deserves, if the inputs it read (`inputs`) have write-only fields. */
export function writeOnlyAdvice(definition: ResourceDefinition, inputs?: Record<string, unknown>): string | undefined {
  const paths = writeOnlyPaths(propertiesOf(definition.inputs), "", inputs);
  if (paths.length === 0) return undefined;
  const one = paths.length === 1;
  const names = one ? paths[0] : `${paths.slice(0, -1).join(", ")} and ${paths[paths.length - 1]}`;
  return (
    `The imported ${definition.name}'s ${names} ${one ? "is" : "are"} write-only (the service never returns ` +
    `${one ? "it" : "them"}), so the imported inputs lack ${one ? "it" : "them"} and the generated code has an empty ` +
    `value for ${one ? "it" : "each"}, which keeps the value the service holds until your program sets one (as a secret).`
  );
}

/**
 * The error for importing a setting the resource's inputs cannot express (no push provider selected, no phone
 * message type enabled): the resource's own Check refused the inputs read back, so the code the CLI would generate
 * could never run.
 */
export function unrepresentableImport(definition: ResourceDefinition, id: string, failures: readonly { property: string; reason: string }[]): Error {
  const reasons = failures.map((failure) => (failure.property ? `${failure.property}: ${failure.reason}` : failure.reason)).join("; ");
  return new Error(
    `${definition.name} "${id}" cannot be imported: the tenant's current setting cannot be written as its inputs ` +
      `(${reasons}). Declare it in the program with the value you want instead; "pulumi up" then sets it.`,
  );
}
