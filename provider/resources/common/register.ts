/**
 * Program side: what a resource class registers, derived from its definition. Every input is passed
 * (secret ones wrapped in `pulumi.secret`, so they are encrypted in state even when given as plain
 * strings), every output-only property is seeded as undefined so it becomes an output of the resource, and
 * secret outputs are listed in additionalSecretOutputs.
 */
import * as pulumi from "@pulumi/pulumi";
import { namesWhere, propertiesOf, type ResourceDefinition } from "./definition";

export function registeredProperties(definition: ResourceDefinition, args: object | undefined): pulumi.Inputs {
  const given = args as Record<string, unknown> | undefined;
  const properties: Record<string, unknown> = {};
  for (const shape of propertiesOf(definition.inputs)) {
    const value = given?.[shape.name];
    properties[shape.name] = shape.secret && given !== undefined ? pulumi.secret(value) : value;
  }
  for (const shape of propertiesOf(definition.outputs)) {
    if (!(shape.name in properties)) properties[shape.name] = undefined;
  }
  // Written by the handlers, so later versions can read older state.
  properties.schemaVersion = undefined;
  return properties as pulumi.Inputs;
}

export function withSecretOutputs(
  definition: ResourceDefinition,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions | undefined {
  const secretOutputs = namesWhere(definition.outputs, (shape) => shape.secret === true);
  return secretOutputs.length === 0 ? opts : pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputs });
}
