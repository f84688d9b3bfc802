/**
 * The package schema the build writes (dist/schema.json, what GetSchema serves) validates against Pulumi's
 * package metaschema, and passes the checks the metaschema cannot express but Pulumi's binder makes: every
 * `$ref` names a type that exists, and every required property is declared. It follows the definitions:
 * each resource's inputs with their descriptions, secrets and replace-on-change.
 */
import Ajv2020 from "ajv/dist/2020";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { propertiesOf } from "../../provider/resources/common/definition";
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
      expect(resource.requiredInputs).toEqual(propertiesOf(definition.inputs).filter((shape) => shape.required).map((shape) => shape.name));
    }
  });

  it("keeps the provider's credentials secret", () => {
    const variables = (builtSchema().config as { variables: Record<string, Spec> }).variables;
    expect(Object.keys(variables)).toEqual(["domain", "clientId", "clientSecret", "apiToken", "audience"]);
    expect(variables.clientSecret.secret).toBe(true);
    expect(variables.apiToken.secret).toBe(true);
  });
});
