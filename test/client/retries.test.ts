// Rate limits, server errors, dropped connections and deadlines, over real HTTP against the emulator.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { AmbiguousRequestError, ApiError, NetworkError, TenantClient } from "../../provider/client";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../tools/emulator";
import {
  FAST,
  PHONE_API_PATH,
  PHONE_PATH,
  PUSH_API_PATH,
  PUSH_PATH,
  clientCredentials,
  phoneProviderBody,
  phoneProviderSchema,
  pushSelectionSchema,
  rejectionOf,
  sendCounter,
  type SendCounts,
} from "./helpers";

const emulators: Emulator[] = [];
const clients: TenantClient[] = [];
/** For tests that cause no 429s and no delayed answers, which could leak into the next test. */
let shared: Emulator | undefined;

/**
 * A warm client (token cached) on a clean emulator. Tests that provoke 429s get their own emulator port,
 * so the per-base-URL throttle one test closes cannot delay another.
 */
async function setup(
  options: EmulatorOptions | "shared" = {},
  clientOptions = FAST,
): Promise<{ emu: Emulator; tenant: TenantClient; sent: () => SendCounts }> {
  let emu: Emulator;
  if (options === "shared") {
    shared ??= await startEmulator();
    emu = shared;
  } else {
    emu = await startEmulator(options);
    emulators.push(emu);
  }
  emu.reset();
  const counter = sendCounter();
  const tenant = new TenantClient(clientCredentials(emu.url), { ...clientOptions, logger: counter.logger });
  clients.push(tenant);
  // Warm the token cache so request counts below are about the call under test only.
  await tenant.request("GET", PUSH_PATH, { operation: "warm up" });
  emu.reset();
  return { emu, tenant, sent: counter.counts };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((tenant) => tenant.close()));
  await Promise.all(emulators.splice(0).map((emu) => emu.close()));
});
afterAll(async () => {
  await shared?.close();
});

const readPush = (tenant: TenantClient): Promise<unknown> =>
  tenant.request("GET", PUSH_PATH, { operation: "read push provider", schema: pushSelectionSchema });
const selectPush = (tenant: TenantClient, provider: string): Promise<unknown> =>
  tenant.request("PUT", PUSH_PATH, { operation: "select push provider", body: { provider }, schema: pushSelectionSchema });
const createPhone = (tenant: TenantClient): Promise<unknown> =>
  tenant.request("POST", PHONE_PATH, { operation: "create phone provider", body: phoneProviderBody, schema: phoneProviderSchema });

describe("429 handling", () => {
  it("waits at least until x-ratelimit-reset, then succeeds", async () => {
    const { emu, tenant, sent } = await setup();
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "429", resetSeconds: 1 });
    const started = Date.now();
    await expect(readPush(tenant)).resolves.toEqual({ provider: "guardian" });
    const elapsed = Date.now() - started;

    const [throttled, retried] = emu.requests;
    expect([throttled.status, retried.status]).toEqual([429, 200]);
    const resetAt = (Math.floor(throttled.startedAt / 1000) + 1) * 1000;
    expect(retried.startedAt).toBeGreaterThanOrEqual(resetAt);
    expect(elapsed).toBeGreaterThanOrEqual(resetAt - started);
    expect(elapsed).toBeLessThan(resetAt - started + 1_500);
    expect(sent().retries).toBe(1);
  });

  it("prefers Retry-After over a later x-ratelimit-reset", async () => {
    const { emu, tenant } = await setup();
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "429", retryAfterSeconds: 1, resetSeconds: 5 });
    const started = Date.now();
    await readPush(tenant);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(2_500);
  });

  it("retries a rate-limited POST: a 429 means it was not processed", async () => {
    const { emu, tenant } = await setup();
    emu.injectFault({ method: "POST", path: PHONE_API_PATH, count: 1, kind: "429", retryAfterSeconds: 0 });
    await expect(createPhone(tenant)).resolves.toMatchObject({ name: "vendor_a" });
    expect(emu.count("POST", PHONE_API_PATH)).toBe(2);
    expect(emu.state.phoneProviders.size).toBe(1);
  });

  it("gives up at once when the wait would pass the call's deadline", async () => {
    const { emu, tenant } = await setup({}, { ...FAST, deadlineMs: 1_000 });
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "429", retryAfterSeconds: 30 });
    const started = Date.now();
    const error = await rejectionOf(readPush(tenant));
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect(error.message).toContain("the next try would pass the call's deadline");
  });

  it("holds later calls back once x-ratelimit-remaining hits 0, instead of provoking 429s", async () => {
    const { emu, tenant } = await setup({ rateLimit: 4 });
    for (let i = 0; i < 9; i++) await readPush(tenant);
    expect(emu.requests.map((entry) => entry.status)).toEqual(Array(9).fill(200));
  });

  it("with the emulator's rate limit, a burst of 100 calls finishes with zero 429s reaching the caller", async () => {
    const { emu, tenant } = await setup({ rateLimit: 40 }, { deadlineMs: 30_000 });
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => readPush(tenant)));
    const failures = results.filter((result) => result.status === "rejected");
    expect(failures).toEqual([]);
    expect(emu.requests.filter((entry) => entry.status === 200)).toHaveLength(100);
  });

  it("announces a long rate-limit wait once, however many calls wait, and stays quiet for short ones", async () => {
    const notices: string[] = [];
    const { emu, tenant } = await setup({}, { ...FAST, longWaitNoticeMs: 300, notice: (line) => notices.push(line) });
    // Three 429s with a reset 2 s ahead: every caller waits, and each would otherwise say so.
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 3, kind: "429", resetSeconds: 2 });
    await Promise.all([readPush(tenant), readPush(tenant), readPush(tenant)]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^\[pulumi-tenant\] the tenant's API rate limit is exhausted: waiting \d s .*before GET \/api\/v2\/guardian\/factors\/push-notification\/selected-provider \(read push provider\)\.$/);

    const quiet: string[] = [];
    const short = await setup({}, { ...FAST, longWaitNoticeMs: 10_000, notice: (line) => quiet.push(line) });
    short.emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "429", resetSeconds: 1 });
    await readPush(short.tenant);
    expect(quiet).toEqual([]);
  });
});

describe("5xx and network errors", () => {
  it("retries a PUT through two 503s, then succeeds", async () => {
    const { emu, tenant, sent } = await setup("shared");
    emu.injectFault({ method: "PUT", path: PUSH_API_PATH, count: 2, kind: "503" });
    await expect(selectPush(tenant, "sns")).resolves.toEqual({ provider: "sns" });
    expect(emu.requests.map((entry) => entry.status)).toEqual([503, 503, 200]);
    expect(sent().retries).toBe(2);
  });

  it("honours Retry-After on a 503", async () => {
    const { emu, tenant } = await setup("shared");
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "503", retryAfterSeconds: 1 });
    const started = Date.now();
    await expect(readPush(tenant)).resolves.toEqual({ provider: "guardian" });
    const [failed, retried] = emu.requests;
    expect(retried.startedAt - failed.startedAt).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("retries a GET through dropped connections", async () => {
    const { emu, tenant } = await setup("shared");
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 2, kind: "drop" });
    await expect(readPush(tenant)).resolves.toEqual({ provider: "guardian" });
    expect(emu.count("GET", PUSH_API_PATH)).toBe(3);
  });

  it("stops after maxRetries and reports the last 5xx", async () => {
    const { emu, tenant } = await setup("shared", { ...FAST, maxRetries: 2 });
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 10, kind: "502" });
    const error = await rejectionOf(readPush(tenant));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`read push provider failed: 502 Bad Gateway: Bad Gateway [GET ${PUSH_API_PATH}]`);
    expect(emu.count("GET", PUSH_API_PATH)).toBe(3);
  });

  it("never resends a POST whose connection dropped: AmbiguousRequestError, exactly one POST", async () => {
    const { emu, tenant } = await setup("shared");
    emu.injectFault({ method: "POST", path: PHONE_API_PATH, count: 1, kind: "drop", afterHandling: true });
    const error = await rejectionOf(createPhone(tenant));
    expect(error).toBeInstanceOf(AmbiguousRequestError);
    expect(error.message).toMatch(
      new RegExp(`^create phone provider failed ambiguously: .+ \\[POST ${PHONE_API_PATH}\\]; the service may or may not`),
    );
    expect(emu.count("POST", PHONE_API_PATH)).toBe(1);
    expect(emu.state.phoneProviders.size).toBe(1); // it did happen: the caller must reconcile
  });

  it("treats a 5xx on a POST as ambiguous: one POST, no retry", async () => {
    const { emu, tenant } = await setup("shared");
    emu.injectFault({ method: "POST", path: PHONE_API_PATH, count: 1, kind: "500" });
    const error = await rejectionOf(createPhone(tenant));
    expect(error).toBeInstanceOf(AmbiguousRequestError);
    expect((error as AmbiguousRequestError).reason).toBe("500 Internal Server Error");
    expect((error as AmbiguousRequestError).status).toBe(500);
    expect(emu.count("POST", PHONE_API_PATH)).toBe(1);
  });

  it("reports a clean 4xx on a POST as an ApiError without retrying", async () => {
    const { emu, tenant } = await setup("shared");
    await createPhone(tenant);
    const error = await rejectionOf(createPhone(tenant));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      `create phone provider failed: 409 Conflict: Custom phone provider conflict. [POST ${PHONE_API_PATH}]`,
    );
    expect(emu.count("POST", PHONE_API_PATH)).toBe(2);
  });

  it("resends even a POST when the connection was refused (it never left this machine)", async () => {
    const port = await closedPort();
    const sent = sendCounter();
    const tenant = new TenantClient(
      { baseUrl: `http://127.0.0.1:${port}`, audience: "x", auth: { kind: "token", token: "t0ken-value" } },
      { ...FAST, maxRetries: 2, logger: sent.logger },
    );
    clients.push(tenant);
    const error = await rejectionOf(createPhone(tenant));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(`create phone provider failed: 127.0.0.1:${port}: connection refused after 3 attempts [POST ${PHONE_API_PATH}]`);
    expect(sent.counts().requests).toBe(3);
  });
});

describe("deadlines", () => {
  it("aborts a slow idempotent call at the deadline", async () => {
    const { emu, tenant } = await setup({}, { ...FAST, deadlineMs: 300 });
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "delay", delayMs: 1_500 });
    const started = Date.now();
    const error = await rejectionOf(readPush(tenant));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(
      `read push provider failed: ${new URL(emu.url).host}: no response within the call's deadline (300ms) after 1 attempt [GET ${PUSH_API_PATH}]`,
    );
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_000);
  });

  it("reports a POST that timed out as ambiguous", async () => {
    const { emu, tenant } = await setup({}, { ...FAST, deadlineMs: 300 });
    emu.injectFault({ method: "POST", path: PHONE_API_PATH, count: 1, kind: "delay", delayMs: 1_000 });
    const error = await rejectionOf(createPhone(tenant));
    expect(error).toBeInstanceOf(AmbiguousRequestError);
    expect(error.message).toContain("no response within the call's deadline (300ms)");
  });
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
