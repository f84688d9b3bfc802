/**
 * The `tenant` package schema (Pulumi's package metaschema), generated from the resource definitions: each
 * resource's inputs and outputs with their descriptions and secretness, named object types, the provider's
 * configuration, and the functions of functions/registry.ts. The build writes it to dist/schema.json; the plugin's
 * GetSchema answers with that file, and `pulumi package gen-sdk` can read it directly.
 */
import { functionToken } from "../functions/definition";
import { FUNCTIONS } from "../functions/registry";
import { SETTINGS, SETTING_NAMES } from "../settings";
import { propertiesOf, type PropertyShape, type TypeShape } from "../shapes/property";
import { RESOURCES } from "../resources/registry";

export const PACKAGE_NAME = "tenant";

type Spec = Record<string, unknown>;

/** `tenant:index:<name>` */
export const tokenOf = (name: string): string => `${PACKAGE_NAME}:index:${name}`;

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** `vendor_a` → `VendorA`, `push-notification` → `PushNotification`. */
const pascalCase = (text: string): string => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map(upperFirst).join("");

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
        // One unnamed value is a literal (a union variant's tag): a plain string, not an enum type of one value.
        if (type.values.length === 1 && type.typeName === undefined) return { type: "string" };
        return this.enumRef(type.typeName ?? nameHint, type.values);
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

  /**
   * An enum type, so generated SDKs get typed constants (value `vendor_a` of an enum `Kind`: Go `KindVendorA`,
   * Python `Kind.VENDOR_A`): each value named in PascalCase, which every generator turns into its own case.
   */
  enumRef(name: string, values: readonly string[]): Spec {
    const token = tokenOf(name);
    const spec = {
      type: "string",
      description: `The allowed values: ${values.map((value) => `\`"${value}"\``).join(", ")}.`,
      enum: values.map((value) => ({ name: pascalCase(value), value })),
    };
    const existing = this.types[token];
    if (existing && JSON.stringify(existing) !== JSON.stringify(spec)) throw new Error(`two different types are named ${token}`);
    this.types[token] = spec;
    return { $ref: `#/types/${token}` };
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
      // A value that may be null is not required: generated SDKs then give it an optional (pointer) type.
      required: shapes.filter((shape) => shape.required && !shape.nullable).map((shape) => shape.name),
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
  const functions = Object.fromEntries(FUNCTIONS.map(({ definition }) => [functionToken(definition), builder.functionSpec(definition)]));
  assertNoTypeCollides(builder.types, [...Object.keys(resources), ...Object.keys(functions)]);
  return {
    name: PACKAGE_NAME,
    displayName: "Tenant",
    repository: REPOSITORY,
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
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
    functions,
    types: builder.types,
    language: LANGUAGES,
  };
}

/** Where the package's source lives; generated SDKs link to it, and Go's import path is under it. */
export const REPOSITORY = "https://github.com/pulumi-tenant/pulumi-tenant";

/**
 * Where the CLI downloads the plugin when a program needs it and it is not installed: the GitHub release tagged
 * `v<version>` of the repository, its asset `pulumi-resource-tenant-v<version>-<os>-<arch>.tar.gz`. Generated SDKs
 * record it (`server` in pulumi-plugin.json), as `pulumi package add` does.
 */
export const PLUGIN_DOWNLOAD_URL = `github://api.github.com/${REPOSITORY.replace(/^https:\/\/github\.com\//, "")}`;

/**
 * Package names that fit each ecosystem, for SDKs generated from this schema (`pulumi package gen-sdk`). Each SDK
 * carries the schema's version (respectSchemaVersion), so SDK and plugin versions match.
 */
const LANGUAGES = {
  nodejs: { packageName: "@pulumi-tenant/tenant", respectSchemaVersion: true },
  python: { packageName: "pulumi_tenant", respectSchemaVersion: true, pyproject: { enabled: true } },
  go: { importBasePath: `${REPOSITORY.replace(/^https:\/\//, "")}/sdk/go/tenant`, respectSchemaVersion: true },
  csharp: { rootNamespace: "PulumiTenant", packageReferences: { Pulumi: "3.*" }, respectSchemaVersion: true },
  java: { basePackage: "io.github.pulumitenant", buildFiles: "gradle" },
};

/** A named type whose token differs from a resource's or a function's only in case would collide in the SDKs. */
function assertNoTypeCollides(types: Record<string, Spec>, members: string[]): void {
  const taken = new Set(members.map((token) => token.toLowerCase()));
  const clash = Object.keys(types).find((token) => taken.has(token.toLowerCase()));
  if (clash) throw new Error(`the schema type ${clash} collides with a resource or function of the same name; name it differently`);
}
