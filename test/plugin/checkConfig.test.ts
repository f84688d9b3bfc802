/**
 * CheckConfig judges a provider's settings before anything is called: the domain's shape and scheme, the token
 * audience, credentials given both ways. Failures are named after the setting (the engine shows them next to it,
 * with its value), never after a secret one, and no reason quotes a secret. A missing setting fails naming its key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { provider as proto } from "../../provider/plugin/protocol";
import { toStruct } from "../../provider/plugin/values";
import { EngineRunError } from "../../tools/pulumi-cli/driver";
import { assertDistIsFresh } from "../resources/dist";
import { nativeEngine } from "../e2e/native/nativeStack";
import { PluginProcess } from "./pluginProcess";

const SECRET = "sentinel-checkconfig-secret-3f7a";
const TOKEN = "sentinel-checkconfig-token-81c2";
const DEFAULT = "urn:pulumi:dev::tenant-yaml::pulumi:providers:tenant::default";

let plugin: PluginProcess;

beforeAll(async () => {
  assertDistIsFresh();
  plugin = await PluginProcess.start();
});

afterAll(async () => {
  await plugin?.stop();
  expect(plugin.stderr).not.toContain(SECRET);
  expect(plugin.stderr).not.toContain(TOKEN);
});

async function failuresOf(news: Record<string, unknown>, urn = DEFAULT): Promise<{ property: string; reason: string }[]> {
  // As the engine sends it: secrets stripped to plain values, `version` added.
  const request = new proto.CheckRequest().setUrn(urn).setOlds(toStruct({})).setNews(toStruct({ ...news, version: "0.1.0" }));
  const response = await plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>("checkConfig", request);
  const failures = response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() }));
  for (const failure of failures) {
    expect(["clientSecret", "apiToken"]).not.toContain(failure.property);
    expect(failure.reason).not.toContain(SECRET);
    expect(failure.reason).not.toContain(TOKEN);
  }
  return failures;
}

describe("CheckConfig", () => {
  it("accepts good settings as they are", async () => {
    expect(await failuresOf({ domain: "tenant.example.com", clientId: "ci", clientSecret: SECRET })).toEqual([]);
    expect(await failuresOf({ domain: "https://tenant.example.com", apiToken: TOKEN, audience: "/api/v2/" })).toEqual([]);
    expect(await failuresOf({ domain: "http://127.0.0.1:4000", apiToken: TOKEN, audience: "https://tenant.example.com/api/v2/" })).toEqual([]);
  });

  it("refuses missing settings, naming the key (a provider's settings are stored once they pass Check)", async () => {
    expect(await failuresOf({ clientId: "ci", clientSecret: SECRET })).toEqual([
      {
        property: "",
        reason:
          'Missing tenant domain: set the stack config "tenant:domain" (pulumi config set tenant:domain my-tenant.example.com) or the ' +
          "TENANT_DOMAIN environment variable.",
      },
    ]);
    const [noSecret] = await failuresOf({ domain: "tenant.example.com", clientId: "ci" });
    expect(noSecret.reason).toMatch(/^Missing tenant client secret: a client id is set \(the stack config "tenant:clientId"\)/);
    const [explicit] = await failuresOf({ domain: "tenant.example.com" }, "urn:pulumi:dev::p::pulumi:providers:tenant::eu");
    expect(explicit.reason).toMatch(/^Missing tenant credentials: give the tenant Provider "eu" its "clientId" and "clientSecret" arguments/);
  });

  it("refuses a domain of the wrong shape or scheme, by property", async () => {
    const [plainHttp] = await failuresOf({ domain: "http://tenant.example.com", clientId: "ci", clientSecret: SECRET });
    expect(plainHttp).toMatchObject({ property: "domain" });
    expect(plainHttp.reason).toContain("plain http is only allowed for loopback hosts");
    expect(plainHttp.reason).toContain('the stack config "tenant:domain"');
    for (const domain of ["ftp://tenant.example.com", "tenant.example.com/api/v2", "not a host"]) {
      expect((await failuresOf({ domain, apiToken: TOKEN })).map((failure) => failure.property)).toEqual(["domain"]);
    }
    // User info may hold credentials: never quoted.
    const [withUserInfo] = await failuresOf({ domain: `https://admin:${SECRET}@tenant.example.com`, apiToken: TOKEN });
    expect(withUserInfo.property).toBe("domain");
  });

  it("names an explicit provider's argument", async () => {
    const [failure] = await failuresOf({ domain: "http://tenant.example.com", apiToken: TOKEN }, "urn:pulumi:dev::p::pulumi:providers:tenant::eu::tenant");
    expect(failure.reason).toContain('the "domain" argument of the tenant Provider "eu::tenant"');
  });

  it("refuses an audience that is neither an https URL nor the path /api/v2/", async () => {
    for (const audience of ["tenant.example.com/api/v2/", "http://tenant.example.com/api/v2/", "/api/v1/"]) {
      const failures = await failuresOf({ domain: "tenant.example.com", apiToken: TOKEN, audience });
      expect(failures.map((failure) => failure.property)).toEqual(["audience"]);
      expect(failures[0].reason).toContain('an https URL');
    }
  });

  it("refuses contradictory credentials without naming a secret setting", async () => {
    const both = await failuresOf({ domain: "tenant.example.com", clientId: "ci", clientSecret: SECRET, apiToken: TOKEN });
    expect(both).toEqual([{ property: "clientId", reason: expect.stringContaining("contradictory credentials") }]);
    const secretsOnly = await failuresOf({ domain: "tenant.example.com", clientSecret: SECRET, apiToken: TOKEN });
    expect(secretsOnly).toEqual([{ property: "", reason: expect.stringContaining("contradictory credentials") }]);
  });
});

describe("CheckConfig under the Pulumi CLI", () => {
  it("fails the run on a plain-http domain before any resource is touched", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-checkconfig-"));
    try {
      const engine = nativeEngine({
        stateDir,
        config: {
          "tenant:domain": { value: "http://tenant.example.com" },
          "tenant:clientId": { value: "ci" },
          "tenant:clientSecret": { value: SECRET, secret: true },
          "tenant-native:smsAuthToken": { value: TOKEN, secret: true },
        },
      });
      const error = await engine.up().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(EngineRunError);
      // As the CLI prints a provider's CheckConfig failure: the property, its value, and the plugin's reason.
      expect((error as Error).message).toContain(
        "pulumi:providers:tenant resource 'default': property domain value {http://tenant.example.com} has a problem: " +
          'Invalid tenant domain "http://tenant.example.com" in the stack config "tenant:domain"',
      );
      expect((error as Error).message).not.toContain(SECRET);
      expect((error as EngineRunError).result.steps).toEqual([]);
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
