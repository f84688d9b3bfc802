/**
 * The rest of the MFA settings through the native plugin, as the engine drives it (`tenant:index:DuoSettings`,
 * `…:WebAuthnSettings`, `…:PushCustomApp`, `…:MfaSettings`, `…:OtpSettings`, `…:RiskAssessmentSettings`,
 * `…:RiskAssessmentNewDevice`): each one's create, refresh, update and
 * delete against the emulator, the program's Duo key coming back as a secret envelope and the tenant's never at all
 * (a refresh that finds another drops the key, a drift), detailed diffs naming the changed input, and no secret in
 * what the plugin prints on stderr.
 */
import { describe, expect, it } from "vitest";
import { provider as proto } from "../../provider/plugin/protocol";
import { fromStruct, isSecretEnvelope, secretEnvelope, toStruct } from "../../provider/plugin/values";
import { configuredPluginSuite } from "./pluginProcess";

const CLIENT = { id: "plugin-factor-settings-ci", secret: "sentinel-plugin-factor-settings-client-2b7d" };
const DUO_KEY = "sentinel-plugin-duo-key-9Xq4";
const TENANT_DUO_KEY = "sentinel-plugin-tenant-duo-key-6Pw1";
const urn = (type: string, name: string) => `urn:pulumi:dev::tenant-yaml::tenant:index:${type}::${name}`;

type Struct = ReturnType<typeof toStruct>;
const suite = configuredPluginSuite(CLIENT, [DUO_KEY, TENANT_DUO_KEY]);

async function create(type: string, inputs: Record<string, unknown>): Promise<{ id: string; properties: Struct | undefined }> {
  const checked = await suite.plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>(
    "check",
    new proto.CheckRequest().setUrn(urn(type, "x")).setOlds(toStruct({})).setNews(toStruct(inputs)),
  );
  expect(checked.getFailuresList().map((failure) => failure.getReason())).toEqual([]);
  const created = await suite.plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
    "create",
    new proto.CreateRequest().setUrn(urn(type, "x")).setProperties(checked.getInputs()),
  );
  return { id: created.getId(), properties: created.getProperties() };
}

async function read(type: string, id: string, properties: Struct | undefined, inputs: Record<string, unknown>) {
  return suite.plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>(
    "read",
    new proto.ReadRequest().setId(id).setUrn(urn(type, "x")).setProperties(properties).setInputs(toStruct(inputs)),
  );
}

async function diff(type: string, id: string, olds: Struct | undefined, news: Record<string, unknown>): Promise<string[]> {
  const response = await suite.plugin.call<unknown, InstanceType<typeof proto.DiffResponse>>(
    "diff",
    new proto.DiffRequest().setId(id).setUrn(urn(type, "x")).setOlds(olds).setNews(toStruct(news)),
  );
  return response.getDiffsList();
}

describe("the MFA settings through the native plugin", () => {
  it("Duo: the program's key comes back as a secret; the tenant's, changed by hand, never does, and is a drift", async () => {
    const inputs = { integrationKey: "DIPLUGIN000000000001", secretKey: secretEnvelope(DUO_KEY), hostname: "api-plugin.duosecurity.com" };
    const { id, properties } = await create("DuoSettings", inputs);
    expect(isSecretEnvelope(properties?.toJavaScript().secretKey)).toBe(true);
    expect(fromStruct(properties).plain).toMatchObject({ integrationKey: "DIPLUGIN000000000001", secretKeyReplaced: false });

    suite.emulator.state.factorSettings.duo.skey = TENANT_DUO_KEY;
    const refreshed = await read("DuoSettings", id, properties, inputs);
    const refreshedProperties = refreshed.getProperties();
    expect(JSON.stringify(refreshedProperties?.toJavaScript())).not.toContain(TENANT_DUO_KEY);
    expect(refreshedProperties?.toJavaScript().secretKey).toBeUndefined();
    expect(await diff("DuoSettings", id, refreshedProperties, inputs)).toEqual(["secretKey"]);

    const updated = await suite.plugin.call<unknown, InstanceType<typeof proto.UpdateResponse>>(
      "update",
      new proto.UpdateRequest().setId(id).setUrn(urn("DuoSettings", "x")).setOlds(refreshedProperties).setNews(toStruct(inputs)),
    );
    expect(isSecretEnvelope(updated.getProperties()?.toJavaScript().secretKey)).toBe(true);
    expect(suite.emulator.state.factorSettings.duo.skey).toBe(DUO_KEY);
  });

  it("an import-shaped read of Duo reports the integration without any key", async () => {
    suite.emulator.state.factorSettings.duo = { ikey: "DIIMPORTED0000000001", skey: TENANT_DUO_KEY, host: "api-imported.duosecurity.com" };
    const imported = await suite.plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>(
      "read",
      new proto.ReadRequest().setId(new URL(suite.emulator.url).host).setUrn(urn("DuoSettings", "imported")),
    );
    expect(fromStruct(imported.getInputs()).plain).toEqual({ integrationKey: "DIIMPORTED0000000001", hostname: "api-imported.duosecurity.com" });
    expect(JSON.stringify([imported.getProperties()?.toJavaScript(), imported.getInputs()?.toJavaScript()])).not.toContain(TENANT_DUO_KEY);
  });

  it.each([
    ["WebAuthnSettings", { factor: "webauthn-roaming", userVerification: "required" }, { userVerification: "preferred" }, "userVerification"],
    ["PushCustomApp", { appName: "Plugin App", appleAppLink: "https://apps.apple.com/app/id1", googleAppLink: "https://play.google.com/store/apps/details?id=p" }, { appName: "Plugin App 2" }, "appName"],
    ["MfaSettings", { sessionInactivityTimeout: 28800, sessionOverallTimeout: 28800 }, { sessionOverallTimeout: 86400 }, "sessionOverallTimeout"],
    ["OtpSettings", { factor: "email", otpLength: 8 }, { otpLength: 10 }, "otpLength"],
    ["RiskAssessmentSettings", { enabled: true }, { enabled: false }, "enabled"],
    ["RiskAssessmentNewDevice", { rememberFor: 60 }, { rememberFor: 90 }, "rememberFor"],
  ])("%s: create, refresh, an update of one input, and delete putting back what it found", async (type, inputs, change, changed) => {
    const settings = () => JSON.stringify([suite.emulator.state.factorSettings, suite.emulator.state.riskAssessment]);
    const before = settings();
    const { id, properties } = await create(type, inputs);
    const refreshed = await read(type, id, properties, inputs);
    expect(fromStruct(refreshed.getProperties()).plain).toMatchObject(inputs);
    const next = { ...inputs, ...change };
    expect(await diff(type, id, refreshed.getProperties(), next)).toEqual([changed]);
    const updated = await suite.plugin.call<unknown, InstanceType<typeof proto.UpdateResponse>>(
      "update",
      new proto.UpdateRequest().setId(id).setUrn(urn(type, "x")).setOlds(refreshed.getProperties()).setNews(toStruct(next)),
    );
    expect(fromStruct(updated.getProperties()).plain).toMatchObject(next);
    await suite.plugin.call("delete", new proto.DeleteRequest().setId(id).setUrn(urn(type, "x")).setProperties(updated.getProperties()));
    // PushCustomApp on a tenant without one cannot be cleared (destroy warns); the others are as they were.
    if (type !== "PushCustomApp") expect(settings()).toBe(before);
  });

  it.each(["RiskAssessmentSettings", "RiskAssessmentNewDevice"])("%s on a tenant without the Adaptive MFA add-on: one error naming the plan", async (type) => {
    suite.emulator.seedRiskAssessment({ entitlement: "not_entitled" });
    try {
      const refused = await create(type, type === "RiskAssessmentSettings" ? { enabled: true } : { rememberFor: 60 }).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(refused?.message).toMatch(new RegExp(`${type}: the tenant's plan does not offer the Adaptive MFA .*403 not_entitled.*it was not retried`));
    } finally {
      suite.emulator.seedRiskAssessment({ entitlement: "entitled" });
    }
  });
});
