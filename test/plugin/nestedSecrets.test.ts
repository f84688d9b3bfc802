/**
 * A secret nested in a property, passed as a plain string — as a YAML or Python program passes an EventStream's
 * webhook token, password or header value — comes back from the plugin as a secret, alone: in Check's inputs and
 * Create's, Read's and Update's outputs, so the engine never stores it in clear, while the destination around it stays
 * readable (a diff names a changed endpoint). A destination that holds none (an EventBridge one) holds no secret.
 */
import { describe, expect, it } from "vitest";
import { provider as proto } from "../../provider/plugin/protocol";
import { fromStruct, toStruct } from "../../provider/plugin/values";
import type { Struct } from "../../provider/plugin/protocol";
import { configuredPluginSuite, secretPaths } from "./pluginProcess";

const CLIENT = { id: "plugin-nested-secrets", secret: "sentinel-plugin-nested-client-4f2a" };
const TOKEN = "sentinel-plugin-plain-token-7c1e";
const PASSWORD = "sentinel-plugin-plain-password-2b9d";
const HEADER_VALUE = "sentinel-plugin-plain-header-value-e04f";
const ROTATED = "sentinel-plugin-plain-token-rotated-91aa";
const urn = (name: string): string => `urn:pulumi:dev::tenant-yaml::tenant:index:EventStream::${name}`;

const suite = configuredPluginSuite(CLIENT, [TOKEN, PASSWORD, HEADER_VALUE, ROTATED]);

type Authorization = Record<string, string>;
/** An EventStream's inputs as a program without secret envelopes sends them: every value plain. */
const webhook = (name: string, authorization: Authorization) => ({
  name,
  subscriptions: [{ eventType: "user.created" }],
  destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: authorization } },
});
const eventBridge = {
  name: "bridge",
  subscriptions: [{ eventType: "user.created" }],
  destination: { type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1" } },
};

/** Where the struct holds a secret envelope. */
const envelopes = (value: Struct | undefined): string[] => secretPaths(value?.toJavaScript());
const AUTHORIZATION = "destination.configuration.webhookAuthorization";

function check(name: string, news: Record<string, unknown>) {
  return suite.plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>("check", new proto.CheckRequest().setUrn(urn(name)).setNews(toStruct(news)));
}

describe("a webhook secret given as a plain string, through the plugin", () => {
  it.each([
    ["a bearer token", { method: "bearer", token: TOKEN }, TOKEN, "token"],
    ["a basic password", { method: "basic", username: "deliveries", password: PASSWORD }, PASSWORD, "password"],
    ["a custom header's value", { method: "custom_header", headerKey: "X-Hook-Key", headerValue: HEADER_VALUE }, HEADER_VALUE, "headerValue"],
  ])("Check returns %s as a secret, alone, the rest of the inputs readable", async (_label, authorization, secret, field) => {
    const checked = await check("hook", webhook("hook", authorization));
    expect(checked.getFailuresList()).toEqual([]);
    expect(envelopes(checked.getInputs())).toEqual([`${AUTHORIZATION}.${field}`]);
    expect(fromStruct(checked.getInputs()).plain).toMatchObject({ destination: { configuration: { webhookAuthorization: authorization } } });
    expect(JSON.stringify(checked.getInputs()?.toJavaScript())).toContain(secret);
  });

  it("Check leaves a destination that holds no secret (EventBridge, Action) readable", async () => {
    expect(envelopes((await check("bridge", eventBridge)).getInputs())).toEqual([]);
    const action = { ...eventBridge, destination: { type: "action", configuration: { actionId: "act_123" } } };
    expect(envelopes((await check("action", action)).getInputs())).toEqual([]);
  });

  it("Create, Read (a refresh) and Update return the token as a secret, alone", async () => {
    const inputs = webhook("hook", { method: "bearer", token: TOKEN });
    const created = await suite.plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
      "create",
      new proto.CreateRequest().setUrn(urn("hook")).setProperties(toStruct(inputs)),
    );
    expect(envelopes(created.getProperties())).toEqual([`${AUTHORIZATION}.token`]);
    const id = created.getId();
    const outputs = fromStruct(created.getProperties()).plain;

    // A refresh of state that holds the token in plain text (written before this fix) is stored secret from then on.
    const refreshed = await suite.plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>(
      "read",
      new proto.ReadRequest().setId(id).setUrn(urn("hook")).setProperties(toStruct(outputs)).setInputs(toStruct(inputs)),
    );
    expect(envelopes(refreshed.getProperties())).toEqual([`${AUTHORIZATION}.token`]);
    expect(envelopes(refreshed.getInputs())).toEqual([`${AUTHORIZATION}.token`]);
    expect(fromStruct(refreshed.getProperties()).plain).toMatchObject({ destination: { configuration: { webhookAuthorization: { token: TOKEN } } } });

    const updated = await suite.plugin.call<unknown, InstanceType<typeof proto.UpdateResponse>>(
      "update",
      new proto.UpdateRequest().setId(id).setUrn(urn("hook")).setOlds(toStruct(outputs)).setNews(toStruct(webhook("hook", { method: "bearer", token: ROTATED }))),
    );
    expect(envelopes(updated.getProperties())).toEqual([`${AUTHORIZATION}.token`]);
    expect(suite.emulator.state.findEventStream(id)?.destination.configuration).toMatchObject({ webhook_authorization: { token: ROTATED } });
    await suite.plugin.call("delete", new proto.DeleteRequest().setId(id).setUrn(urn("hook")).setProperties(updated.getProperties()));
  });

  it("Create of an EventBridge destination returns it readable", async () => {
    const created = await suite.plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
      "create",
      new proto.CreateRequest().setUrn(urn("bridge")).setProperties(toStruct(eventBridge)),
    );
    expect(envelopes(created.getProperties())).toEqual([]);
    await suite.plugin.call("delete", new proto.DeleteRequest().setId(created.getId()).setUrn(urn("bridge")).setProperties(created.getProperties()));
  });
});
