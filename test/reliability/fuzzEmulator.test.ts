// Fuzzed bad input, service side: at least 1,000 random invalid requests to the
// emulator's /api/v2. Each must get the 4xx the API contract gives it, in the service's error
// shape ({statusCode, error, message, errorCode?}; 401s add attributes.error), and leave the tenant's
// state — write-only secrets included — exactly as it was.
import { STATUS_CODES } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CONTRACT_SCOPES, startEmulator, type Emulator } from "../../tools/emulator";
import { invalidRequests, type Existing, type InvalidRequest } from "./support/invalidRequests";
import { printTable } from "./support/table";

const RUNS = 1_200;
const FUZZ_SEED = Number(process.env.RELIABILITY_SEED ?? 20_250_607);
const CLIENT = { id: "fuzz-admin", secret: "fuzz-admin-secret" };

/** The service's error envelope; nothing else may appear in an error body. */
const errorEnvelope = z.strictObject({
  statusCode: z.number().int(),
  error: z.string().min(1),
  message: z.string().min(1),
  errorCode: z.string().min(1).optional(),
  attributes: z.strictObject({ error: z.string().min(1) }).optional(),
});

/** Everything the tenant holds, write-only secrets included (the snapshot view leaves those out). */
function fingerprint(emulator: Emulator): string {
  const state = emulator.state;
  return JSON.stringify({
    view: state.snapshot(),
    credentials: [...state.phoneProviders.values()].map((provider) => provider.credentials),
    destinations: state.eventStreams.map((stream) => stream.destination),
  });
}

describe("fuzzed invalid requests to the emulator", () => {
  let emulator: Emulator;
  let adminToken: string;
  let existing: Existing;
  const scopedTokens = new Map<string, string>();
  const statusByCategory = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [CLIENT] });
    adminToken = await emulator.issueToken(CLIENT.id);
    const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
    const provider = await fetch(`${emulator.url}/api/v2/branding/phone/providers`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "vendor_a",
        credentials: { auth_token: "seeded-auth-token" },
        configuration: { sid: "AC1", delivery_methods: ["text"], default_from: "+15550100" },
      }),
    });
    expect(provider.status).toBe(201);
    const [stream] = emulator.state.seedEventStreams(2, "fuzz-seed");
    existing = { phoneProviderId: ((await provider.json()) as { id: string }).id, eventStreamId: stream.id, eventStreamName: stream.name };
  });

  afterAll(async () => {
    printTable(
      "Fuzzed invalid requests to the emulator (status counts per category)",
      ["category", "requests", "statuses"],
      [...statusByCategory.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, statuses]) => [
          category,
          [...statuses.values()].reduce((sum, count) => sum + count, 0),
          [...statuses.entries()].map(([status, count]) => `${status}×${count}`).join(" "),
        ]),
    );
    await emulator?.close();
  });

  async function authorization(auth: InvalidRequest["auth"]): Promise<string | undefined> {
    if (auth === "admin") return `Bearer ${adminToken}`;
    if (auth === "none") return undefined;
    if ("header" in auth) return auth.header;
    let token = scopedTokens.get(auth.scopesExcept);
    if (!token) {
      token = await emulator.issueToken(CLIENT.id, { scopes: CONTRACT_SCOPES.filter((scope) => scope !== auth.scopesExcept) });
      scopedTokens.set(auth.scopesExcept, token);
    }
    return `Bearer ${token}`;
  }

  it(`${RUNS} invalid requests: each a 4xx in the service's error shape, state unchanged`, async () => {
    const before = fingerprint(emulator);
    const requestsBefore = emulator.count();
    await fc.assert(
      fc.asyncProperty(invalidRequests(existing), async (request) => {
        const headers: Record<string, string> = { ...request.headers };
        const auth = await authorization(request.auth);
        if (auth !== undefined) headers.authorization = auth;
        if (request.contentType !== undefined) headers["content-type"] = request.contentType;
        const response = await fetch(`${emulator.url}${request.path}`, { method: request.method, headers, body: request.body });
        const text = await response.text();
        const statuses = statusByCategory.get(request.category) ?? new Map<number, number>();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        statusByCategory.set(request.category, statuses);

        const context = `${request.category}: ${request.method} ${request.path} ${request.body ?? ""} -> ${response.status} ${text}`;
        expect(response.status, context).toBe(request.expectedStatus);
        expect(response.headers.get("content-type"), context).toBe("application/json; charset=utf-8");
        const body = errorEnvelope.parse(JSON.parse(text));
        expect(body.statusCode, context).toBe(response.status);
        expect(body.error, context).toBe(STATUS_CODES[response.status]);
        expect(body.attributes === undefined || response.status === 401, context).toBe(true);
        expect(fingerprint(emulator), context).toBe(before);
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
    expect(emulator.count() - requestsBefore).toBeGreaterThanOrEqual(RUNS);
    expect(statusByCategory.size).toBeGreaterThan(20);
  }, 120_000);
});
