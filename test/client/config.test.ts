import { describe, expect, it } from "vitest";
import { ConfigError } from "../../provider/client";
import { CONFIG_KEYS, clientTuningFromEnv, resolveSettings, type ConfigLookup } from "../../provider/config";

const SECRET = "sentinel-client-secret-8f3a";
const TOKEN = "sentinel-api-token-41c7";

function lookupOf(values: Record<string, string>): ConfigLookup {
  return (key) => values[key];
}

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("resolveSettings", () => {
  it("reads stack config, defaults the audience and assumes https for a bare host", () => {
    const settings = resolveSettings(
      lookupOf({ "tenant:domain": "my-tenant.example.com", "tenant:clientId": "cid", "tenant:clientSecret": SECRET }),
      {},
    );
    expect(settings).toEqual({
      baseUrl: "https://my-tenant.example.com",
      audience: "https://my-tenant.example.com/api/v2/",
      auth: { kind: "clientCredentials", clientId: "cid", clientSecret: SECRET },
    });
  });

  it("falls back to the environment per key, and stack config wins over it", () => {
    const settings = resolveSettings(lookupOf({ "tenant:domain": "http://127.0.0.1:4000/" }), {
      TENANT_DOMAIN: "ignored.example.com",
      TENANT_API_TOKEN: TOKEN,
      TENANT_AUDIENCE: "https://api.example.com/",
    });
    expect(settings).toEqual({
      baseUrl: "http://127.0.0.1:4000",
      audience: "https://api.example.com/",
      auth: { kind: "token", token: TOKEN },
    });
  });

  it("mixes sources for client credentials (id in config, secret from CI env) and ignores blank values", () => {
    const settings = resolveSettings(lookupOf({ "tenant:clientId": "cid", "tenant:clientSecret": "  " }), {
      TENANT_DOMAIN: "https://t.example.com:8443",
      TENANT_CLIENT_SECRET: SECRET,
      TENANT_API_TOKEN: "",
    });
    expect(settings.baseUrl).toBe("https://t.example.com:8443");
    expect(settings.auth).toEqual({ kind: "clientCredentials", clientId: "cid", clientSecret: SECRET });
  });

  it("accepts http for every loopback spelling", () => {
    for (const domain of ["http://localhost:1234", "http://127.8.9.10", "http://[::1]:99"]) {
      const settings = resolveSettings(lookupOf({ "tenant:domain": domain, "tenant:apiToken": TOKEN }), {});
      expect(settings.baseUrl).toBe(domain);
    }
  });

  it("rejects a missing domain with the exact text", () => {
    const error = configError(() => resolveSettings(lookupOf({ "tenant:apiToken": TOKEN }), {}));
    expect(error.message).toBe(
      'Missing tenant domain: set the stack config "tenant:domain" (pulumi config set tenant:domain ' +
        "my-tenant.example.com) or the TENANT_DOMAIN environment variable.",
    );
  });

  it("rejects missing credentials with the exact text", () => {
    const error = configError(() => resolveSettings(lookupOf({ "tenant:domain": "t.example.com" }), {}));
    expect(error.message).toBe(
      'Missing tenant credentials: set the stack config "tenant:clientId" and "tenant:clientSecret" ' +
        "(pulumi config set tenant:clientId <id>; pulumi config set --secret tenant:clientSecret <secret>) " +
        "or the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables; or set an API token instead " +
        'with the stack config "tenant:apiToken" (pulumi config set --secret tenant:apiToken <token>) ' +
        "or the TENANT_API_TOKEN environment variable.",
    );
  });

  it("rejects plain http on a non-loopback host with the exact text", () => {
    const error = configError(() =>
      resolveSettings(lookupOf({ "tenant:domain": "http://tenant.example.com", "tenant:apiToken": TOKEN }), {}),
    );
    expect(error.message).toBe(
      'Invalid tenant domain "http://tenant.example.com" in the stack config "tenant:domain": plain http is only ' +
        "allowed for loopback hosts (localhost, 127.0.0.0/8, [::1]); use https:// or a bare host name in the stack " +
        'config "tenant:domain" or the TENANT_DOMAIN environment variable.',
    );
  });

  it("rejects a token together with client credentials with the exact text, naming the sources", () => {
    const error = configError(() =>
      resolveSettings(lookupOf({ "tenant:domain": "t.example.com", "tenant:apiToken": TOKEN }), {
        TENANT_CLIENT_ID: "cid",
        TENANT_CLIENT_SECRET: SECRET,
      }),
    );
    expect(error.message).toBe(
      'Contradictory tenant credentials: an API token is set (the stack config "tenant:apiToken") and so are ' +
        "client credentials (the TENANT_CLIENT_ID environment variable and the TENANT_CLIENT_SECRET environment " +
        'variable); keep only one: remove the API token ("tenant:apiToken" / TENANT_API_TOKEN) or the client ' +
        'credentials ("tenant:clientId", "tenant:clientSecret" / TENANT_CLIENT_ID, TENANT_CLIENT_SECRET).',
    );
  });

  it("rejects half of a client-credentials pair, naming the missing key and variable", () => {
    const noSecret = configError(() =>
      resolveSettings(lookupOf({ "tenant:domain": "t.example.com", "tenant:clientId": "cid" }), {}),
    );
    expect(noSecret.message).toBe(
      'Missing tenant client secret: a client id is set (the stack config "tenant:clientId") but no secret; set ' +
        'the stack config "tenant:clientSecret" (pulumi config set --secret tenant:clientSecret <secret>) or the ' +
        "TENANT_CLIENT_SECRET environment variable.",
    );
    const noId = configError(() =>
      resolveSettings(lookupOf({ "tenant:domain": "t.example.com" }), { TENANT_CLIENT_SECRET: SECRET }),
    );
    expect(noId.message).toBe(
      "Missing tenant client id: a client secret is set (the TENANT_CLIENT_SECRET environment variable) but no " +
        'client id; set the stack config "tenant:clientId" (pulumi config set tenant:clientId <id>) or the ' +
        "TENANT_CLIENT_ID environment variable.",
    );
  });

  it("rejects paths, other schemes and embedded credentials without echoing secrets", () => {
    const withPath = configError(() =>
      resolveSettings(lookupOf({ "tenant:domain": "https://t.example.com/api/v2", "tenant:apiToken": TOKEN }), {}),
    );
    expect(withPath.message).toContain('"https://t.example.com/api/v2"');
    expect(withPath.message).toContain("without a path");
    const ftp = configError(() => resolveSettings(lookupOf({ "tenant:apiToken": TOKEN }), { TENANT_DOMAIN: "ftp://t.example.com" }));
    expect(ftp.message).toContain("in the TENANT_DOMAIN environment variable: the scheme must be https");
    const userInfo = configError(() =>
      resolveSettings(lookupOf({ "tenant:domain": `https://admin:${SECRET}@t.example.com`, "tenant:apiToken": TOKEN }), {}),
    );
    expect(userInfo.message).toContain("must not contain user info");
    const garbage = configError(() => resolveSettings(lookupOf({ "tenant:domain": "not a host", "tenant:apiToken": TOKEN }), {}));
    expect(garbage.message).toContain("it is not a host name or URL");
    for (const error of [withPath, ftp, userInfo, garbage]) {
      expect(error.message).toContain(CONFIG_KEYS.domain);
      expect(error.message).toContain("TENANT_DOMAIN");
      expect(error.message).not.toContain(SECRET);
      expect(error.message).not.toContain(TOKEN);
    }
  });

  it("never puts a secret value in any ConfigError", () => {
    const cases: [Record<string, string>, NodeJS.ProcessEnv][] = [
      [{ "tenant:apiToken": TOKEN, "tenant:clientSecret": SECRET }, {}],
      [{ "tenant:domain": "t.example.com", "tenant:apiToken": TOKEN, "tenant:clientSecret": SECRET }, {}],
      [{ "tenant:domain": "t.example.com", "tenant:clientSecret": SECRET }, {}],
      [{ "tenant:domain": "http://t.example.com" }, { TENANT_API_TOKEN: TOKEN, TENANT_CLIENT_SECRET: SECRET }],
    ];
    for (const [config, env] of cases) {
      const error = configError(() => resolveSettings(lookupOf(config), env));
      expect(error.message).not.toContain(SECRET);
      expect(error.message).not.toContain(TOKEN);
    }
  });

  it("rejects a non-string value without printing it", () => {
    const lookup = ((key: string) => (key === "tenant:apiToken" ? { value: TOKEN } : key === "tenant:domain" ? "t.example.com" : undefined)) as unknown as ConfigLookup;
    const error = configError(() => resolveSettings(lookup, {}));
    expect(error.message).toBe('Invalid value in the stack config "tenant:apiToken": expected a string.');
  });
});

describe("client tuning from the environment", () => {
  it("reads the HTTP timeout and the call deadline in seconds", () => {
    expect(clientTuningFromEnv({ TENANT_HTTP_TIMEOUT_SECONDS: "5", TENANT_CALL_DEADLINE_SECONDS: "90" })).toEqual({
      headersTimeoutMs: 5_000,
      bodyTimeoutMs: 5_000,
      deadlineMs: 90_000,
    });
    expect(clientTuningFromEnv({})).toEqual({});
  });

  it("rejects a value that is not a positive number, naming the variable", () => {
    expect(() => clientTuningFromEnv({ TENANT_HTTP_TIMEOUT_SECONDS: "soon" })).toThrow(
      new ConfigError("The TENANT_HTTP_TIMEOUT_SECONDS environment variable must be a positive number of seconds, e.g. 30."),
    );
    expect(() => clientTuningFromEnv({ TENANT_CALL_DEADLINE_SECONDS: "0" })).toThrow(/TENANT_CALL_DEADLINE_SECONDS/);
  });
});
