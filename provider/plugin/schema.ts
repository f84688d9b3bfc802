/**
 * The `tenant` package schema (Pulumi's package metaschema), generated from the resource definitions: each
 * resource's inputs and outputs with their descriptions and secretness, named object types, the provider's
 * configuration, and the getEventStreams function. The build writes it to dist/schema.json; the plugin's
 * GetSchema answers with that file, and `pulumi package gen-sdk` can read it directly.
 */
import { SETTINGS, SETTING_NAMES } from "../settings";
import { propertiesOf, type PropertyShape, type TypeShape } from "../resources/common/definition";
import { RESOURCES } from "../resources/registry";
import { EVENT_STREAMS_FUNCTION, EVENT_STREAM_TYPES } from "./functionSchema";

export const PACKAGE_NAME = "tenant";

type Spec = Record<string, unknown>;

/** `tenant:index:<name>` */
export const tokenOf = (name: string): string => `${PACKAGE_NAME}:index:${name}`;

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

class SchemaBuilder {
  readonly types: Record<string, Spec> = {};

  /** A property's type spec; objects become named types (their interface name, else owner + property). */
  typeSpec(type: TypeShape, nameHint: string): Spec {
    switch (type.kind) {
      case "string":
      case "boolean":
      case "number":
        return { type: type.kind };
      case "enum":
        return { type: "string" };
      case "array":
        return { type: "array", items: this.typeSpec(type.items, nameHint) };
      case "object": {
        const name = (type.typeName ?? nameHint).replace(/Args$/, "");
        this.types[tokenOf(name)] ??= { type: "object", ...this.propertiesSpec(type.properties, name) };
        return { $ref: `#/types/${tokenOf(name)}` };
      }
    }
  }

  propertySpec(shape: PropertyShape, owner: string): Spec {
    return {
      ...this.typeSpec(shape.type, `${owner}${upperFirst(shape.name)}`),
      description: shape.description,
      ...(shape.secret ? { secret: true } : {}),
      ...(shape.onChange === "replace" ? { willReplaceOnChanges: true } : {}),
    };
  }

  propertiesSpec(shapes: PropertyShape[], owner: string): { properties: Record<string, Spec>; required: string[] } {
    return {
      properties: Object.fromEntries(shapes.map((shape) => [shape.name, this.propertySpec(shape, owner)])),
      required: shapes.filter((shape) => shape.required).map((shape) => shape.name),
    };
  }
}

/** The provider's settings, from the settings table: each falls back to its TENANT_* variable. */
const CONFIG_VARIABLES: Record<string, Spec> = Object.fromEntries(
  SETTING_NAMES.map((name) => {
    const { description, envVar, secret } = SETTINGS[name];
    return [name, { type: "string", description: `${description} Falls back to ${envVar}.`, ...(secret ? { secret: true } : {}) }];
  }),
);

export function packageSchema(version: string): Spec {
  const builder = new SchemaBuilder();
  const resources = Object.fromEntries(
    RESOURCES.map((definition) => {
      const inputs = builder.propertiesSpec(propertiesOf(definition.inputs), definition.name);
      // The class's outputs, plus every input the outputs do not repeat (the engine returns inputs as outputs too).
      const outputShapes = propertiesOf(definition.outputs);
      const outputNames = new Set(outputShapes.map((shape) => shape.name));
      const outputs = builder.propertiesSpec(outputShapes, definition.name);
      for (const [name, spec] of Object.entries(inputs.properties)) if (!outputNames.has(name)) outputs.properties[name] = spec;
      return [
        tokenOf(definition.name),
        {
          description: definition.description,
          properties: outputs.properties,
          required: outputs.required,
          inputProperties: inputs.properties,
          requiredInputs: inputs.required,
        },
      ];
    }),
  );
  return {
    name: PACKAGE_NAME,
    displayName: "Tenant",
    version,
    description: "Manage an identity service tenant's MFA push provider, phone provider, enrollment tickets and event streams.",
    keywords: ["pulumi", "tenant", "identity", "mfa", "category/utility"],
    license: "Apache-2.0",
    publisher: "pulumi-tenant",
    config: { variables: CONFIG_VARIABLES },
    provider: {
      description: "Connection settings for one tenant. Another tenant means another provider.",
      inputProperties: CONFIG_VARIABLES,
    },
    resources,
    functions: { [tokenOf("getEventStreams")]: EVENT_STREAMS_FUNCTION },
    types: { ...builder.types, ...EVENT_STREAM_TYPES },
    language: { nodejs: { respectSchemaVersion: true }, python: { respectSchemaVersion: true } },
  };
}
