/**
 * `check`, and the parsing of checked inputs, from a definition alone. Its metadata says what a value means
 * beyond its schema:
 *   - `null` is absent (a program that passes `null` for a required input is told it "is required");
 *   - on an existing resource, a value the service keeps (`keptWhenOmitted`) may be left out, or given as `""` (the
 *     zero value `pulumi import` writes into its generated code): the tenant's stays (givenInputs.ts);
 *   - a set that refuses repeats names the repeated item;
 *   - the definition's cross-field rules run after the schema.
 * A failure about a secret input names no property (the engine would print its value), and one about a property
 * that holds a secret further down names the part that can be shown (checkFailures.ts).
 */
import type { CheckResult } from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { propertiesOf, type PropertyShape } from "../../shapes/property";
import { mapDeclared, objectOf, shapeAt, valueAt } from "../../shapes/walk";
import { namedWithoutHeldSecrets, repeatFailures, shortSecretFailures, withNestedValuesSaid } from "./checkFailures";
import { mayKeepServiceValues, type InputsOf, type ResourceDefinition } from "./definition";
import { asGiven, keptOptional } from "./givenInputs";
import { hasState, isPlainObject, withoutDoorKeys, type PropertyBag } from "./jsonValues";
import { invalidInputsError, namedInReasons, prototypeKeyFailures, schemaFailures } from "./validation";

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
  mapDeclared(objectOf(propertiesOf(definition.inputs)), inputs, ({ shape, value, path, deeper }) => {
    if (value === undefined && shape.keptWhenOmitted === true) missing.push(path);
    else if (isPlainObject(value)) deeper();
    return undefined;
  });
  return missing;
}
