/**
 * State as any handler version stored it, read from the definition: each output (and echoed input) is taken when
 * its schema accepts it; otherwise it reads as `null` when nullable, as absent when optional, and else as the
 * fallback its metadata declares (`TENANT_DOMAIN`: the configured tenant's, filled at call time). And the inputs a
 * Read reports, derived from outputs the same way for every resource.
 */
import type { z } from "zod";
import { propertiesOf, TENANT_DOMAIN, type PropertyShape, type TypeShape } from "../../shapes/property";
import { mapDeclared } from "../../shapes/walk";
import type { ResourceDefinition, StoredOutputs } from "./definition";
import { compact, isPlainObject, withoutDoorKeys, type PropertyBag } from "./jsonValues";

/** The version of what the handlers store; a later one reads every earlier one. */
export const STATE_VERSION = 1;

function readProperty(shape: PropertyShape, schema: z.ZodType, value: unknown, tenantDomain: () => string): unknown {
  if (value !== undefined && schema.safeParse(value).success) return value;
  if (shape.nullable) return null;
  if (!shape.required) return undefined;
  return shape.fallback === TENANT_DOMAIN ? tenantDomain() : shape.fallback;
}

/** Every stored output and echoed input a handler reads (absent ones left out). */
export function readStored<Definition extends ResourceDefinition>(
  definition: Definition,
  props: unknown,
  tenantDomain: () => string,
): StoredOutputs<Definition> {
  const bag = withoutDoorKeys(props);
  const stored: PropertyBag = {};
  for (const shape of propertiesOf(definition.outputs)) {
    stored[shape.name] = readProperty(shape, definition.outputs.shape[shape.name] as z.ZodType, bag[shape.name], tenantDomain);
  }
  const inputShapes = propertiesOf(definition.inputs);
  const echoed = definition.echoedInputs === "all" ? inputShapes.map((shape) => shape.name) : (definition.echoedInputs ?? []);
  for (const name of echoed) {
    if (name in stored || !inputShapes.some((shape) => shape.name === name)) continue;
    const schema = definition.inputs.shape[name] as z.ZodType;
    const parsed = schema.safeParse(bag[name]);
    stored[name] = parsed.success ? parsed.data : undefined;
  }
  return { ...compact(stored), schemaVersion: STATE_VERSION } as StoredOutputs<Definition>;
}

/** Whether reading `props` needs the configured tenant's domain (a fallback filled at call time is missing). */
export function needsTenantDomain(definition: ResourceDefinition, props: unknown): boolean {
  const bag = withoutDoorKeys(props);
  return propertiesOf(definition.outputs).some((shape) => shape.fallback === TENANT_DOMAIN && typeof bag[shape.name] !== "string");
}

/** A value of an output read as an input of `type`: keys the input does not have dropped, `null` absent. */
function asInputOfType(type: TypeShape, value: unknown): unknown {
  return mapDeclared(type, value, (inner) => (inner.value === null ? undefined : inner.deeper()));
}

/** A value the service keeps that holds nothing (`""`, `{}`): check reads it as left out on an existing resource. */
function heldEmpty(shape: PropertyShape, value: unknown): boolean {
  return shape.keptWhenOmitted === true && (value === "" || (isPlainObject(value) && Object.keys(value).length === 0));
}

/**
 * The inputs a Read reports (what `pulumi import` writes into code, what the engine's import checks, and what a
 * refresh's diff display compares with the program's checked inputs): each input from the output of the same name,
 * read as that input, as check reads it on an existing resource. A local setting (`onChange: "ignore"`) is reported
 * only when it is not its default; a value the service keeps that holds nothing (a custom phone provider's
 * `credentials: {}`) is not reported, as check leaves it out.
 */
export function inputsFromOutputs(definition: ResourceDefinition, outputs: PropertyBag): PropertyBag {
  const inputs: PropertyBag = {};
  for (const shape of propertiesOf(definition.inputs)) {
    const value = outputs[shape.name];
    if (value === null || value === undefined) continue;
    if (shape.onChange === "ignore" && value === shape.default) continue;
    const read = asInputOfType(shape.type, value);
    if (!heldEmpty(shape, read)) inputs[shape.name] = read;
  }
  return inputs;
}
