// The one walk over a declared value (shapes/walk.ts) that check, diff, the stored-state reader and the secret walks
// share, on a type made for the test: which keys each form meets, the variant of a union by the value's tag, array
// items with their paths, where a visit stops, and the walk down one path.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { propertiesOf, property } from "../../provider/shapes/property";
import { knownPlainAt, secretMarksOf, withoutSecretValues } from "../../provider/shapes/secrets";
import { mapDeclared, mapGiven, objectOf, shapeAt, visitProperties } from "../../provider/shapes/walk";

const meta = (description: string) => ({ description });
const shapes = propertiesOf(
  z.object({
    name: property(z.string(), meta("name")),
    items: property(z.array(z.object({ label: property(z.string(), meta("label")), key: property(z.string(), { ...meta("key"), secret: true }) })), meta("items")),
    target: property(
      z.discriminatedUnion("type", [
        property(z.object({ type: property(z.literal("hook"), meta("tag")), token: property(z.string(), { ...meta("token"), secret: true }) }), meta("hook")),
        property(z.object({ type: property(z.literal("plain"), meta("tag")), url: property(z.string(), meta("url")) }), meta("plain")),
      ]),
      meta("target"),
    ),
  }),
);
const type = objectOf(shapes);
const value = { extra: 1, name: "n", items: [{ label: "a", key: "k1", stray: true }], target: { type: "hook", token: "t0ken", url: "u" } };

describe("the walk over a declared value", () => {
  it("mapDeclared meets the declared properties in declaration order, the absent ones too, and drops the rest", () => {
    const met: string[] = [];
    const mapped = mapDeclared(type, { ...value, name: undefined }, (step) => {
      met.push(step.path);
      return step.deeper();
    });
    expect(met).toEqual(["name", "items", "items[0].label", "items[0].key", "target", "target.type", "target.token"]);
    expect(mapped).toEqual({ items: [{ label: "a", key: "k1" }], target: { type: "hook", token: "t0ken" } });
  });

  it("mapGiven meets the keys given, declared or not, in their order, and keeps what it does not walk", () => {
    const met: [string, boolean][] = [];
    const mapped = mapGiven(type, value, (step) => {
      met.push([step.path, step.shape !== undefined]);
      return step.deeper();
    });
    expect(met).toEqual([
      ["extra", false],
      ["name", true],
      ["items", true],
      ["items[0].label", true],
      ["items[0].key", true],
      ["items[0].stray", false],
      ["target", true],
      ["target.type", true],
      ["target.token", true],
      ["target.url", false],
    ]);
    expect(mapped).toEqual(value);
  });

  it("a value not of its type's form is left as it is", () => {
    const each = () => "mapped";
    expect(mapDeclared(type, "text", each)).toBe("text");
    expect(mapDeclared(type, [1], each)).toEqual([1]);
    expect(mapGiven(shapes[1].type, { label: "a" }, each)).toEqual({ label: "a" });
  });

  it("a union is walked by the variant its tag names, and not at all by an unknown one", () => {
    const paths = (target: unknown) => {
      const met: string[] = [];
      visitProperties(shapes, { target }, (_shape, _value, path) => void met.push(path));
      return met;
    };
    expect(paths({ type: "plain", url: "u", token: "t" })).toEqual(["target", "target.type", "target.url"]);
    expect(paths({ type: "other", url: "u" })).toEqual(["target"]);
  });

  it("visitProperties goes no further below a property its visit returns false for", () => {
    const met: string[] = [];
    visitProperties(shapes, value, (shape, _value, path) => {
      met.push(path);
      return shape.name !== "items";
    });
    expect(met).toEqual(["name", "items", "target", "target.type", "target.token"]);
  });

  it("the secret walks read the same marks: by key on the way, whole where secret", () => {
    expect(secretMarksOf(shapes, value)).toEqual({ items: { "0": { key: true } }, target: { token: true } });
    expect(withoutSecretValues(type, value)).toEqual({ ...value, items: [{ label: "a", stray: true }], target: { type: "hook", url: "u" } });
  });

  it("walks down one path as far as the schema knows it", () => {
    expect(shapeAt(shapes, value, ["items", 0, "label"])?.description).toBe("label");
    expect(shapeAt(shapes, value, ["items", 0])).toBeUndefined();
    expect(shapeAt(shapes, value, ["name", 0])).toBeUndefined();
    expect(shapeAt(shapes, value, ["target", "url"])).toBeUndefined();
    expect(knownPlainAt(shapes, value, ["items", 0, "label"])).toBe(true);
    expect(knownPlainAt(shapes, value, ["items", 0])).toBe(false);
    expect(knownPlainAt(shapes, value, ["name", 0])).toBe(false);
    expect(knownPlainAt(shapes, value, ["target", "type"])).toBe(true);
    expect(knownPlainAt(shapes, { target: { type: "other" } }, ["target", "type"])).toBe(true);
    expect(knownPlainAt(shapes, value, ["target", "stray"])).toBe(false);
  });
});
