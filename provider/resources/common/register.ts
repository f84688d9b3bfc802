/**
 * Program side: what a resource class registers, derived from its definition. Every input is passed (a secret one
 * wrapped in `pulumi.secret`, so it is encrypted in state even when given as a plain string; inside a property that
 * holds one further down, only the secret field), every output-only property is seeded as undefined so it becomes an
 * output of the resource, and secret outputs are listed in additionalSecretOutputs. What the definition does not
 * declare is passed as given, for check to refuse as it refuses a misspelt nested key (a JavaScript program, or a
 * cast, can give one).
 */
import * as pulumi from "@pulumi/pulumi";
import { namesWhere, propertiesOf, type TypeShape } from "../../shapes/property";
import { typeHoldsSecret } from "../../shapes/secrets";
import { mapGiven } from "../../shapes/walk";
import type { ResourceDefinition } from "./definition";
import { isPlainObject, PROGRAM_NAME_KEY, withoutDoorKeys } from "./jsonValues";
import { requireUsableSettings } from "./settingsGuard";

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

/**
 * An input of `type` with each secret field inside wrapped in `pulumi.secret` and the rest as given. The engine keeps
 * (and its dynamic host re-marks, key by key) only those fields secret, so a diff shows what changed beside them: a
 * webhook's endpoint next to its `[secret]` token. A part given as an Output or a promise is walked once it resolves
 * (an Output the program made secret stays secret whole); a union whose discriminator is not a plain value yet is
 * walked once all of it resolves, so a secret given inside it then makes it secret whole.
 */
function withSecretFields(type: TypeShape, value: unknown): unknown {
  if (pulumi.Output.isInstance(value)) return value.apply((plain) => withSecretFields(type, plain));
  if (isPromise(value)) return value.then((plain) => withSecretFields(type, plain));
  if (type.kind === "array") return Array.isArray(value) ? value.map((item: unknown) => withSecretFields(type.items, item)) : value;
  if (!isPlainObject(value)) return value;
  if (type.kind === "union" && typeof value[type.discriminator] !== "string") {
    return pulumi.output(value).apply((plain) => withSecretFields(type, plain));
  }
  return mapGiven(type, value, ({ shape, value: inner }) => {
    if (inner === undefined || shape === undefined) return inner;
    if (shape.secret === true) return pulumi.secret(inner);
    return typeHoldsSecret(shape.type) ? withSecretFields(shape.type, inner) : inner;
  });
}

/** The inputs a resource class registers; `name` is the resource's, kept by the types whose destroy may warn. */
export function registeredProperties(definition: ResourceDefinition, args: object | undefined, name: string): pulumi.Inputs {
  const given = args as Record<string, unknown> | undefined;
  // Every key given (an undeclared one for check to refuse), then each declared input as the definition wraps it.
  const properties: Record<string, unknown> = { ...withoutDoorKeys(given) };
  for (const shape of propertiesOf(definition.inputs)) {
    const value = given?.[shape.name];
    if (given === undefined) properties[shape.name] = value;
    else if (shape.secret) properties[shape.name] = pulumi.secret(value);
    else properties[shape.name] = typeHoldsSecret(shape.type) ? withSecretFields(shape.type, value) : value;
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
