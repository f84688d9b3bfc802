// A secret the package could not tell apart from ordinary text cannot be kept out of messages: in every resource a
// secret input (or a field of a secret object) shorter than 4 characters is refused at check, before any call, by a
// failure that does not show it, and the property's docs state the minimum.
import { describe, expect, it } from "vitest";
import { propertiesOf } from "../../provider/shapes/property";
import { visitProperties } from "../../provider/shapes/walk";
import { REGISTRY } from "../../provider/resources/registry";
import { scenarioOf } from "./scenarios";

/** Dotted paths of the secret strings in `inputs` (a field of a secret object counts), with their docs. */
function secretStringPaths(module: string, inputs: Record<string, unknown>): { path: string; description: string }[] {
  const registered = REGISTRY.find((entry) => entry.definition.module === module);
  const found: { path: string; description: string }[] = [];
  const secretObjects: { path: string; description: string }[] = [];
  visitProperties(propertiesOf(registered?.definition.inputs ?? ({} as never)), inputs, (shape, value, path) => {
    const parent = secretObjects.find((object) => path.startsWith(`${object.path}.`));
    if (shape.secret !== true && !parent) return;
    if (typeof value === "string") found.push({ path, description: parent ? `${parent.description} ${shape.description}` : shape.description });
    else secretObjects.push({ path, description: shape.description });
  });
  return found;
}

function withValue(inputs: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(inputs);
  const keys = path.split(".");
  let bag = copy;
  for (const key of keys.slice(0, -1)) bag = bag[key] as Record<string, unknown>;
  bag[keys[keys.length - 1]] = value;
  return copy;
}

const cases = REGISTRY.flatMap(({ definition }) =>
  secretStringPaths(definition.module, scenarioOf(definition.module).create).map((found) => [definition.module, found.path, found.description] as const),
);

describe("secret inputs", () => {
  it("exist in the scenarios of every resource that takes one", () => {
    expect(new Set(cases.map(([module]) => module))).toEqual(new Set(["phoneProvider", "snsPushProvider", "apnsPushProvider", "fcmPushProvider", "eventStream", "duoSettings"]));
  });

  it.each(cases)("%s %s: shorter than 4 characters is refused without showing it; the docs say so", async (module, path, description) => {
    const handler = await REGISTRY.find((entry) => entry.definition.module === module)!.handler();
    const { failures = [] } = await handler.check({}, withValue(scenarioOf(module).create, path, "x9z"));
    const said = failures.map((failure) => `${failure.property} ${failure.reason}`);
    expect(said.some((text) => text.includes(`${path} must be at least 4 characters long`))).toBe(true);
    expect(said.join("\n")).not.toContain("x9z");
    expect(description).toMatch(/at least 4 characters|4–[\d,]+ characters/i);
  });
});
