// What goes on the wire, response validation, client sharing, and the promise that secrets never leak.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { RequestError, ResponseShapeError, TenantClient, getClient } from "../../provider/client";
import { startEmulator, type Emulator } from "../../tools/emulator";
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
  staticToken,
} from "./helpers";

const PACKAGE_VERSION = (require("../../package.json") as { version: string }).version;

interface Captured {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A bare HTTP server that records what the client sends and answers like the service would. */
async function captureServer(): Promise<{ url: string; seen: Captured[]; server: Server }> {
  const seen: Captured[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const reply = req.url === "/oauth/token" ? { access_token: "captured-token", expires_in: 3600 } : { provider: "sns" };
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const SENTINEL_SECRET = "SENTINEL-client-secret-3c9d1e";
let emu: Emulator;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  emu = await startEmulator({ clients: [{ id: "sentinel-client", secret: SENTINEL_SECRET }] });
});
afterAll(async () => {
  await emu.close();
});
afterEach(async () => {
  emu.reset();
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function tracked(client: TenantClient): TenantClient {
  cleanups.push(() => client.close());
  return client;
}

describe("the wire", () => {
  it("sends user-agent, JSON bodies, the query and extra headers only where asked", async () => {
    const capture = await captureServer();
    cleanups.push(() => new Promise((resolve) => capture.server.close(() => resolve())));
    const tenant = tracked(new TenantClient(clientCredentials(capture.url, "cid", "csecret"), FAST));
    await tenant.request("PUT", PUSH_PATH, {
      operation: "select push provider",
      body: { provider: "sns" },
      headers: { "service-custom-domain": "login.example.com" },
      schema: pushSelectionSchema,
    });
    await tenant.request("GET", "/event-streams", { operation: "list", query: { take: 2, from: "a b&c", skip: undefined } });

    const [token, put, get] = capture.seen;
    expect(token.url).toBe("/oauth/token");
    expect(token.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: "client_credentials",
      client_id: "cid",
      client_secret: "csecret",
      audience: `${capture.url}/api/v2/`,
    });
    expect(put).toMatchObject({ method: "PUT", url: PUSH_API_PATH, body: '{"provider":"sns"}' });
    expect(put.headers).toMatchObject({
      authorization: "Bearer captured-token",
      "user-agent": `pulumi-tenant/${PACKAGE_VERSION}`,
      "content-type": "application/json",
      accept: "application/json",
      "service-custom-domain": "login.example.com",
    });
    expect(get.url).toBe("/api/v2/event-streams?take=2&from=a%20b%26c");
    expect(get.headers["service-custom-domain"]).toBeUndefined();
    expect(get.headers["content-type"]).toBeUndefined();
    expect(PACKAGE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("returns undefined for a 204 and for calls without a schema", async () => {
    const tenant = tracked(new TenantClient(clientCredentials(emu.url, "sentinel-client", SENTINEL_SECRET), FAST));
    const created = await tenant.request("POST", PHONE_PATH, {
      operation: "create phone provider",
      body: phoneProviderBody,
      schema: phoneProviderSchema,
    });
    const deleted = await tenant.request("DELETE", `${PHONE_PATH}/${created.id}`, {
      operation: "delete phone provider",
      schema: phoneProviderSchema,
    });
    expect(deleted).toBeUndefined();
    expect(await tenant.request("GET", PUSH_PATH, { operation: "read push provider" })).toBeUndefined();
  });

  it("rejects an unexpected response shape, naming the operation and the field", async () => {
    const tenant = tracked(new TenantClient(clientCredentials(emu.url, "sentinel-client", SENTINEL_SECRET), FAST));
    const strict = z.object({ provider: z.enum(["sns"]), rotated_at: z.string() });
    const error = await rejectionOf(tenant.request("GET", PUSH_PATH, { operation: "read push provider", schema: strict }));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues.map((issue) => issue.path)).toEqual(["provider", "rotated_at"]);
    expect(error.message).toMatch(/^read push provider failed: unexpected response from the service \(status 200\): provider: .*; rotated_at: /);
    expect(error.message).toContain(`[GET ${PUSH_API_PATH}]`);
  });
});

describe("getClient", () => {
  it("shares one client per settings identity and builds a new one after close", async () => {
    const settings = clientCredentials(emu.url, "sentinel-client", SENTINEL_SECRET);
    const first = getClient(settings);
    cleanups.push(() => first.close());
    expect(getClient({ ...settings })).toBe(first);
    const otherAudience = getClient({ ...settings, audience: "/api/v2/" });
    cleanups.push(() => otherAudience.close());
    expect(otherAudience).not.toBe(first);
    const otherSecret = getClient(clientCredentials(emu.url, "sentinel-client", "another-secret"));
    cleanups.push(() => otherSecret.close());
    expect(otherSecret).not.toBe(first);

    await first.request("GET", PUSH_PATH, { operation: "read push provider" });
    await first.close();
    const reopened = getClient(settings);
    cleanups.push(() => reopened.close());
    expect(reopened).not.toBe(first);
    await expect(reopened.request("GET", PUSH_PATH, { operation: "read", schema: pushSelectionSchema })).resolves.toEqual({
      provider: "guardian",
    });
    const closedError = await rejectionOf(first.request("GET", PUSH_PATH, { operation: "read" }));
    expect(closedError.message).toMatch(/closed/);
    expect(closedError).toBeInstanceOf(RequestError);
  });
});

describe("secrets", () => {
  it("never show up in an error message or a debug log line", async () => {
    const lines: string[] = [];
    const logger = (line: string): void => void lines.push(line);
    const messages: string[] = [];
    const collect = async (call: Promise<unknown>): Promise<void> => {
      messages.push((await rejectionOf(call)).message);
    };
    const staticSentinel = await emu.issueToken("sentinel-client", { expiresInSeconds: 1 });
    const options = { ...FAST, logger };

    // Client credentials through retries, an ambiguous POST, a 4xx and a shape error.
    const tenant = tracked(new TenantClient(clientCredentials(emu.url, "sentinel-client", SENTINEL_SECRET), options));
    emu.injectFault({ method: "POST", path: "/oauth/token", count: 1, kind: "503" });
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "429", retryAfterSeconds: 0 });
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "drop" });
    await tenant.request("GET", PUSH_PATH, { operation: "read push provider" });
    emu.injectFault({ method: "POST", path: PHONE_API_PATH, count: 1, kind: "drop" });
    await collect(tenant.request("POST", PHONE_PATH, { operation: "create phone provider", body: phoneProviderBody }));
    await collect(tenant.request("POST", PHONE_PATH, { operation: "create phone provider", body: { credentials: phoneProviderBody.credentials } }));
    await collect(tenant.request("GET", PUSH_PATH, { operation: "read push provider", schema: z.object({ x: z.string() }) }));

    // Rejected credentials and a rejected static token; TENANT_DEBUG=1 logs to stderr.
    await collect(tracked(new TenantClient(clientCredentials(emu.url, "sentinel-client", `${SENTINEL_SECRET}-wrong`), options)).request("GET", PUSH_PATH, { operation: "read push provider" }));
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    vi.stubEnv("TENANT_DEBUG", "1");
    try {
      const expiredAt = (Math.floor(Date.now() / 1000) + 1) * 1000 + 20;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiredAt - Date.now())));
      await collect(tracked(new TenantClient(staticToken(emu.url, staticSentinel), FAST)).request("GET", PUSH_PATH, { operation: "read push provider" }));
    } finally {
      vi.unstubAllEnvs();
      stderr.mockRestore();
    }

    expect(messages).toHaveLength(5);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((line) => /rate limited on GET .* per retry-after/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith(`[pulumi-tenant] GET ${PUSH_API_PATH} -> 401 (`))).toBe(true);
    for (const text of [...messages, ...lines]) {
      expect(text).not.toContain(SENTINEL_SECRET);
      expect(text).not.toContain(staticSentinel);
      expect(text).not.toMatch(/eyJ[\w-]+\./); // no access token of any kind
      expect(text).not.toContain(phoneProviderBody.credentials.auth_token); // no request body
      expect(text.toLowerCase()).not.toContain("authorization:");
    }
  });
});
