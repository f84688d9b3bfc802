/**
 * The `tenant` package schema (Pulumi's package metaschema), generated from the resource definitions: each
 * resource's inputs and outputs with their descriptions and secretness, named object types, the provider's
 * configuration, and the functions of functions/registry.ts. The build writes it to dist/schema.json; the plugin's
 * GetSchema answers with that file, and `pulumi package gen-sdk` can read it directly.
 */
import { functionToken } from "../functions/definition";
import { FUNCTIONS } from "../functions/registry";
import { propertiesOf, type PropertyShape, type TypeShape } from "../resources/common/definition";
import { RESOURCES } from "../resources/registry";

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
      case "integer":
        return { type: type.kind };
      case "enum":
        return { type: "string" };
      case "array":
        return { type: "array", items: this.typeSpec(type.items, nameHint) };
      case "object": {
        const name = (type.typeName ?? nameHint).replace(/Args$/, "");
        this.types[tokenOf(name)] ??= {
          type: "object",
          ...(type.description === undefined ? {} : { description: type.description }),
          ...this.propertiesSpec(type.properties, name),
        };
        return { $ref: `#/types/${tokenOf(name)}` };
      }
      case "record":
        return { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } };
      case "union": {
        // The metaschema's tagged union: each variant a named object type, the discriminator mapping to it.
        const refs = type.variants.map((variant) => ({
          value: variant.value,
          ref: this.typeSpec(variant.type, `${nameHint}${upperFirst(variant.value)}`).$ref as string,
        }));
        return {
          oneOf: refs.map(({ ref }) => ({ $ref: ref })),
          discriminator: { propertyName: type.discriminator, mapping: Object.fromEntries(refs.map(({ value, ref }) => [value, ref])) },
        };
      }
    }
  }

  /** A function's entry: its arguments and result, their object types added to the package's. */
  functionSpec(definition: (typeof FUNCTIONS)[number]["definition"]): Spec {
    const owner = upperFirst(definition.name);
    const { properties, required } = this.propertiesSpec(propertiesOf(definition.result), `${owner}Result`);
    return {
      description: definition.description,
      inputs: this.propertiesSpec(propertiesOf(definition.args), `${owner}Args`),
      outputs: { properties, required },
    };
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

const CONFIG_VARIABLES: Record<string, Spec> = {
  domain: { type: "string", description: 'The tenant\'s domain, e.g. `"my-tenant.example.com"` (or an `https://` origin). Falls back to TENANT_DOMAIN.' },
  clientId: { type: "string", description: "Client id for the client-credentials grant; give it with `clientSecret`, or give `apiToken` instead. Falls back to TENANT_CLIENT_ID." },
  clientSecret: { type: "string", secret: true, description: "Client secret for the client-credentials grant. Falls back to TENANT_CLIENT_SECRET." },
  apiToken: { type: "string", secret: true, description: "A ready management API token, instead of client credentials. Falls back to TENANT_API_TOKEN." },
  audience: { type: "string", description: "Token audience; defaults to `https://<domain>/api/v2/`. Falls back to TENANT_AUDIENCE." },
};

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
    functions: Object.fromEntries(FUNCTIONS.map(({ definition }) => [functionToken(definition), builder.functionSpec(definition)])),
    types: builder.types,
    language: { nodejs: { respectSchemaVersion: true }, python: { respectSchemaVersion: true } },
  };
}
