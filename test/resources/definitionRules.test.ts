// What a definition's metadata makes check and diff do, on a definition made for the test (every resource's own
// behaviour is in its suite): defaults, the three kinds of set, values the service keeps, properties not managed
// when left out (at any depth), null read as absent, and failures that never name a property holding a secret.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkByDefinition, keptValuesLeftOut, parseCheckedInputs } from "../../provider/resources/common/check";
import { defineResource } from "../../provider/resources/common/definition";
import { diffByDefinition } from "../../provider/resources/common/diff";
import { strictShape } from "../../provider/resources/common/validation";
import { property } from "../../provider/shapes/property";
import { UNKNOWN } from "./harness";

const meta = (description: string) => ({ description });
const gadget = defineResource({
  name: "Gadget",
  module: "gadget",
  description: "A test resource.",
  getDescription: "",
  argsDescription: "",
  identity: { kind: "service", noun: "gadget", prefix: "gad_" },
  scopes: { create: [], read: [], update: [], delete: [] },
  inputs: strictShape({
    name: property(z.string().min(1), { ...meta("name"), onChange: "replace" }),
    enabled: property(z.boolean().default(true), meta("on")),
    local: property(z.boolean().default(false), { ...meta("a local setting"), onChange: "ignore" }),
    refused: property(z.array(z.enum(["a", "b"])).optional(), { ...meta("no repeats"), set: { repeats: "refused", item: "letter" } }),
    ignored: property(z.array(z.string()).optional(), { ...meta("repeats make no diff"), set: { repeats: "ignored" } }),
    counted: property(z.array(z.string()).optional(), { ...meta("repeats are a change"), set: { repeats: "counted" } }),
    secret: property(z.string().min(1), { ...meta("kept"), secret: true, writeOnly: true, keptWhenOmitted: true }),
    content: property(
      strictShape({
        from: property(z.string().min(1).optional(), { ...meta("sender"), unmanagedWhenOmitted: true }),
        text: property(z.string().min(1), meta("text")),
      }).optional(),
      meta("content"),
    ),
    target: property(
      z.discriminatedUnion("type", [
        property(strictShape({ type: property(z.literal("hook"), meta("tag")), token: property(z.string().min(1), { ...meta("t"), secret: true, keptWhenOmitted: true }) }), meta("hook")),
        property(strictShape({ type: property(z.literal("plain"), meta("tag")), url: property(z.string(), meta("url")) }), meta("plain")),
      ]).optional(),
      meta("where"),
    ),
  }),
  outputs: z.object({ name: property(z.string(), meta("name")) }),
});

const base = { name: "g", secret: "s3cret-value" };
const stored = { name: "g", enabled: true, secret: "s3cret-value", schemaVersion: 1 };
const diff = (news: object, olds: object = stored) => diffByDefinition(gadget, olds, { ...base, ...news });

describe("check by definition", () => {
  it("reads null as absent: a required input given as null is required", () => {
    expect(checkByDefinition(gadget, {}, { ...base, name: null }).failures).toEqual([{ property: "name", reason: "is required" }]);
    expect(checkByDefinition(gadget, {}, { ...base, content: null }).inputs).toEqual({ ...base, enabled: true });
  });

  it("lets an existing resource leave out, blank or null a value the service keeps, and not a new one", () => {
    for (const kept of [undefined, "", null]) {
      const result = checkByDefinition(gadget, stored, { name: "g", secret: kept });
      expect(result.failures).toEqual([]);
      expect(result.inputs).toEqual({ name: "g", enabled: true });
    }
    expect(checkByDefinition(gadget, {}, { name: "g" }).failures).toEqual([{ property: "", reason: "secret is required" }]);
    expect(checkByDefinition(gadget, stored, { ...base, target: { type: "hook", token: "" } }).failures).toEqual([]);
    // An empty object is no way to leave out a kept string: it is refused, as any other wrong type.
    expect(checkByDefinition(gadget, stored, { name: "g", secret: {} }).failures).toEqual([{ property: "", reason: "secret must be a string" }]);
  });

  it("fills in the default of an omitted input the service holds, as a refresh reads it; a local setting stays as given", () => {
    expect(checkByDefinition(gadget, {}, base).inputs).toEqual({ ...base, enabled: true });
    expect(checkByDefinition(gadget, {}, { ...base, enabled: false, local: true }).inputs).toEqual({ ...base, enabled: false, local: true });
    expect(checkByDefinition(gadget, {}, { ...base, enabled: null }).inputs).toEqual({ ...base, enabled: true });
    expect(diff({}, checkByDefinition(gadget, {}, base).inputs).changes).toBe(false);
  });

  it("refuses a repeat in a set that says so, naming the item", () => {
    expect(checkByDefinition(gadget, {}, { ...base, refused: ["a", "a"] }).failures).toEqual([{ property: "refused", reason: "must not list a letter twice" }]);
    expect(checkByDefinition(gadget, {}, { ...base, ignored: ["x", "x"], counted: ["y", "y"] }).failures).toEqual([]);
  });

  it("never names a property that holds a secret further down: a bad union names its tag", () => {
    expect(checkByDefinition(gadget, {}, { ...base, target: { type: "nope", token: "abcd" } }).failures).toEqual([
      { property: "", reason: 'target.type must be one of "hook", "plain" (got "nope")' },
    ]);
  });

  it("names no property for a path inside one (the engine would print {<nil>}): the reason says the path and the value, never a secret's", () => {
    expect(checkByDefinition(gadget, {}, { ...base, content: { from: "", text: "x" } }).failures).toEqual([
      { property: "", reason: 'content.from must be at least 1 character(s) long (got "")' },
    ]);
    expect(checkByDefinition(gadget, {}, { ...base, target: { type: "hook", token: "ab" } }).failures).toEqual([
      { property: "", reason: "target.token must be at least 4 characters long, as every secret" },
    ]);
    const long = "x".repeat(200);
    const [tooLong] = checkByDefinition(gadget, {}, { ...base, content: { text: "x", extra: long } }).failures ?? [];
    expect(tooLong?.reason.length).toBeLessThan(200);
  });

  it("parses checked inputs with their defaults; an update may lack what the service keeps", () => {
    expect(parseCheckedInputs(gadget, base, false)).toMatchObject({ enabled: true });
    expect(parseCheckedInputs(gadget, { name: "g", target: { type: "hook" } }, true)).toEqual({ name: "g", enabled: true, local: false, target: { type: "hook" } });
    expect(() => parseCheckedInputs(gadget, { name: "g" }, false)).toThrow(/Invalid Gadget inputs: secret is required/);
    expect(keptValuesLeftOut(gadget, { name: "g", target: { type: "hook" } })).toEqual(["secret", "target.token"]);
  });
});

describe("diff by definition", () => {
  it("compares an omitted input as its default, and null as absent", () => {
    expect(diff({}).changes).toBe(false);
    expect(diff({ enabled: true }).changes).toBe(false);
    expect(diff({ enabled: false }).diffs).toEqual(["enabled"]);
    expect(diff({}, { ...stored, content: null }).changes).toBe(false);
  });

  it("never counts order in a set; repeats per the set's rule", () => {
    const olds = { ...stored, ignored: ["x", "y"], counted: ["x", "y"] };
    expect(diff({ ignored: ["y", "x"], counted: ["y", "x"] }, olds).changes).toBe(false);
    expect(diff({ ignored: ["y", "x", "x"], counted: ["y", "x"] }, olds).changes).toBe(false);
    expect(diff({ ignored: ["y", "x"], counted: ["y", "x", "x"] }, olds).diffs).toEqual(["counted"]);
  });

  it("leaves a nested property out of the comparison when the program leaves it out and it is not managed then", () => {
    const olds = { ...stored, content: { from: "+1555", text: "hi" } };
    expect(diff({ content: { text: "hi" } }, olds).changes).toBe(false);
    expect(diff({ content: { from: "+1666", text: "hi" } }, olds).diffs).toEqual(["content"]);
  });

  it("counts an unknown as a change, and replaces on a replacing property or a new variant", () => {
    expect(diff({ enabled: UNKNOWN }).diffs).toEqual(["enabled"]);
    expect(diff({ name: "h" }).replaces).toEqual(["name"]);
    const olds = { ...stored, target: { type: "plain", url: "u" } };
    expect(diff({ target: { type: "hook", token: "t0ken" } }, olds).replaces).toEqual(["target"]);
  });
});
