/**
 * The package schema the build writes (dist/schema.json, what GetSchema serves) validates against Pulumi's
 * package metaschema, and passes the checks the metaschema cannot express but Pulumi's binder makes: every
 * `$ref` names a type that exists, and every required property is declared. It follows the definitions:
 * each resource's inputs with their descriptions, secrets and replace-on-change, an enum type for each enumerated
 * input, no output required that may be absent; and it names the repository and each language's package.
 */
import Ajv2020 from "ajv/dist/2020";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { propertiesOf, type PropertyShape, type TypeShape } from "../../provider/shapes/property";
import { RESOURCES } from "../../provider/resources/registry";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";

type Spec = Record<string, unknown>;

const metaschema = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "pulumi-package-schema.json"), "utf8")) as Spec;

function builtSchema(): Spec {
  assertDistIsFresh();
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist", "schema.json"), "utf8")) as Spec;
}

/** Every object in the tree, with its JSON path. */
function* objects(value: unknown, at = "$"): Generator<[string, Spec]> {
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* objects(item, `${at}[${index}]`);
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    yield [at, value as Spec];
    for (const [key, item] of Object.entries(value)) yield* objects(item, `${at}.${key}`);
  }
}

describe("the package schema", () => {
  it("validates against Pulumi's package metaschema", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(metaschema);
    const valid = validate(builtSchema());
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("the metaschema check can fail: a property of an unknown type is refused", () => {
    const broken = structuredClone(builtSchema()) as { resources: Record<string, { inputProperties: Record<string, Spec> }> };
    broken.resources["tenant:index:PhoneProvider"].inputProperties.name = { type: "strin" };
    expect(new Ajv2020({ strict: false }).compile(metaschema)(broken)).toBe(false);
  });

  it("refers only to types it declares, and requires only properties it declares", () => {
    const schema = builtSchema();
    const types = Object.keys(schema.types as Spec);
    for (const [at, object] of objects(schema)) {
      const ref = object.$ref;
      if (typeof ref === "string" && ref.startsWith("#/types/")) expect(types, at).toContain(ref.slice("#/types/".length));
      for (const [requiredKey, propertiesKey] of [["required", "properties"], ["requiredInputs", "inputProperties"]]) {
        const required = object[requiredKey];
        if (Array.isArray(required) && !at.endsWith(".properties")) {
          for (const name of required) expect(Object.keys((object[propertiesKey] ?? {}) as Spec), `${at}.${requiredKey}`).toContain(name);
        }
      }
    }
  });

  it("declares each resource's inputs as its definition does: descriptions, secrets, replacements", () => {
    const resources = builtSchema().resources as Record<string, { inputProperties: Record<string, Spec>; requiredInputs: string[] }>;
    expect(Object.keys(resources).sort()).toEqual(RESOURCES.map((definition) => `tenant:index:${definition.name}`).sort());
    for (const definition of RESOURCES) {
      const resource = resources[`tenant:index:${definition.name}`];
      for (const shape of propertiesOf(definition.inputs)) {
        const spec = resource.inputProperties[shape.name];
        expect(spec.description, `${definition.name}.${shape.name}`).toBe(shape.description);
        expect(spec.secret === true, `${definition.name}.${shape.name} secret`).toBe(shape.secret === true);
        expect(spec.willReplaceOnChanges === true, `${definition.name}.${shape.name} replaces`).toBe(shape.onChange === "replace");
      }
      expect(resource.requiredInputs).toEqual(propertiesOf(definition.inputs).filter((shape) => shape.required && !shape.nullable).map((shape) => shape.name));
    }
  });

  it("requires no output the definition marks nullable or optional", () => {
    const resources = builtSchema().resources as Record<string, { required: string[] }>;
    for (const definition of RESOURCES) {
      const required = resources[`tenant:index:${definition.name}`].required;
      for (const shape of propertiesOf(definition.outputs)) {
        expect(required.includes(shape.name), `${definition.name}.${shape.name}`).toBe(shape.required && !shape.nullable);
      }
    }
    expect(resources["tenant:index:PushProviderSelection"].required).not.toContain("previousProvider");
  });

  it("gives every enumerated input an enum type, named apart from every resource and function (Go names included)", () => {
    const schema = builtSchema();
    const types = schema.types as Record<string, { type?: string; enum?: { name: string; value: string }[] }>;
    const walk = (shapes: PropertyShape[], at: string, visit: (type: TypeShape, at: string) => void): void => {
      for (const shape of shapes) {
        const type = shape.type.kind === "array" ? shape.type.items : shape.type;
        visit(type, `${at}.${shape.name}`);
        if (type.kind === "object") walk(type.properties, `${at}.${shape.name}`, visit);
      }
    };
    let enumerated = 0;
    for (const definition of RESOURCES) {
      walk(propertiesOf(definition.inputs), definition.name, (type, at) => {
        if (type.kind !== "enum") return;
        enumerated++;
        const declared = Object.values(types).filter((spec) => spec.enum?.map((value) => value.value).join() === type.values.join());
        expect(declared, at).not.toEqual([]);
        for (const spec of declared) {
          expect(spec.type).toBe("string");
          // Each value named in PascalCase, so that every generator derives readable constants from it.
          for (const value of spec.enum!) expect(value.name, `${at} ${value.value}`).toMatch(/^[A-Z][A-Za-z0-9]*$/);
        }
      });
    }
    expect(enumerated).toBeGreaterThanOrEqual(4);
    // What the Go generator makes of each member: a resource R gives R, RArgs, RState, RInput, ROutput, RArray,
    // RMap; a type T gives T, TArgs, TInput, TOutput, TPtr, TArray, TMap (and enums their constants).
    const goNames = (name: string, suffixes: string[]) => suffixes.map((suffix) => `${name}${suffix}`.toLowerCase());
    const members = [...Object.keys(schema.resources as Spec), ...Object.keys(schema.functions as Spec)].map((token) => token.split(":")[2]);
    const taken = new Set(members.flatMap((name) => goNames(name, ["", "Args", "State", "Input", "Output", "Array", "Map", "Result", "OutputArgs"])));
    for (const token of Object.keys(types)) {
      for (const name of goNames(token.split(":")[2], ["", "Args", "Input", "Output", "Ptr", "Array", "Map"])) expect(taken, token).not.toContain(name);
    }
  });

  it("names the repository and each language's package", () => {
    const schema = builtSchema() as { repository: string; language: Record<string, Spec> };
    expect(schema.repository).toMatch(/^https:\/\/github\.com\/[\w-]+\/[\w-]+$/);
    expect(Object.keys(schema.language).sort()).toEqual(["csharp", "go", "java", "nodejs", "python"]);
    expect(schema.language.go.importBasePath).toBe(`${schema.repository.replace("https://", "")}/sdk/go/tenant`);
    expect(schema.language.python.packageName).toMatch(/^[a-z_]+$/);
    expect(schema.language.java.basePackage).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(schema.language.csharp.rootNamespace).toMatch(/^[A-Z]\w+$/);
    for (const language of ["nodejs", "python", "go", "csharp"]) expect(schema.language[language].respectSchemaVersion, language).toBe(true);
  });

  it("names where the CLI downloads the plugin: the releases of the repository the Go import path names", () => {
    const schema = builtSchema() as { repository: string; pluginDownloadURL: string };
    expect(schema.pluginDownloadURL).toBe(`github://api.github.com/${schema.repository.replace("https://github.com/", "")}`);
    expect(schema.pluginDownloadURL).toBe("github://api.github.com/pulumi-tenant/pulumi-tenant");
  });

  it("keeps the provider's credentials secret", () => {
    const variables = (builtSchema().config as { variables: Record<string, Spec> }).variables;
    expect(Object.keys(variables)).toEqual(["domain", "clientId", "clientSecret", "apiToken", "audience"]);
    expect(variables.clientSecret.secret).toBe(true);
    expect(variables.apiToken.secret).toBe(true);
  });
});
