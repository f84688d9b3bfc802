// Fuzzed hostile input into the built handlers (dist/, loaded by package name as the host loads them):
// prototype keys at any depth, custom domains that are not host names, and phone provider ids that are not
// one path segment. Each is refused naming the key, the property or the id, with no HTTP call at all;
// valid host names and opaque ids made of unreserved characters go through.
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import type { CheckResult, ConfigureRequest, ReadResult } from "@pulumi/pulumi/dynamic";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { validPhoneProvider, validSelection, validTicket, type Args } from "./support/invalidArgs";
import { printTable } from "./support/table";

const RUNS = 1_000;
const FUZZ_SEED = Number(process.env.RELIABILITY_SEED ?? 20_250_607);

interface Handler {
  configure(req: ConfigureRequest): Promise<void>;
  check(olds: unknown, news: unknown): Promise<CheckResult>;
  read(id: string, props: unknown): Promise<ReadResult>;
  update(id: string, olds: unknown, news: unknown): Promise<unknown>;
  delete(id: string, props: unknown): Promise<void>;
}

const requireFromRepo = createRequire(join(REPO_ROOT, "package.json"));
const handler = (resource: string): Handler => requireFromRepo(`pulumi-tenant/dist/resources/${resource}/handler`) as Handler;

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** Where a prototype key can go in each resource's valid arguments ("" = the top level). */
const CONTAINERS: Record<string, { valid: () => Args; containers: string[] }> = {
  pushProviderSelection: { valid: validSelection, containers: [""] },
  phoneProvider: { valid: validPhoneProvider, containers: ["", "credentials", "configuration"] },
  enrollmentTicket: { valid: validTicket, containers: [""] },
};

/** An own key (as JSON.parse makes it) or a prototype set by assignment (as the host builds objects). */
function plantPrototypeKey(args: Args, container: string, key: (typeof PROTOTYPE_KEYS)[number], byAssignment: boolean, value: unknown): string {
  const target = container === "" ? args : (args[container] as Args);
  if (key === "__proto__" && byAssignment) Object.setPrototypeOf(target, typeof value === "object" && value !== null ? value : { name: "custom" });
  else Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return container === "" ? key : `${container}.${key}`;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789-";
const label = fc.string({ unit: fc.constantFrom(...LETTERS.split("")), minLength: 1, maxLength: 20 }).filter((text) => !text.startsWith("-") && !text.endsWith("-"));
const validHost = fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join(".")).filter((host) => host.length >= 3);

/** A valid host name broken in one way a header, a URL or a ticket link would suffer from. */
const invalidHost = fc.tuple(validHost, fc.nat({ max: 11 }), fc.string({ maxLength: 6 })).map(([host, way, extra]) => {
  const ways = [
    `https://${host}`,
    `${host}/${extra}`,
    `${host}:${443 + extra.length}`,
    `${host}?${extra}`,
    `${host}#${extra}`,
    `${host} ${extra}`,
    `${host}\r\nx-injected: ${extra}`,
    `é${host}`,
    `-${host}`,
    `${host}.`,
    `${host}..${host}`,
    `${"a".repeat(64)}.${host}`,
  ];
  return ways[way];
});

const UNRESERVED = "ABCXYZabcxyz0189._~-".split("");
const validId = fc.string({ unit: fc.constantFrom(...UNRESERVED), minLength: 1, maxLength: 30 }).filter((id) => id !== "." && id !== "..");
const invalidId = fc.oneof(
  fc.constantFrom("", ".", ".."),
  fc.tuple(validId, fc.constantFrom("/", "?", "#", "%", " ", "\r\n", "é", "\u0000", "+", ":"), validId).map(([a, bad, b]) => `${a}${bad}${b}`),
);

describe("fuzzed hostile input is refused by the built handlers, before any HTTP call", () => {
  let emulator: Emulator;
  const rows: (string | number)[][] = [];

  beforeAll(async () => {
    for (const name of ["TENANT_DOMAIN", "TENANT_CLIENT_ID", "TENANT_CLIENT_SECRET", "TENANT_API_TOKEN", "TENANT_AUDIENCE"]) vi.stubEnv(name, "");
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    const values: Record<string, string> = { "tenant:domain": emulator.url, "tenant:clientId": SENTINEL_CLIENT.id, "tenant:clientSecret": SENTINEL_CLIENT.secret };
    const request: ConfigureRequest = { config: { get: (key) => values[key], require: (key) => values[key] ?? "" } };
    for (const resource of Object.keys(CONTAINERS)) await handler(resource).configure(request);
  });

  afterAll(async () => {
    printTable("Fuzzed hostile input (built dist/)", ["case", "runs", "refused", "HTTP calls"], rows);
    vi.unstubAllEnvs();
    await emulator?.close();
  });

  it.each(Object.keys(CONTAINERS))(`%s: ${RUNS} sets with prototype keys, each key named`, async (resource) => {
    const { valid, containers } = CONTAINERS[resource];
    const plants = fc.uniqueArray(fc.tuple(fc.constantFrom(...containers), fc.constantFrom(...PROTOTYPE_KEYS), fc.boolean(), fc.jsonValue()), {
      minLength: 1,
      maxLength: 3,
      selector: ([container, key, byAssignment]) => `${container}.${key === "__proto__" && byAssignment ? "proto-assigned" : key}`,
    });
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(plants, async (planted) => {
        const args = valid();
        const expected = new Set(planted.map(([container, key, byAssignment, value]) => plantPrototypeKey(args, container, key, byAssignment, value)));
        const result = await handler(resource).check({}, args);
        const named = new Set((result.failures ?? []).map((failure) => failure.property));
        expect([...named].sort()).toEqual([...expected].sort());
        refused++;
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
    expect(emulator.count()).toBe(0);
    rows.push([`${resource}: prototype keys`, RUNS, refused, emulator.count()]);
  });

  it(`EnrollmentTicket: ${RUNS} custom domains that are not host names are refused; valid ones pass`, async () => {
    const ticket = handler("enrollmentTicket");
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(invalidHost, async (customDomain) => {
        const result = await ticket.check({}, { ...validTicket(), customDomain });
        expect(result.failures).toEqual([{ property: "customDomain", reason: expect.stringMatching(/^must be a host name such as "login\.example\.com"/) }]);
        refused++;
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
    await fc.assert(
      fc.asyncProperty(validHost, async (customDomain) => {
        expect((await ticket.check({}, { ...validTicket(), customDomain })).failures).toEqual([]);
      }),
      { numRuns: RUNS / 2, seed: FUZZ_SEED },
    );
    expect(emulator.count()).toBe(0);
    rows.push(["EnrollmentTicket: customDomain", RUNS, refused, emulator.count()]);
  });

  it(`PhoneProvider: ${RUNS} ids that are not one path segment are refused by read, update and delete, naming the id`, async () => {
    const phone = handler("phoneProvider");
    const stored = { ...validPhoneProvider(), disabled: false, adoptExisting: false, schemaVersion: 1 };
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(invalidId, async (id) => {
        for (const call of [() => phone.read(id, stored), () => phone.update(id, stored, validPhoneProvider()), () => phone.delete(id, stored)]) {
          await expect(call()).rejects.toThrow(`PhoneProvider id ${JSON.stringify(id.slice(0, 80))} is not a phone provider id`);
        }
        refused++;
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
    expect(emulator.count(undefined, "/api/v2")).toBe(0);
    rows.push(["PhoneProvider: ids", RUNS, refused, emulator.count(undefined, "/api/v2")]);
  });

  it("positive control: opaque ids of unreserved characters reach the service", async () => {
    const phone = handler("phoneProvider");
    await fc.assert(
      fc.asyncProperty(validId, async (id) => {
        const before = emulator.count("GET", "/api/v2/branding/phone/providers/");
        // The emulator judges the format (400) or finds nothing (404, read as gone): either way the id was sent.
        await phone.read(id, {}).catch(() => undefined);
        expect(emulator.count("GET", "/api/v2/branding/phone/providers/")).toBe(before + 1);
      }),
      { numRuns: 100, seed: FUZZ_SEED },
    );
  });
});
