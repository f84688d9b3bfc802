/**
 * The README's programs for other languages use only what the plugin's schema declares: the YAML program's
 * resource types, properties and function, the Python program's arguments (snake_case of the schema's names, as
 * generated Python SDKs spell them) and enum members, the Go program's types and enum constants (named by the
 * rules of pkg/codegen/python and pkg/codegen/go). No language runs here; the names are what can be checked.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";

type Spec = Record<string, unknown>;
const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Use from Python, Go, .NET, Java or YAML"), readme.indexOf("## Limits"));
const blocks = (language: string): string[] => [...section.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((match) => match[1]);

function schema(): { resources: Record<string, { inputProperties: Record<string, Spec> }>; functions: Record<string, Spec>; types: Record<string, { properties: Record<string, Spec> }> } {
  assertDistIsFresh();
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist", "schema.json"), "utf8"));
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

it("the YAML program declares only schema resource types and input properties, and a schema function", () => {
  const program = parse(blocks("yaml").find((block) => block.includes("runtime: yaml")) ?? "") as {
    resources: Record<string, { type: string; properties: Spec }>;
    variables: Record<string, { "fn::invoke": { function: string } }>;
  };
  const { resources, functions } = schema();
  for (const [name, resource] of Object.entries(program.resources)) {
    const declared = resources[resource.type];
    expect(declared, `${name}: ${resource.type}`).toBeDefined();
    for (const property of Object.keys(resource.properties)) expect(Object.keys(declared.inputProperties), `${name}.${property}`).toContain(property);
  }
  expect(Object.keys(functions)).toContain(program.variables.streams["fn::invoke"].function);
});

it("the Python program's arguments are the schema's names in snake_case", () => {
  const python = blocks("python")[0];
  const { resources, types } = schema();
  const phoneInputs = Object.keys(resources["tenant:index:PhoneProvider"].inputProperties).map(snake);
  for (const argument of ["name", "credentials", "configuration"]) expect(phoneInputs).toContain(argument);
  expect(python).toContain('"auth_token"');
  expect(Object.keys(types["tenant:index:PhoneProviderCredentials"].properties).map(snake)).toContain("auth_token");
  const configuration = Object.keys(types["tenant:index:PhoneProviderConfiguration"].properties).map(snake);
  for (const key of ["sid", "delivery_methods", "default_from"]) {
    expect(python).toContain(`"${key}"`);
    expect(configuration).toContain(key);
  }
});

it("the Python program's MFA resources and their arguments are the schema's, in snake_case", () => {
  const python = blocks("python")[0];
  const { resources } = schema();
  const expected: [resource: string, argument: string][] = [
    ["PhoneMessageTypes", "message_types"],
    ["MfaFactor", "factor"],
    ["MfaFactor", "enabled"],
    ["MfaPolicy", "policy"],
  ];
  for (const [resource, argument] of expected) {
    expect(python).toContain(`tenant.${resource}(`);
    expect(python).toMatch(new RegExp(`\\b${argument}=`));
    expect(Object.keys(resources[`tenant:index:${resource}`].inputProperties).map(snake)).toContain(argument);
  }
});

type EnumSpec = { enum?: { name: string; value: string }[] };
const enumTypes = (): Map<string, EnumSpec> =>
  new Map(
    Object.entries(schema().types as Record<string, EnumSpec>)
      .filter(([, spec]) => Array.isArray(spec.enum))
      .map(([token, spec]) => [token.slice("tenant:index:".length), spec]),
  );

/** pkg/codegen/python makeSafeEnumName: the value's name in snake_case, upper-cased. */
const pythonEnumMember = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
/** pkg/codegen/go makeSafeEnumName: the type's name followed by the value's (no underscore in either here). */
const goEnumConstant = (typeName: string, name: string): string => `${typeName}${name}`;

it("the Python program's enum members are the schema's enum values as the Python generator names them", () => {
  const python = blocks("python")[0];
  const enums = enumTypes();
  const used = [...python.matchAll(/tenant\.([A-Z]\w*)\.([A-Z_]+)\b/g)];
  expect(used.length).toBeGreaterThanOrEqual(3);
  for (const [text, typeName, member] of used) {
    const spec = enums.get(typeName);
    expect(spec, text).toBeDefined();
    expect(spec!.enum!.map((value) => pythonEnumMember(value.name)), text).toContain(member);
  }
});

it("the Go program uses only what the Go generator makes of the schema: resources, Args types, enum constants", () => {
  const go = blocks("go")[0];
  const { resources, types } = schema();
  const enums = enumTypes();
  const resourceNames = Object.keys(resources).map((token) => token.slice("tenant:index:".length));
  const objectNames = Object.keys(types).map((token) => token.slice("tenant:index:".length)).filter((name) => !enums.has(name));
  const known = new Set([
    ...resourceNames.flatMap((name) => [`New${name}`, `${name}Args`]),
    ...objectNames.map((name) => `${name}Args`),
    ...[...enums].flatMap(([typeName, spec]) => [typeName, `${typeName}Array`, ...spec.enum!.map((value) => goEnumConstant(typeName, value.name))]),
  ]);
  const used = [...go.matchAll(/\btenant\.(\w+)/g)].map((match) => match[1]);
  expect(used).toEqual(expect.arrayContaining(["PushProviderNameGuardian", "PhoneProviderNameVendorA", "DeliveryMethodText"]));
  for (const name of used) expect(known, name).toContain(name);
  // Go fields are the schema's names with a capital first letter.
  const phoneInputs = Object.keys(resources["tenant:index:PhoneProvider"].inputProperties);
  for (const field of ["Name", "Credentials", "Configuration"]) expect(phoneInputs).toContain(field.charAt(0).toLowerCase() + field.slice(1));
});
