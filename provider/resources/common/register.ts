/**
 * Program side: what a resource class registers, derived from its definition. Every input is passed
 * (secret ones wrapped in `pulumi.secret`, so they are encrypted in state even when given as plain
 * strings), every output-only property is seeded as undefined so it becomes an output of the resource, and
 * secret outputs are listed in additionalSecretOutputs.
 */
import * as pulumi from "@pulumi/pulumi";
import { namesWhere, propertiesOf, secretStrings, typeHoldsSecret, type PropertyShape } from "../../shapes/property";
import type { ResourceDefinition } from "./definition";
import { PROGRAM_NAME_KEY } from "./jsonValues";
import { requireUsableSettings } from "./settingsGuard";

/**
 * A property that is not secret itself but may hold a secret further down (e.g. a union variant's token) is
 * secret as a whole when it does: the dynamic door marks secrets per top-level property only.
 */
function secretWhenHolding(definition: ResourceDefinition, shape: PropertyShape, value: unknown): unknown {
  const output: pulumi.Output<unknown> = pulumi.output(value as pulumi.Input<unknown>) as pulumi.Output<unknown>;
  return output.apply((plain) => {
    const holds = secretStrings(definition.inputs, { [shape.name]: plain }).length > 0;
    return holds ? pulumi.secret(plain) : plain;
  });
}

/** The inputs a resource class registers; `name` is the resource's, kept by the types whose destroy may warn. */
export function registeredProperties(definition: ResourceDefinition, args: object | undefined, name: string): pulumi.Inputs {
  const given = args as Record<string, unknown> | undefined;
  const properties: Record<string, unknown> = {};
  for (const shape of propertiesOf(definition.inputs)) {
    const value = given?.[shape.name];
    if (given === undefined) properties[shape.name] = value;
    else if (shape.secret) properties[shape.name] = pulumi.secret(value);
    else properties[shape.name] = typeHoldsSecret(shape.type) ? secretWhenHolding(definition, shape, value) : value;
  }
  for (const shape of propertiesOf(definition.outputs)) {
    if (!(shape.name in properties)) properties[shape.name] = undefined;
  }
  // Written by the handlers, so later versions can read older state.
  properties.schemaVersion = undefined;
  // Not for `.get` (no args): nothing is destroyed there.
  if (definition.warnsOnDestroy && given !== undefined) properties[PROGRAM_NAME_KEY] = name;
  return properties as pulumi.Inputs;
}

export function withSecretOutputs(
  definition: ResourceDefinition,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions | undefined {
  const secretOutputs = namesWhere(definition.outputs, (shape) => shape.secret === true);
  return secretOutputs.length === 0 ? opts : pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputs });
}

/** The options a resource class registers with, once the settings its provider will store are known to work. */
export function resourceOptions(definition: ResourceDefinition, opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions | undefined {
  requireUsableSettings(opts);
  return withSecretOutputs(definition, opts);
}
