// Program-side settings: the `tenant:*` stack config (secrets through getSecret) first, then TENANT_*.
import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError } from "../../provider/client/errors";
import { getEventStreams } from "../../provider/functions/getEventStreams";
import { programConfigLookup, settingsForInvoke } from "../../provider/functions/programSettings";
import { startScriptedServer, wireStream } from "./scriptedServer";
import { useTenantEnv } from "./tenantEnv";

function useStackConfig(values: Record<string, string>, secretKeys: string[] = []): void {
  pulumi.runtime.setAllConfig(values, secretKeys);
}

afterEach(() => {
  pulumi.runtime.setAllConfig({}, []);
  vi.unstubAllEnvs();
});

describe("settings for data functions in the program", () => {
  it("uses the environment when there is no stack config (outside a Pulumi program too)", async () => {
    useTenantEnv("http://127.0.0.1:4001", "env-id", "env-secret");
    await expect(settingsForInvoke()).resolves.toEqual({
      baseUrl: "http://127.0.0.1:4001",
      audience: "http://127.0.0.1:4001/api/v2/",
      auth: { kind: "clientCredentials", clientId: "env-id", clientSecret: "env-secret" },
    });
  });

  it("prefers the tenant stack config, reading the secret through getSecret", async () => {
    useTenantEnv("http://127.0.0.1:4001", "env-id", "env-secret");
    useStackConfig(
      { "tenant:domain": "tenant.example.com", "tenant:clientId": "cfg-id", "tenant:clientSecret": "cfg-secret" },
      ["tenant:clientSecret"],
    );
    const getSecret = vi.spyOn(pulumi.Config.prototype, "getSecret");
    await expect(settingsForInvoke()).resolves.toEqual({
      baseUrl: "https://tenant.example.com",
      audience: "https://tenant.example.com/api/v2/",
      auth: { kind: "clientCredentials", clientId: "cfg-id", clientSecret: "cfg-secret" },
    });
    expect(getSecret).toHaveBeenCalledWith("clientSecret");
    getSecret.mockRestore();
  });

  it("reads an API token from secret config and fills the rest from the environment", async () => {
    vi.stubEnv("TENANT_DOMAIN", "env-tenant.example.com");
    vi.stubEnv("TENANT_CLIENT_ID", "");
    vi.stubEnv("TENANT_CLIENT_SECRET", "");
    vi.stubEnv("TENANT_AUDIENCE", "");
    useStackConfig({ "tenant:apiToken": "cfg-token" }, ["tenant:apiToken"]);
    await expect(settingsForInvoke()).resolves.toMatchObject({
      baseUrl: "https://env-tenant.example.com",
      auth: { kind: "token", token: "cfg-token" },
    });
  });

  it("ignores other namespaces' keys", async () => {
    useStackConfig({ "other:domain": "x.example.com", "tenant:audience": "aud" });
    const lookup = await programConfigLookup();
    expect(lookup("tenant:domain")).toBeUndefined();
    expect(lookup("tenant:audience")).toBe("aud");
  });

  it("fails with the config error when nothing is set", async () => {
    useTenantEnv("", "", "");
    await expect(settingsForInvoke()).rejects.toThrow(ConfigError);
  });

  it("lists event streams from the tenant the stack config names", async () => {
    const server = await startScriptedServer(() => ({ body: { eventStreams: [wireStream("from-config")] } }));
    try {
      useTenantEnv("http://127.0.0.1:9", "env-id", "env-secret");
      useStackConfig(
        { "tenant:domain": server.url, "tenant:clientId": "cfg-id", "tenant:clientSecret": "cfg-secret" },
        ["tenant:clientSecret"],
      );
      const { eventStreams } = await getEventStreams();
      expect(eventStreams.map((stream) => stream.id)).toEqual(["from-config"]);
      expect(server.tokenRequests).toBe(1);
    } finally {
      await server.close();
    }
  });
});
