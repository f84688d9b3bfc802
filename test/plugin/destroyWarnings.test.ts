/**
 * What the plugin tells the user about a resource reaches the engine's Log with the severity the CLI shows it by: a
 * destroy's warning as a warning (severity 2), under the resource's URN, naming it as the program did and without a
 * `warning:` in its text; a progress notice (a long rate-limit wait) stays info, under no resource.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { provider as proto } from "../../provider/plugin/protocol";
import { secretEnvelope, toStruct } from "../../provider/plugin/values";
import { assertDistIsFresh } from "../resources/dist";
import { startEngineLogServer, type EngineLogServer } from "./engineLogServer";
import { PluginProcess } from "./pluginProcess";

const CLIENT = { id: "plugin-warnings-ci", secret: "sentinel-plugin-warnings-secret-1f7c" };
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", private_key: "sentinel-plugin-warnings-fcm-key" });
const FCM = "urn:pulumi:dev::tenant-yaml::tenant:index:FcmPushProvider::android-push";
const SEVERITY = { info: 1, warning: 2 };

let engine: EngineLogServer;
let emulator: Emulator;
let plugin: PluginProcess;

beforeAll(async () => {
  assertDistIsFresh();
  engine = await startEngineLogServer();
  emulator = await startEmulator({ clients: [CLIENT] });
  plugin = await PluginProcess.start({}, undefined, engine.address);
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

it("a destroy's warning: severity warning, under the resource's URN, naming it as the program did", async () => {
  const created = await plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
    "create",
    new proto.CreateRequest().setUrn(FCM).setProperties(toStruct({ serverCredentials: secretEnvelope(SERVICE_ACCOUNT) })),
  );
  await plugin.call("delete", new proto.DeleteRequest().setId(created.getId()).setUrn(FCM).setProperties(created.getProperties()));
  const warnings = engine.logs.filter((log) => log.severity === SEVERITY.warning);
  expect(warnings).toEqual([
    {
      severity: SEVERITY.warning,
      urn: FCM,
      message: expect.stringMatching(/^FcmPushProvider "android-push" was removed from the stack; the FCM v1 service account stays on the tenant/),
    },
  ]);
  expect(plugin.stderr).not.toContain("stays on the tenant");
  expect(JSON.stringify(engine.logs)).not.toContain("sentinel-plugin-warnings");
});

it("a long rate-limit wait is a notice: info, under no resource", async () => {
  emulator.injectFault({ method: "PUT", path: "/api/v2/guardian/factors/push-notification/providers/fcmv1", count: 1, kind: "429", retryAfterSeconds: 6 });
  await plugin.call(
    "create",
    new proto.CreateRequest().setUrn(FCM).setProperties(toStruct({ serverCredentials: secretEnvelope(SERVICE_ACCOUNT) })),
  );
  const notices = engine.logs.filter((log) => log.message.includes("rate limit is exhausted"));
  expect(notices).toEqual([{ severity: SEVERITY.info, urn: "", message: expect.stringMatching(/^\[pulumi-tenant\] the tenant's API rate limit is exhausted: waiting/) }]);
});
