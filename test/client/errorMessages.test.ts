// The texts a user acts on: settings given as an explicit Provider's arguments are fixed there (its name,
// its tenant, its client id), the default provider's in the stack config or TENANT_* variables, the pulumi-tenant
// command's in the variables alone; network errors name the host and what failed (not found, refused, TLS, timeout).
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, NetworkError, TenantClient } from "../../provider/client";
import { classifyNetworkError } from "../../provider/client/networkErrors";
import { PROVIDER_NAME_KEY, credentialHints, resolveEnvironmentSettings, resolveSettings, type ConfigLookup } from "../../provider/config";
import { FAST, PUSH_PATH, pushSelectionSchema } from "./helpers";

const SECRET = "sentinel-provider-secret-77d0";

/** The lookup an explicit Provider named "staging" produces (its arguments, plus its name). */
function providerLookup(args: Record<string, string>): ConfigLookup {
  const values: Record<string, string> = { [PROVIDER_NAME_KEY]: "staging" };
  for (const [name, value] of Object.entries(args)) values[`tenant:${name}`] = value;
  return (key) => values[key];
}

function configErrorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain(SECRET);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("settings of an explicit Provider", () => {
  it("missing credentials: names its tenant and its arguments", () => {
    expect(configErrorOf(() => resolveSettings(providerLookup({ domain: "staging.example.com" }), {}))).toBe(
      'Missing tenant credentials for staging.example.com: give the tenant Provider "staging" its "clientId" and ' +
        '"clientSecret" arguments, or an "apiToken" instead (or set the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET, ' +
        "or the TENANT_API_TOKEN, environment variables).",
    );
  });

  it("a client id without a secret: names the argument it came from and the one to add", () => {
    expect(configErrorOf(() => resolveSettings(providerLookup({ domain: "staging.example.com", clientId: "cid" }), {}))).toBe(
      'Missing tenant client secret: a client id is set (the "clientId" argument of the tenant Provider "staging") ' +
        'but no secret; give the tenant Provider "staging" its "clientSecret" argument or set the ' +
        "TENANT_CLIENT_SECRET environment variable.",
    );
  });

  it("both an API token and client credentials: says which arguments to drop", () => {
    const lookup = providerLookup({ domain: "staging.example.com", apiToken: SECRET, clientId: "cid", clientSecret: SECRET });
    expect(configErrorOf(() => resolveSettings(lookup, {}))).toBe(
      'Contradictory tenant credentials for the tenant Provider "staging": an API token is set (the "apiToken" ' +
        'argument of the tenant Provider "staging") and so are client credentials (the "clientId" argument of the ' +
        'tenant Provider "staging" and the "clientSecret" argument of the tenant Provider "staging"); keep only one: ' +
        'remove the API token (its "apiToken" argument / TENANT_API_TOKEN) or the client credentials (its "clientId" ' +
        'and "clientSecret" arguments / TENANT_CLIENT_ID, TENANT_CLIENT_SECRET).',
    );
  });

  it("an invalid domain: points at the Provider's domain argument", () => {
    expect(configErrorOf(() => resolveSettings(providerLookup({ domain: "http://staging.example.com", apiToken: SECRET }), {}))).toBe(
      'Invalid tenant domain "http://staging.example.com" in the "domain" argument of the tenant Provider "staging": ' +
        "plain http is only allowed for loopback hosts (localhost, 127.0.0.0/8, [::1]); use https:// or a bare host " +
        'name in the "domain" argument of the tenant Provider "staging" or the TENANT_DOMAIN environment variable.',
    );
  });

  it("rejected credentials: the hints name the tenant, the client id and the Provider's arguments", () => {
    const settings = resolveSettings(providerLookup({ domain: "staging.example.com", clientId: "cid", clientSecret: SECRET }), {});
    expect(settings.providerName).toBe("staging");
    expect(credentialHints(settings)).toEqual({
      clientCredentialsRejected:
        'The client credentials were rejected by staging.example.com (client id "cid"): check the "clientId" and ' +
        '"clientSecret" arguments of the tenant Provider "staging".',
      audienceRefused:
        'The client (client id "cid") may not request tokens for this audience from staging.example.com: grant it ' +
        'access to the management API, or set the "audience" argument of the tenant Provider "staging".',
      apiTokenRejected:
        'The API token was rejected by staging.example.com (expired or invalid): give the tenant Provider "staging" a ' +
        'fresh "apiToken" argument, or client credentials instead.',
    });
  });
});

describe("settings of the default provider", () => {
  it("rejected credentials: the hints name the tenant, the client id, the stack config keys and the variables", () => {
    const settings = resolveSettings((key) => ({ "tenant:domain": "t.example.com", "tenant:clientId": "cid" })[key], {
      TENANT_CLIENT_SECRET: SECRET,
    });
    expect(settings.providerName).toBeUndefined();
    expect(credentialHints(settings)).toEqual({
      clientCredentialsRejected:
        'The client credentials were rejected by t.example.com (client id "cid"): check the stack config ' +
        '"tenant:clientId" and "tenant:clientSecret" (or the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables).',
      audienceRefused:
        'The client (client id "cid") may not request tokens for this audience from t.example.com: grant it access ' +
        'to the management API, or set the stack config "tenant:audience" (or TENANT_AUDIENCE).',
      apiTokenRejected:
        'The API token was rejected by t.example.com (expired or invalid): set a fresh one in the stack config ' +
        '"tenant:apiToken" (or TENANT_API_TOKEN), or use client credentials instead.',
    });
  });
});

describe("settings from the environment alone (the pulumi-tenant command)", () => {
  it("missing or contradictory settings name the variables, never a stack config key", () => {
    const messages = [
      configErrorOf(() => resolveEnvironmentSettings({})),
      configErrorOf(() => resolveEnvironmentSettings({ TENANT_DOMAIN: "t.example.com" })),
      configErrorOf(() => resolveEnvironmentSettings({ TENANT_DOMAIN: "t.example.com", TENANT_CLIENT_ID: "cid" })),
      configErrorOf(() => resolveEnvironmentSettings({ TENANT_DOMAIN: "t.example.com", TENANT_API_TOKEN: SECRET, TENANT_CLIENT_SECRET: SECRET })),
      configErrorOf(() => resolveEnvironmentSettings({ TENANT_DOMAIN: "http://t.example.com", TENANT_API_TOKEN: SECRET })),
    ];
    expect(messages).toEqual([
      "Missing tenant domain: set the TENANT_DOMAIN environment variable to the tenant's host (e.g. my-tenant.example.com).",
      "Missing tenant credentials for t.example.com: set the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables " +
        "(a machine-to-machine client of the management API), or the TENANT_API_TOKEN environment variable instead.",
      "Missing tenant client secret: a client id is set (the TENANT_CLIENT_ID environment variable) but no secret; set the " +
        "TENANT_CLIENT_SECRET environment variable.",
      "Contradictory tenant credentials: an API token is set (the TENANT_API_TOKEN environment variable) and so are client " +
        "credentials (the TENANT_CLIENT_SECRET environment variable); keep only one: unset TENANT_API_TOKEN, or " +
        "TENANT_CLIENT_ID and TENANT_CLIENT_SECRET.",
      'Invalid tenant domain "http://t.example.com" in the TENANT_DOMAIN environment variable: plain http is only allowed for ' +
        "loopback hosts (localhost, 127.0.0.0/8, [::1]); use https:// or a bare host name in the TENANT_DOMAIN environment variable.",
    ]);
    for (const message of messages) expect(message).not.toContain("tenant:");
  });

  it("rejected credentials: the hints name the tenant, the client id and the variables", () => {
    const settings = resolveEnvironmentSettings({ TENANT_DOMAIN: "t.example.com", TENANT_CLIENT_ID: "cid", TENANT_CLIENT_SECRET: SECRET });
    expect(settings.environmentOnly).toBe(true);
    expect(credentialHints(settings)).toEqual({
      clientCredentialsRejected:
        'The client credentials were rejected by t.example.com (client id "cid"): check the TENANT_CLIENT_ID and ' +
        "TENANT_CLIENT_SECRET environment variables.",
      audienceRefused:
        'The client (client id "cid") may not request tokens for this audience from t.example.com: grant it access to ' +
        "the management API, or set the TENANT_AUDIENCE environment variable.",
      apiTokenRejected:
        "The API token was rejected by t.example.com (expired or invalid): set a fresh one in the TENANT_API_TOKEN " +
        "environment variable, or use client credentials instead.",
    });
  });
});

describe("network errors say what failed", () => {
  const failures: [code: string, reason: RegExp][] = [
    ["ENOTFOUND", /^host not found$/],
    ["ECONNREFUSED", /^connection refused$/],
    ["UND_ERR_CONNECT_TIMEOUT", /^connect timeout$/],
    ["UND_ERR_HEADERS_TIMEOUT", /^no response headers within the headers timeout$/],
    ["ETIMEDOUT", /^connection timed out$/],
    ["CERT_HAS_EXPIRED", /^TLS failed: .*expired$/],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", /^TLS failed: .*self-signed$/],
    ["ERR_TLS_CERT_ALTNAME_INVALID", /^TLS failed: .*another host name$/],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", /^TLS failed: /],
  ];
  it.each(failures)("%s", (code, reason) => {
    expect(classifyNetworkError(Object.assign(new Error("raw text"), { code })).reason).toMatch(reason);
  });

  let plainServer: http.Server;
  let plainPort: number;
  beforeAll(async () => {
    plainServer = http.createServer((_request, response) => response.end("{}"));
    await new Promise<void>((resolve) => plainServer.listen(0, "127.0.0.1", resolve));
    plainPort = (plainServer.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => plainServer.close(resolve)));

  it("https to a server that speaks plain http: the host and a TLS failure", async () => {
    const client = new TenantClient(
      { baseUrl: `https://127.0.0.1:${plainPort}`, audience: "x", auth: { kind: "token", token: SECRET } },
      { ...FAST, maxRetries: 0 },
    );
    try {
      const error = await client.request("GET", PUSH_PATH, { operation: "read push provider", schema: pushSelectionSchema }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as Error).message).toMatch(new RegExp(`^read push provider failed: 127\\.0\\.0\\.1:${plainPort}: TLS failed: `));
      expect((error as Error).message).not.toContain(SECRET);
    } finally {
      await client.close();
    }
  });

  it("https to a local server that speaks plain http: fails at once, not retried, saying to give it with http://", async () => {
    const client = new TenantClient({ baseUrl: `https://127.0.0.1:${plainPort}`, audience: "x", auth: { kind: "token", token: SECRET } }, FAST);
    try {
      const error = await client.request("GET", PUSH_PATH, { operation: "read push provider", schema: pushSelectionSchema }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).attempts).toBe(1);
      expect((error as Error).message).toBe(
        `read push provider failed: 127.0.0.1:${plainPort}: TLS failed: the server does not speak https on this port after 1 attempt ` +
          `[GET /api/v2${PUSH_PATH}]. A local server without TLS (such as the emulator) is given with http://: http://127.0.0.1:${plainPort}.`,
      );
    } finally {
      await client.close();
    }
  });
});
