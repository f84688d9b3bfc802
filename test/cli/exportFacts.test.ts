// The export facts every definition declares (provider/resources/common/exported.ts), held to what the command
// needs of them: each registered resource says how it exports or why not; names, dependencies and filters name
// inputs it has; each kind comes after the kinds it depends on, in the order the README promises.
import { describe, expect, it } from "vitest";
import { isExported, type ExportFacts } from "../../provider/resources/common/exported";
import type { ResourceDefinition } from "../../provider/resources/common/definition";
import { REGISTRY, RESOURCES } from "../../provider/resources/registry";
import { propertiesOf, type PropertyShape } from "../../provider/shapes/property";

const definitions: ResourceDefinition[] = RESOURCES;
const exported = definitions.flatMap((definition) => (isExported(definition.exported) ? [{ definition, facts: definition.exported as ExportFacts }] : []));
const byName = new Map(exported.map((entry) => [entry.definition.name, entry]));

const inputOf = (definition: ResourceDefinition, name: string): PropertyShape | undefined =>
  propertiesOf(definition.inputs).find((shape) => shape.name === name);

/** Whether an input of this shape can hold the value (an enum's values, a boolean). */
function accepts(shape: PropertyShape, value: string | boolean): boolean {
  if (shape.type.kind === "enum") return shape.type.values.includes(String(value));
  return shape.type.kind === typeof value;
}

describe("export facts", () => {
  it("every registered resource says how it exports, or why it does not", () => {
    expect(definitions.filter((definition) => definition.exported === undefined).map((definition) => definition.name)).toEqual([]);
  });

  it("an exported resource has a handler that lists; one the service cannot read back is not exported", async () => {
    for (const { definition } of exported) {
      const registered = REGISTRY.find((entry) => entry.definition.name === definition.name)!;
      expect((await registered.handler()).list, definition.name).toBeTypeOf("function");
      expect(definition.unreadable, definition.name).toBeUndefined();
    }
  });

  it("names, filters and dependency conditions read inputs the resource has, with values they can hold", () => {
    for (const { definition, facts } of exported) {
      if (!("fixed" in facts.name)) expect(inputOf(definition, facts.name.input)?.type.kind, definition.name).toMatch(/^(string|enum)$/);
      const conditions = [...Object.entries(facts.only?.inputs ?? {}), ...(facts.dependsOn ?? []).flatMap((dependency) => Object.entries(dependency.when ?? {}))];
      for (const [input, value] of conditions) {
        const shape = inputOf(definition, input);
        expect(shape && accepts(shape, value), `${definition.name}: ${input} = ${String(value)}`).toBe(true);
      }
    }
  });

  it("a kind declared with adoptExisting: true has that input", () => {
    const lacking = exported.filter(({ definition, facts }) => facts.adoptExisting && inputOf(definition, "adoptExisting")?.type.kind !== "boolean");
    expect(lacking.map(({ definition }) => definition.name)).toEqual([]);
  });

  it("each dependency is on an exported kind that comes earlier; no two kinds share a place", () => {
    for (const { definition, facts } of exported) {
      for (const dependency of facts.dependsOn ?? []) {
        const target = byName.get(dependency.on);
        expect(target, `${definition.name} depends on ${dependency.on}`).toBeDefined();
        expect(target!.facts.order, `${dependency.on} before ${definition.name}`).toBeLessThan(facts.order);
      }
    }
    expect(new Set(exported.map(({ facts }) => facts.order)).size).toBe(exported.length);
  });

  it("orders the kinds as the README says: phone provider, message types, templates, SNS, APNs, selection, custom app, factors, their settings, policy, risk assessment, MFA settings, MFA switches, streams", () => {
    const promised = [
      "PhoneProvider",
      "PhoneMessageTypes",
      "PhoneTemplate",
      "SnsPushProvider",
      "ApnsPushProvider",
      "PushProviderSelection",
      "PushCustomApp",
      "MfaFactor",
      "DuoSettings",
      "WebAuthnSettings",
      "OtpSettings",
      "MfaPolicy",
      "RiskAssessmentSettings",
      "RiskAssessmentNewDevice",
      "MfaSettings",
      "TenantMfaFlags",
      "EventStream",
    ];
    const ordered = [...exported].sort((left, right) => left.facts.order - right.facts.order).map(({ definition }) => definition.name);
    expect(ordered).toEqual(promised.filter((name) => byName.has(name)));
    expect(ordered.filter((name) => !promised.includes(name))).toEqual([]);
  });
});
