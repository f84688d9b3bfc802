// A program may pass `null` where it means "not given" (a config value it never set, say). In every resource a
// required input given as null fails check as "is required" — not with a type error — and on an existing (or
// adopting) resource a value the service keeps, given as null, keeps the tenant's as leaving it out does.
import { describe, expect, it } from "vitest";
import type { ResourceDefinition } from "../../provider/resources/common/definition";
import { propertiesOf } from "../../provider/shapes/property";
import { REGISTRY } from "../../provider/resources/registry";
import { scenarioOf } from "./scenarios";

describe.each(REGISTRY.map((registered) => [registered.definition.module, registered] as const))("%s", (module, registered) => {
  const shapes = propertiesOf(registered.definition.inputs);
  // A value the service keeps may be left out on a create that adopts what the tenant holds (SNS, APNs): the create
  // says it is needed when there is nothing to adopt (adoption.test.ts).
  const adopting = (registered.definition as ResourceDefinition).adopts === "always";
  const required = shapes.filter((shape) => shape.required && !(adopting && shape.keptWhenOmitted === true));
  const kept = shapes.filter((shape) => shape.keptWhenOmitted === true);

  it.each(required.map((shape) => shape.name))("%s given as null is required", async (name) => {
    const handler = await registered.handler();
    const { failures = [] } = await handler.check({}, { ...scenarioOf(module).create, [name]: null });
    // A failure about a property that is or holds a secret names none (the engine would print its value).
    const [failure] = failures;
    expect(failures).toHaveLength(1);
    expect(failure.property ? `${failure.property} ${failure.reason}` : failure.reason).toMatch(new RegExp(`^${name} is required(;|$)`));
  });

  it.runIf(kept.length > 0)("a kept value given as null on an existing resource keeps the tenant's", async () => {
    const handler = await registered.handler();
    const given = scenarioOf(module).create;
    const nulled = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, kept.some((shape) => shape.name === name) ? null : value]));
    const result = await handler.check(given, nulled);
    expect(result.failures ?? []).toEqual([]);
    for (const shape of kept) expect(result.inputs).not.toHaveProperty(shape.name);
  });
});
