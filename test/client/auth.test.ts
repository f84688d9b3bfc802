// Access tokens over real HTTP against the emulator: caching, single flight, expiry, 401 refresh, token errors.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, TenantClient } from "../../provider/client";
import { startEmulator, type Emulator } from "../../tools/emulator";
import {
  FAST,
  PUSH_API_PATH,
  PUSH_PATH,
  clientCredentials,
  pushSelectionSchema,
  rejectionOf,
  sendCounter,
  staticToken,
} from "./helpers";

const cleanups: (() => Promise<void>)[] = [];
/** One emulator for tests without special options (starting one costs an RSA key generation). */
let shared: Emulator;

beforeAll(async () => {
  shared = await startEmulator();
});
afterAll(async () => {
  await shared.close();
});
beforeEach(() => {
  shared.reset();
});
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function emulator(options?: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const started = await startEmulator(options);
  cleanups.push(() => started.close());
  return started;
}

function client(...args: ConstructorParameters<typeof TenantClient>): TenantClient {
  const created = new TenantClient(...args);
  cleanups.push(() => created.close());
  return created;
}

const readPush = (target: TenantClient): Promise<unknown> =>
  target.request("GET", PUSH_PATH, { operation: "read push provider", schema: pushSelectionSchema });

describe("client-credentials tokens", () => {
  it("100 sequential calls need exactly one token request", async () => {
    const emu = shared;
    const sent = sendCounter();
    const tenant = client(clientCredentials(emu.url), { logger: sent.logger });
    for (let i = 0; i < 100; i++) await readPush(tenant);
    expect(emu.tokenRequests()).toBe(1);
    expect(emu.count("GET", PUSH_API_PATH)).toBe(100);
    expect(sent.counts()).toEqual({ requests: 100, tokenRequests: 1, retries: 0 });
  });

  it("50 concurrent calls on a cold cache share one token request", async () => {
    const emu = shared;
    const sent = sendCounter();
    const tenant = client(clientCredentials(emu.url), { logger: sent.logger });
    const results = await Promise.all(Array.from({ length: 50 }, () => readPush(tenant)));
    expect(results).toHaveLength(50);
    expect(emu.tokenRequests()).toBe(1);
    expect(sent.counts().tokenRequests).toBe(1);
  });

  it("refreshes a token that expires mid-run without failing a call", async () => {
    const emu = await emulator({ tokenTtlSeconds: 2 });
    const tenant = client(clientCredentials(emu.url));
    const endAt = Date.now() + 1_700;
    let calls = 0;
    while (Date.now() < endAt) {
      await readPush(tenant);
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(calls).toBeGreaterThan(10);
    expect(emu.tokenRequests()).toBeGreaterThanOrEqual(2);
    // Refreshed ahead of expiry: the service never had to reject a token.
    expect(emu.requests.filter((entry) => entry.status === 401)).toHaveLength(0);
  });

  it("on a 401 for a cached token (emulator restarted with new keys) refreshes once and retries", async () => {
    const first = await startEmulator();
    const port = Number(new URL(first.url).port);
    const sent = sendCounter();
    const tenant = client(clientCredentials(first.url), { logger: sent.logger });
    await readPush(tenant);
    await first.close();
    const second = await emulator({ port });

    await expect(readPush(tenant)).resolves.toEqual({ provider: "guardian" });
    expect(second.requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      `GET ${PUSH_API_PATH} 401`,
      "POST /oauth/token 200",
      `GET ${PUSH_API_PATH} 200`,
    ]);
    expect(sent.counts()).toEqual({ requests: 3, tokenRequests: 2, retries: 1 });
  });

  it("retries the token request itself after a 503 or a dropped connection (it is safe to resend)", async () => {
    const emu = shared;
    emu.injectFault({ method: "POST", path: "/oauth/token", count: 1, kind: "503" });
    emu.injectFault({ method: "POST", path: "/oauth/token", count: 1, kind: "drop" });
    const sent = sendCounter();
    const tenant = client(clientCredentials(emu.url), { ...FAST, logger: sent.logger });
    await expect(readPush(tenant)).resolves.toEqual({ provider: "guardian" });
    expect(emu.tokenRequests()).toBe(3);
    expect(sent.counts().tokenRequests).toBe(3);
  });

  it("reports rejected client credentials as an ApiError on the token endpoint that names the config keys", async () => {
    const secret = "SENTINEL-wrong-secret-5b1e";
    const emu = shared;
    const tenant = client(clientCredentials(emu.url, "demo", secret), FAST);
    const error = await rejectionOf(readPush(tenant));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(error.message).toBe(
      "obtain an access token failed: 401 access_denied: Unauthorized [POST /oauth/token]. The client credentials " +
        `were rejected by ${new URL(emu.url).host} (client id "demo"): ` +
        'check the stack config "tenant:clientId" and "tenant:clientSecret" (or the TENANT_CLIENT_ID ' +
        "and TENANT_CLIENT_SECRET environment variables).",
    );
    expect(emu.tokenRequests()).toBe(1);
    expect(emu.count("GET")).toBe(0);
  });

  it("explains a token refused for the audience", async () => {
    const emu = shared;
    const settings = { ...clientCredentials(emu.url), audience: "https://elsewhere.example.com/api/v2/" };
    const error = await rejectionOf(readPush(client(settings, FAST)));
    expect(error.message).toMatch(/^obtain an access token failed: 403 access_denied: Client is not authorized/);
    expect(error.message).toContain('"tenant:audience"');
  });
});

describe("static tokens", () => {
  it("sends the token as is and never fetches one", async () => {
    const emu = shared;
    const sent = sendCounter();
    const tenant = client(staticToken(emu.url, await emu.issueToken("demo")), { logger: sent.logger });
    await readPush(tenant);
    await readPush(tenant);
    expect(emu.tokenRequests()).toBe(0);
    expect(sent.counts()).toEqual({ requests: 2, tokenRequests: 0, retries: 0 });
  });

  it("fails a rejected static token once, with guidance and without the token", async () => {
    const emu = shared;
    const token = await emu.issueToken("demo", { expiresInSeconds: 1 });
    // exp is whole epoch seconds: the token is dead once the next second has begun.
    const expiredAt = (Math.floor(Date.now() / 1000) + 1) * 1000 + 20;
    await new Promise((resolve) => setTimeout(resolve, expiredAt - Date.now()));
    const tenant = client(staticToken(emu.url, token));
    const error = await rejectionOf(readPush(tenant));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      "read push provider failed: 401 Unauthorized: Expired token received for JSON Web Token validation " +
        `[GET ${PUSH_API_PATH}]. The API token was rejected by ${new URL(emu.url).host} (expired or invalid): set a fresh one in the stack ` +
        'config "tenant:apiToken" (or TENANT_API_TOKEN), or use client credentials instead.',
    );
    expect(error.message).not.toContain(token);
    expect(emu.count("GET")).toBe(1);
  });
});
