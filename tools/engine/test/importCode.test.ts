/**
 * The stand-in's `pulumi import` code inputs follow the engine's generator (pkg/importer/hcl2.go): read inputs as
 * the schema types them, absent required inputs as zero values, absent optional ones left out, undeclared object
 * keys dropped, and no zero value for a required enum (the engine's generator fails there too).
 */
import { describe, expect, it } from "vitest";
import { formatResult } from "../cli";
import { generatedInputs, type PackageSchema } from "../importCode";
import { secretEnvelope } from "../values";

const SCHEMA: PackageSchema = {
  resources: {
    "pkg:index:Thing": {
      inputProperties: {
        name: { type: "string" },
        count: { type: "integer" },
        enabled: { type: "boolean" },
        tags: { type: "array", items: { type: "string" } },
        labels: { type: "object", additionalProperties: { type: "string" } },
        auth: { $ref: "#/types/pkg:index:Auth" },
        note: { type: "string" },
        kind: { $ref: "#/types/pkg:index:Kind" },
      },
      requiredInputs: ["name", "count", "enabled", "tags", "labels", "auth"],
    },
    "pkg:index:Kinded": { inputProperties: { kind: { $ref: "#/types/pkg:index:Kind" } }, requiredInputs: ["kind"] },
  },
  types: {
    "pkg:index:Auth": { type: "object", properties: { user: { type: "string" }, token: { type: "string" } }, required: ["user"] },
    "pkg:index:Kind": { type: "string", enum: [{ name: "A", value: "a" }] },
  },
};

describe("generated import inputs", () => {
  it("fills every absent required input with its type's zero value and leaves optional ones out", () => {
    expect(generatedInputs(SCHEMA, "pkg:index:Thing", {})).toEqual({ name: "", count: 0, enabled: false, tags: [], labels: {}, auth: { user: "" } });
  });

  it("keeps read values as typed, drops undeclared object keys, keeps a scalar secret", () => {
    const read = { name: "n", count: 2, enabled: true, tags: ["x"], labels: { k: "v" }, auth: { token: secretEnvelope("t"), extra: 1 }, kind: "a", stray: 1 };
    expect(generatedInputs(SCHEMA, "pkg:index:Thing", read)).toEqual({
      name: "n",
      count: 2,
      enabled: true,
      tags: ["x"],
      labels: { k: "v" },
      auth: { user: "", token: secretEnvelope("t") },
      kind: "a",
    });
  });

  it("fails on a required enum with no value, as the engine's generator does", () => {
    expect(() => generatedInputs(SCHEMA, "pkg:index:Kinded", {})).toThrow(/unexpected schema type .*pkg:index:Kind/);
  });
});

describe("the stand-in's import command", () => {
  it("prints the generated code's inputs, secrets masked", () => {
    const step = { op: "import" as const, type: "pkg:Thing", name: "t", urn: "urn:pulumi:dev::p::pkg:index:Thing::t", generatedInputs: { name: "n", token: secretEnvelope("sentinel-printed-secret") } };
    const text = formatResult({ steps: [step], outputs: {} } as unknown as Parameters<typeof formatResult>[0]);
    expect(text).toContain("Generated code inputs:");
    expect(text).toContain('t: {"name":"n"');
    expect(text).not.toContain("sentinel-printed-secret");
  });
});
