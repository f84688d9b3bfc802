/**
 * The push-notification credentials through the native plugin, as the engine drives it (tokens
 * `tenant:index:SnsPushProvider`, `…:ApnsPushProvider`, `…:FcmPushProvider`): check failures about a secret name no
 * property, the secrets come back as secret envelopes (the SNS answer's echo of the AWS key never as a plain value),
 * FCM v1 refresh makes no call, and no secret shows in what the plugin prints on stderr.
 */
import { describe, expect, it } from "vitest";
import { provider as proto } from "../../provider/plugin/protocol";
import { fromStruct, isSecretEnvelope, secretEnvelope, toStruct } from "../../provider/plugin/values";
import { configuredPluginSuite } from "./pluginProcess";

const CLIENT = { id: "plugin-push-ci", secret: "sentinel-plugin-push-client-5e2a" };
const AWS_SECRET = "sentinel-plugin-aws-secret-8Rw3";
const P12 = Buffer.from("sentinel-plugin-p12-certificate").toString("base64");
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", private_key: "sentinel-plugin-fcm-key-6Yu1" });
const urn = (type: string, name: string) => `urn:pulumi:dev::tenant-yaml::tenant:index:${type}::${name}`;

type Struct = ReturnType<typeof toStruct>;
const suite = configuredPluginSuite(CLIENT, [AWS_SECRET, P12, "sentinel-plugin-fcm-key"]);

async function check(type: string, news: Record<string, unknown>): Promise<{ property: string; reason: string }[]> {
  const response = await suite.plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>(
    "check",
    new proto.CheckRequest().setUrn(urn(type, "x")).setOlds(toStruct({})).setNews(toStruct(news)),
  );
  return response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() }));
}

async function create(type: string, inputs: Record<string, unknown>): Promise<{ id: string; properties: Struct | undefined }> {
  const created = await suite.plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
    "create",
    new proto.CreateRequest().setUrn(urn(type, "x")).setProperties(toStruct(inputs)),
  );
  return { id: created.getId(), properties: created.getProperties() };
}

describe("push credentials through the native plugin", () => {
  it("a check failure about a secret names no property and says which in its reason", async () => {
    expect(await check("ApnsPushProvider", { bundleId: "b", p12: secretEnvelope("not base64 sentinel!") })).toEqual([
      { property: "", reason: expect.stringMatching(/^p12 must be the base64/) },
    ]);
    expect(await check("FcmPushProvider", { serverCredentials: secretEnvelope("sentinel plain text") })).toEqual([
      { property: "", reason: expect.stringMatching(/^serverCredentials must be/) },
    ]);
    expect(suite.emulator.count(undefined, "/api/v2")).toBe(0);
  });

  it("SNS: create answers the secret key as a secret envelope, refresh keeps it so, delete clears the tenant", async () => {
    const inputs = { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: secretEnvelope(AWS_SECRET), awsRegion: "us-east-1" };
    const { id, properties } = await create("SnsPushProvider", inputs);
    expect(id).toBe(new URL(suite.emulator.url).host);
    const created = properties?.toJavaScript() ?? {};
    expect(isSecretEnvelope(created.awsSecretAccessKey)).toBe(true);
    expect(fromStruct(properties).plain).toMatchObject({ awsRegion: "us-east-1", awsAccessKeyId: "AKIAEXAMPLE" });
    expect(JSON.stringify(fromStruct(properties).plain).split(AWS_SECRET)).toHaveLength(2);

    const refreshed = await suite.plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>(
      "read",
      new proto.ReadRequest().setId(id).setUrn(urn("SnsPushProvider", "x")).setProperties(properties).setInputs(toStruct(inputs)),
    );
    expect(isSecretEnvelope(refreshed.getProperties()?.toJavaScript().awsSecretAccessKey)).toBe(true);

    await suite.plugin.call("delete", new proto.DeleteRequest().setId(id).setUrn(urn("SnsPushProvider", "x")).setProperties(properties));
    expect(suite.emulator.state.pushCredentials.sns.aws_secret_access_key).toBeNull();
  });

  it("APNs and FCM v1: secrets as envelopes; an FCM v1 refresh makes no call", async () => {
    const apns = await create("ApnsPushProvider", { bundleId: "com.example.app", p12: secretEnvelope(P12) });
    expect(isSecretEnvelope(apns.properties?.toJavaScript().p12)).toBe(true);
    expect(suite.emulator.state.pushCredentials.apns.p12).toBe(P12);

    const fcm = await create("FcmPushProvider", { serverCredentials: secretEnvelope(SERVICE_ACCOUNT) });
    expect(isSecretEnvelope(fcm.properties?.toJavaScript().serverCredentials)).toBe(true);
    const before = suite.emulator.count(undefined, "/api/v2");
    const refreshed = await suite.plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>(
      "read",
      new proto.ReadRequest().setId(fcm.id).setUrn(urn("FcmPushProvider", "x")).setProperties(fcm.properties),
    );
    expect(suite.emulator.count(undefined, "/api/v2")).toBe(before);
    expect(isSecretEnvelope(refreshed.getProperties()?.toJavaScript().serverCredentials)).toBe(true);
  });
});
