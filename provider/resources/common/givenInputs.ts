/**
 * Inputs as a definition reads what was given, before its schema judges them: `null` is absent, and on an existing
 * resource a value the service keeps (`keptWhenOmitted`) given as `""` (the zero value `pulumi import` writes into
 * its generated code), or as an object left with nothing in it, is left out: the tenant's stays. And the schema an
 * existing resource's inputs are parsed with, every kept value optional.
 */
import { z } from "zod";
import { nestedShapes, propertiesOf, type PropertyShape } from "../../shapes/property";
import { mapGiven, objectOf } from "../../shapes/walk";
import { isPlainObject, type PropertyBag } from "./jsonValues";

/** `bag` (of `shapes`) as the definition reads it: see the module comment. Keys are defined, never assigned. */
export function asGiven(shapes: readonly PropertyShape[], bag: PropertyBag, existing: boolean): PropertyBag {
  return mapGiven(objectOf(shapes), bag, ({ shape, value, deeper }) => {
    if (value === null) return undefined;
    const kept = existing && shape?.keptWhenOmitted === true;
    if (kept && value === "") return undefined;
    const read = deeper();
    // A kept object left with nothing in it (credentials: {} on an adopted provider) keeps the tenant's too.
    const walked = shape !== undefined && isPlainObject(value) && nestedShapes(shape.type, value) !== undefined;
    return kept && walked && Object.keys(read as PropertyBag).length === 0 ? undefined : read;
  }) as PropertyBag;
}

const relaxedSchemas = new WeakMap<z.ZodObject, z.ZodObject>();

/** The inputs schema with every kept value optional, at any depth: what an update of an existing resource accepts. */
export function keptOptional(object: z.ZodObject): z.ZodObject {
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
