/**
 * What `pulumi import` is told, from the definitions alone: a resource the service cannot read back is refused in
 * import words, a setting its inputs cannot express is refused before the CLI writes code that would fail Check,
 * and the write-only inputs (which an import cannot bring back) are named in a warning.
 */
import type { ResourceDefinition } from "../resources/common/definition";
import { propertiesOf, type PropertyShape } from "../shapes/property";

/**
 * Dotted paths of the write-only properties among `shapes`, the most precise ones: a write-only object's
 * write-only fields when it marks some (`secrets.token`), else the object itself.
 */
export function writeOnlyPaths(shapes: PropertyShape[], prefix = ""): string[] {
  const paths = shapes.flatMap((shape) => {
    const path = `${prefix}${shape.name}`;
    const nested = nestedShapes(shape.type).flatMap((properties) => writeOnlyPaths(properties, `${path}.`));
    return nested.length > 0 ? nested : shape.writeOnly ? [path] : [];
  });
  return [...new Set(paths)];
}

/** The property lists inside a type: an object's, each variant's of a union, or its items'. */
function nestedShapes(type: PropertyShape["type"]): PropertyShape[][] {
  if (type.kind === "object") return [type.properties];
  if (type.kind === "union") return type.variants.flatMap((variant) => nestedShapes(variant.type));
  if (type.kind === "array") return nestedShapes(type.items);
  return [];
}

/** The error for importing a resource whose definition says it cannot be read back by id. */
export function importRefusal(definition: ResourceDefinition, id: string): Error {
  return new Error(
    `${definition.name} "${id}" cannot be imported: the service cannot read ${definition.name} resources back by ` +
      "id, so there is nothing to import. Declare it in the program instead.",
  );
}

/** The warning an import of this resource deserves, if it has write-only inputs. */
export function writeOnlyAdvice(definition: ResourceDefinition): string | undefined {
  const paths = writeOnlyPaths(propertiesOf(definition.inputs));
  if (paths.length === 0) return undefined;
  const names = paths.join(", ");
  return (
    `The imported ${definition.name}'s ${names} ${paths.length === 1 ? "is" : "are"} write-only (the service never ` +
    "returns it), so the imported inputs lack it and the generated code has an empty value for it, which keeps the " +
    "value the service holds until your program sets one (as a secret)."
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
