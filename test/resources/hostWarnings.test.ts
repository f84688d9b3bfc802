// A destroy's warning from the real @pulumi/pulumi dynamic-provider host, started as the engine starts it (its
// engine's address as its argument): it reaches the engine's Log service with severity warning, no `warning:` in its
// text, naming the resource as the program did, so the CLI shows and counts it as a warning; with no engine listening
// it still reaches the user, on stderr. (A host that never warns never loads the Log client: lazyLoading.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../tools/emulator";
import { secretEnvelope } from "../../tools/pulumi-cli/driver";
import { DynamicProviderHost } from "../../tools/host-driver";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import { providerText } from "../../provider/resources/common/providerText";
import { startEngineLogServer, type EngineLogServer } from "../plugin/engineLogServer";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { REPO_ROOT, assertDistIsFresh } from "./dist";
import { CLIENT_ID, CLIENT_SECRET, startTenant } from "./harness";

const HOST_ENV = { ...packageLookupEnv(), ...BLANK_TENANT_ENV };
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", private_key: "sentinel-host-warning-fcm-key" });
const TYPE = "FcmPushProvider";
const URN = `urn:pulumi:test::tenant-basic::pulumi-nodejs:dynamic/tenant:${TYPE}::android-push`;
const WARNING_SEVERITY = 2;

let emulator: Emulator;
let engine: EngineLogServer;

beforeAll(async () => {
  assertDistIsFresh();
  emulator = await startTenant();
  engine = await startEngineLogServer();
});

afterAll(async () => {
  engine?.stop();
  await emulator?.close();
});

/** A host started with `engineAddress`, an FCM service account created through it as the class registers one, then destroyed. */
async function createAndDestroy(engineAddress: string): Promise<DynamicProviderHost> {
  const host = await DynamicProviderHost.start({ cwd: REPO_ROOT, env: HOST_ENV, engineAddress });
  await host.configure({ "tenant:domain": emulator.url, "tenant:clientId": CLIENT_ID, "tenant:clientSecret": secretEnvelope(CLIENT_SECRET) });
  const __provider = providerText("fcmPushProvider");
  const checked = await host.check(URN, {}, { serverCredentials: SERVICE_ACCOUNT, __programName: "android-push", __provider });
  expect(checked.failures).toEqual([]);
  const created = await host.create(URN, checked.inputs);
  await host.delete(created.id, URN, created.properties);
  return host;
}

describe("a dynamic resource's destroy warning", () => {
  it("reaches the engine's Log as a warning, naming the resource as the program did", async () => {
    const host = await createAndDestroy(engine.address);
    try {
      const warnings = engine.logs.filter((log) => log.message.includes("FCM v1 service account stays on the tenant"));
      expect(warnings).toEqual([
        {
          severity: WARNING_SEVERITY,
          // The host is never told the URN (its calls carry none): the message names the resource instead.
          urn: "",
          message: expect.stringMatching(/^FcmPushProvider "android-push" was removed from the stack; the FCM v1 service account stays on the tenant/),
        },
      ]);
      expect(host.output()).not.toContain("stays on the tenant");
      expect(JSON.stringify(engine.logs)).not.toContain("sentinel-host-warning-fcm-key");
    } finally {
      await host.stop();
    }
  });

  it("without an engine to take it, reaches the user on the host's stderr, marked a warning", async () => {
    const host = await createAndDestroy("127.0.0.1:1");
    try {
      expect(host.output()).toMatch(/^warning: FcmPushProvider "android-push" was removed from the stack; the FCM v1 service account stays/m);
    } finally {
      await host.stop();
    }
  });
});
