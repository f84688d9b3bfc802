/**
 * The native plugin knows no resource by name: what differs between resources (secretness, write-only inputs,
 * importability, enum types) comes from the definitions, so a resource added to the registry needs nothing in
 * provider/plugin/. No plugin source names a registered resource or one of its secret or write-only properties.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { propertiesOf, type PropertyShape } from "../../provider/shapes/property";
import { REGISTRY } from "../../provider/resources/registry";
import { REPO_ROOT } from "../resources/dist";

const PLUGIN_DIR = path.join(REPO_ROOT, "provider", "plugin");

/** Secret and write-only property names, at any depth, that are not plain words ("credentials" is one). */
function sensitiveNames(shapes: PropertyShape[]): string[] {
  return shapes.flatMap((shape) => [
    ...((shape.secret || shape.writeOnly) && /[A-Z]/.test(shape.name) ? [shape.name] : []),
    ...(shape.type.kind === "object" ? sensitiveNames(shape.type.properties) : []),
  ]);
}

it("no plugin source names a registered resource or a secret or write-only property", () => {
  const names = new Set(
    REGISTRY.flatMap(({ definition }) => [definition.name, ...sensitiveNames(propertiesOf(definition.inputs)), ...sensitiveNames(propertiesOf(definition.outputs))]),
  );
  expect(names.size).toBeGreaterThan(REGISTRY.length);
  const found: string[] = [];
  for (const file of fs.readdirSync(PLUGIN_DIR).filter((entry) => entry.endsWith(".ts"))) {
    const text = fs.readFileSync(path.join(PLUGIN_DIR, file), "utf8");
    for (const name of names) if (new RegExp(`\\b${name}\\b`).test(text)) found.push(`${file}: ${name}`);
  }
  expect(found).toEqual([]);
});
