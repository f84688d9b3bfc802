// The compiled reader against zod itself: whatever it accepts, zod accepts with the very same value (keys, order,
// stripping); what it refuses, zod decides. Checked on every construct it compiles or hands over, then on thousands
// of generated bodies for every response schema of the package, valid ones and broken ones.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compiledReader, REJECTED } from "../../provider/client/compiledReader";
import { tokenResponseSchema } from "../../provider/client/auth";
import * as apnsWire from "../../provider/resources/apnsPushProvider/wire";
import * as ticketWire from "../../provider/resources/enrollmentTicket/wire";
import * as eventStreamWire from "../../provider/resources/eventStream/wire";
import * as fcmWire from "../../provider/resources/fcmPushProvider/wire";
import * as factorWire from "../../provider/resources/mfaFactor/wire";
import * as policyWire from "../../provider/resources/mfaPolicy/wire";
import * as messageTypesWire from "../../provider/resources/phoneMessageTypes/wire";
import * as phoneWire from "../../provider/resources/phoneProvider/wire";
import * as selectionWire from "../../provider/resources/pushProviderSelection/wire";
import * as snsWire from "../../provider/resources/snsPushProvider/wire";

/** JSON with key order made visible: two values print the same only with the same keys in the same order. */
const ordered = (value: unknown): string => JSON.stringify(value) ?? "undefined";

/** The property under test, for one input. */
function agreesWithZod(schema: z.ZodType, input: unknown): { compiled: boolean; zodAccepts: boolean } {
  const read = compiledReader(schema);
  if (read === undefined) throw new Error("no compiled reader");
  const value = read(input);
  const verdict = schema.safeParse(input);
  if (value !== REJECTED) {
    expect(verdict.success, `zod refuses what the reader accepted: ${ordered(input)}`).toBe(true);
    expect(ordered(value)).toBe(ordered(verdict.data));
    expect(value).toStrictEqual(verdict.data);
  }
  return { compiled: value !== REJECTED, zodAccepts: verdict.success };
}

describe("compiled reader: each construct", () => {
  const cases: [string, z.ZodType, unknown[]][] = [
    ["string", z.string(), ["a", "", 1, null, undefined, {}]],
    ["number", z.number(), [1, 0, -2.5, "1", null, Number.NaN, Infinity]],
    ["boolean", z.boolean(), [true, false, 0, "true"]],
    ["null", z.null(), [null, undefined, 0]],
    ["enum", z.enum(["a", "b"]), ["a", "b", "c", 1]],
    ["literal", z.literal(3), [3, "3", 4]],
    ["optional", z.string().optional(), [undefined, "x", null]],
    ["nullable", z.string().nullable(), [null, "x", undefined]],
    ["nullish", z.number().nullish(), [null, undefined, 1, "1"]],
    ["array", z.array(z.string()), [[], ["a", "b"], ["a", 1], "a", {}]],
    ["non-empty string", z.string().min(1), ["a", "", "😀", "\ud800", 1, null]],
    ["string, minimum 0", z.string().min(0), ["", "a", 0]],
    ["string with a check", z.string().min(2), ["ab", "a", "", "😀", "😀😀"]],
    ["string with two checks", z.string().min(1).max(3), ["", "abc", "abcd"]],
    ["string format with a minimum", z.email().min(1), ["a@example.com", "nope", ""]],
    ["string format", z.email(), ["a@example.com", "nope"]],
    ["coerced", z.coerce.number(), ["12", 12, "x"]],
    ["custom", z.custom<object>((value) => typeof value === "object" && value !== null), [{}, [], null, 1]],
    ["union", z.union([z.string(), z.number()]), ["a", 1, true]],
    ["default", z.string().default("d"), [undefined, "x", 1]],
    ["optional default", z.string().default("d").optional(), [undefined, "x"]],
    ["transform", z.string().transform((text) => text.length), ["abc", 1]],
    ["record", z.record(z.string(), z.number()), [{ a: 1 }, { a: "1" }, []]],
    ["unknown", z.unknown(), [1, undefined, { a: [1] }]],
    ["array with a check", z.array(z.number()).min(1), [[], [1]]],
  ];
  for (const [name, schema, inputs] of cases) {
    it(`${name}: agrees with zod on ${inputs.length} inputs`, () => {
      for (const input of inputs) agreesWithZod(schema, input);
    });
  }

  const object = z.object({ id: z.string(), count: z.number().optional(), note: z.string().nullish(), tags: z.array(z.string()) });
  it("objects: strips undeclared keys, keeps declaration order, leaves absent optionals out", () => {
    const inputs = [
      { tags: [], id: "x" },
      { id: "x", tags: ["a"], count: 2, note: null, extra: "secret" },
      { id: "x", tags: [], note: undefined },
      { tags: [] },
      { id: 1, tags: [] },
      { id: "x", tags: [], count: "2" },
      null,
      [],
      "x",
    ];
    for (const input of inputs) agreesWithZod(object, input);
    const read = compiledReader(object)!;
    expect(Object.keys(read({ tags: [], id: "x", zzz: 1 }) as object)).toEqual(["id", "tags"]);
    expect(read({ id: "x", tags: [], extra: "secret" })).not.toHaveProperty("extra");
  });

  it("objects: inherited names are read as zod reads them (`in`, not own keys)", () => {
    const schema = z.object({ toString: z.string().optional(), constructor: z.string().optional() });
    for (const input of [{}, { toString: "x" }, { constructor: "y" }]) agreesWithZod(schema, input);
  });

  it("objects: a required key must be present even when its schema takes undefined", () => {
    const schema = z.object({ anything: z.custom<unknown>(() => true) });
    expect(schema.safeParse({}).success).toBe(false);
    for (const input of [{}, { anything: 1 }, { anything: null }]) agreesWithZod(schema, input);
  });

  it("hands strict, loose, refined and catch-all objects to zod whole", () => {
    const base = { a: z.string() };
    const schemas = [z.strictObject(base), z.looseObject(base), z.object(base).refine((value) => value.a !== "no"), z.object(base).catchall(z.number())];
    for (const schema of schemas) for (const input of [{ a: "x" }, { a: "no" }, { a: "x", b: 1 }, { a: "x", b: "y" }]) agreesWithZod(schema, input);
  });

  it("compiles a recursive object once and hands its deeper levels to zod", () => {
    const node = z.object({
      name: z.string(),
      get children(): z.ZodArray<typeof node> {
        return z.array(node);
      },
    });
    const inputs = [{ name: "a", children: [] }, { name: "a", children: [{ name: "b", children: [{ name: "c", children: [], x: 1 }] }] }, { name: "a", children: [{ name: 1, children: [] }] }];
    for (const input of inputs) agreesWithZod(node, input);
    expect(compiledReader(node)!(inputs[1])).not.toBe(REJECTED);
  });

  it("hands an object with a defaulted key to zod whole", () => {
    const schema = z.object({ a: z.string().default("d"), b: z.string().optional().default("e") });
    for (const input of [{}, { a: "x" }, { b: undefined }, { a: 1 }]) agreesWithZod(schema, input);
  });

  it("reads a page of event streams without falling back to zod", () => {
    const page = {
      eventStreams: [
        {
          id: "est_1",
          name: "one",
          status: "enabled",
          subscriptions: [{ event_type: "user.created", extra: 1 }],
          destination: { type: "webhook", configuration: { webhook_endpoint: "https://x", webhook_authorization: { method: "basic" } } },
          created_at: "2026-01-01T00:00:00Z",
          updated_at: "2026-01-01T00:00:00Z",
          undeclared: true,
        },
      ],
      next: "cursor",
    };
    expect(agreesWithZod(eventStreamWire.eventStreamsPageWire, page)).toEqual({ compiled: true, zodAccepts: true });
  });
});

describe("compiled reader: where code cannot be generated", () => {
  it("leaves every body to zod, which still reads it", () => {
    const module = path.join(__dirname, "..", "..", "provider", "client", "compiledReader.ts");
    const script =
      `const { z } = require("zod"); const { compiledReader } = require(${JSON.stringify(module)});` +
      `const schema = z.object({ a: z.string() });` +
      `console.log(JSON.stringify({ reader: compiledReader(schema) === undefined ? "none" : "compiled", parsed: schema.parse({ a: "x", b: 1 }) }));`;
    const run = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", "--import", "tsx", "-e", script], {
      cwd: path.join(__dirname, "..", ".."),
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ reader: "none", parsed: { a: "x" } });
  });
});

/** A deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

function junk(random: Random, depth = 0): unknown {
  const simple = [() => "", () => "x", () => "secret-value", () => 0, () => 1.5, () => -1, () => true, () => false, () => null];
  const nested = [() => ({}), () => [], () => ({ a: junk(random, depth + 1) }), () => [junk(random, depth + 1)]];
  return pick(random, depth < 2 ? [...simple, ...nested] : simple)();
}

/** A body shaped like `schema` most of the time, with a broken, missing or extra piece now and then. */
function sample(schema: z.ZodType, random: Random, depth = 0): unknown {
  if (random() < 0.04) return junk(random);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case "string":
      return pick(random, ["", "a", "abc", "user.created", "https://example.com/x", "2026-01-01T00:00:00Z"]);
    case "number":
      return pick(random, [0, 1, 42, -3, 2.5]);
    case "boolean":
      return random() < 0.5;
    case "null":
      return null;
    case "enum":
    case "literal":
      return pick(random, [...(schema as unknown as { _zod: { values: Set<unknown> } })._zod.values]);
    case "optional":
      return random() < 0.25 ? undefined : sample(def.innerType as z.ZodType, random, depth);
    case "nullable":
      return random() < 0.25 ? null : sample(def.innerType as z.ZodType, random, depth);
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return random() < 0.25 ? undefined : sample(def.innerType as z.ZodType, random, depth);
    case "pipe":
      return sample(def.in as z.ZodType, random, depth);
    case "array":
      return depth > 4 ? [] : Array.from({ length: Math.floor(random() * 3) }, () => sample(def.element as z.ZodType, random, depth + 1));
    case "union":
      return sample(pick(random, def.options as z.ZodType[]), random, depth);
    case "object": {
      const result: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (random() < 0.05) continue;
        result[key] = sample(field, random, depth + 1);
      }
      if (random() < 0.2) result.undeclared_field = junk(random);
      return result;
    }
    default:
      return junk(random);
  }
}

const RESPONSE_MODULES: Record<string, Record<string, unknown>> = {
  auth: { tokenResponseSchema },
  apnsWire,
  ticketWire,
  eventStreamWire,
  fcmWire,
  factorWire,
  policyWire,
  messageTypesWire,
  phoneWire,
  selectionWire,
  snsWire,
};

const schemasOf = (module: Record<string, unknown>): [string, z.ZodType][] =>
  Object.entries(module).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);

describe("compiled reader: every wire schema of the package, generated bodies", () => {
  const SAMPLES = 1500;
  for (const [moduleName, module] of Object.entries(RESPONSE_MODULES)) {
    const schemas = schemasOf(module);
    it(`${moduleName}: ${schemas.length} schemas agree with zod on ${SAMPLES} bodies each`, () => {
      expect(schemas.length).toBeGreaterThan(0);
      for (const [name, schema] of schemas) {
        const random = randomSource(name.length * 7919 + SAMPLES);
        let compiledHits = 0;
        let accepted = 0;
        for (let index = 0; index < SAMPLES; index++) {
          // Through JSON, as bodies arrive: undefined keys vanish.
          const text = JSON.stringify(sample(schema, random)) ?? "null";
          const outcome = agreesWithZod(schema, JSON.parse(text));
          if (outcome.compiled) compiledHits++;
          if (outcome.zodAccepts) accepted++;
        }
        // The samples must reach both sides of the property, or it proves little.
        expect(accepted, `${name}: too few valid samples`).toBeGreaterThan(SAMPLES / 20);
        expect(compiledHits, `${name}: the compiled reader never answered`).toBeGreaterThan(0);
      }
    });
  }
});
