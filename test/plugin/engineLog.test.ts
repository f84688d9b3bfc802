/**
 * What the plugin tells the user goes through the engine's Log service at the address it is started with (the
 * Pulumi CLI hides a plugin's stderr), with the severity the CLI shows it by: TENANT_DEBUG lines (info, under the
 * resource whose request they are about, in the order they were written); on importing
 * a vendor_a phone provider, that its write-only auth token is not in the imported inputs (warning); a destroy's
 * warning (warning, under the resource's URN, naming it as the program did, no `warning:` in its text); a long
 * rate-limit wait (info, under no resource). Nothing secret in any of it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { provider as proto } from "../../provider/plugin/protocol";
import { secretEnvelope, toStruct } from "../../provider/plugin/values";
import { assertDistIsFresh } from "../resources/dist";
import { startEngineLogServer, type EngineLogServer } from "./engineLogServer";
import { PluginProcess } from "./pluginProcess";

const CLIENT = { id: "plugin-log-ci", secret: "sentinel-plugin-log-secret-38d0" };
const AUTH_TOKEN = "sentinel-plugin-log-sms-token-aa51";
const PHONE = "urn:pulumi:dev::tenant-yaml::tenant:index:PhoneProvider::sms";
const FCM = "urn:pulumi:dev::tenant-yaml::tenant:index:FcmPushProvider::android-push";
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", private_key: "sentinel-plugin-log-fcm-key-90ce" });
const SEVERITY = { info: 1, warning: 2 };

let engine: EngineLogServer;
let emulator: Emulator;
let plugin: PluginProcess;

beforeAll(async () => {
  assertDistIsFresh();
  engine = await startEngineLogServer();
  emulator = await startEmulator({ clients: [CLIENT] });
  plugin = await PluginProcess.start({ TENANT_DEBUG: "1" }, undefined, engine.address);
  await plugin.call(
    "configure",
    new proto.ConfigureRequest().setArgs(toStruct({ domain: emulator.url, clientId: CLIENT.id, clientSecret: secretEnvelope(CLIENT.secret), version: "0.1.0" })),
  );
});

afterAll(async () => {
  await plugin?.stop();
  await emulator?.close();
  engine?.stop();
});

it("sends TENANT_DEBUG lines and the import advice to the engine's log, not to stderr, and no secret", async () => {
  const created = await plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
    "create",
    new proto.CreateRequest().setUrn(PHONE).setProperties(
      toStruct({ name: "vendor_a", credentials: secretEnvelope({ authToken: AUTH_TOKEN }), configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+15550100" } }),
    ),
  );
  await plugin.call("read", new proto.ReadRequest().setId(created.getId()).setUrn(PHONE));
  await expect.poll(() => engine.logs.some((log) => log.severity === 2)).toBe(true);

  const advice = engine.logs.find((log) => log.severity === 2);
  expect(advice?.urn).toBe(PHONE);
  expect(advice?.message).toContain("credentials.authToken is write-only");
  const debugLines = engine.logs.filter((log) => log.message.startsWith("[pulumi-tenant] "));
  expect(debugLines.map((log) => log.severity)).toEqual(debugLines.map(() => SEVERITY.info));
  expect(debugLines.map((log) => log.message.replace(/\(\d+ms\)/, "(…)"))).toEqual(
    expect.arrayContaining([`[pulumi-tenant] POST /api/v2/branding/phone/providers -> 201 (…)`, `[pulumi-tenant] GET /api/v2/branding/phone/providers/${created.getId()} -> 200 (…)`]),
  );
  expect(debugLines.find((log) => log.message.startsWith("[pulumi-tenant] POST /api/v2/branding/phone/providers"))?.urn).toBe(PHONE);
  expect(plugin.stderr).not.toContain("[pulumi-tenant] ");
  for (const log of engine.logs) {
    expect(log.message).not.toContain(CLIENT.secret);
    expect(log.message).not.toContain(AUTH_TOKEN);
  }
});

it("a destroy's warning: severity warning, under the resource's URN, naming it as the program did", async () => {
  const created = await plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
    "create",
    new proto.CreateRequest().setUrn(FCM).setProperties(toStruct({ serverCredentials: secretEnvelope(SERVICE_ACCOUNT) })),
  );
  await plugin.call("delete", new proto.DeleteRequest().setId(created.getId()).setUrn(FCM).setProperties(created.getProperties()));
  expect(engine.logs.filter((log) => log.urn === FCM && !log.message.startsWith("[pulumi-tenant] "))).toEqual([
    {
      severity: SEVERITY.warning,
      urn: FCM,
      message: expect.stringMatching(/^FcmPushProvider "android-push" was removed from the stack; the FCM v1 service account stays on the tenant/),
    },
  ]);
  expect(plugin.stderr).not.toContain("stays on the tenant");
  expect(JSON.stringify(engine.logs)).not.toContain("sentinel-plugin-log-fcm-key");
});

it("a long rate-limit wait is a notice: info, under no resource", async () => {
  emulator.injectFault({ method: "PUT", path: "/api/v2/guardian/factors/push-notification/providers/fcmv1", count: 1, kind: "429", retryAfterSeconds: 6 });
  await plugin.call("create", new proto.CreateRequest().setUrn(FCM).setProperties(toStruct({ serverCredentials: secretEnvelope(SERVICE_ACCOUNT) })));
  const notices = engine.logs.filter((log) => log.message.includes("rate limit is exhausted"));
  expect(notices).toEqual([{ severity: SEVERITY.info, urn: "", message: expect.stringMatching(/^\[pulumi-tenant\] the tenant's API rate limit is exhausted: waiting/) }]);
});
