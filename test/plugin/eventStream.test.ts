/**
 * EventStream through the native plugin, as the engine drives it: a webhook token sent as a nested secret comes
 * back as a secret, the destination around it readable (so a diff can name a changed endpoint), diffs say update or
 * replace (deleting first), import reads by id without the token, a malformed id is refused by name, and no token
 * shows in what the plugin prints.
 */
import { describe, expect, it } from "vitest";
import { provider as proto } from "../../provider/plugin/protocol";
import { fromStruct, secretEnvelope, toStruct } from "../../provider/plugin/values";
import { configuredPluginSuite, secretPaths } from "./pluginProcess";

const CLIENT = { id: "plugin-streams", secret: "sentinel-plugin-streams-secret-3e8a" };
const TOKEN = "sentinel-plugin-webhook-token-91bd";
const ROTATED = "sentinel-plugin-webhook-token-rotated-55c0";
const STREAM = "urn:pulumi:dev::tenant-yaml::tenant:index:EventStream::audit";

const webhookInputs = (token: string) => ({
  name: "audit",
  subscriptions: [{ eventType: "user.created" }],
  destination: {
    type: "webhook",
    configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: { method: "bearer", token: secretEnvelope(token) } },
  },
});

const suite = configuredPluginSuite(CLIENT, [TOKEN, ROTATED]);
const TOKEN_ONLY = ["destination.configuration.webhookAuthorization.token"];

describe("EventStream through the plugin", () => {
  let id = "";
  let outputs: ReturnType<typeof fromStruct>;

  it("creates it, the token returned as a secret inside a readable destination", async () => {
    const created = await suite.plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
      "create",
      new proto.CreateRequest().setUrn(STREAM).setProperties(toStruct(webhookInputs(TOKEN))),
    );
    id = created.getId();
    expect(suite.emulator.state.findEventStream(id)?.destination.configuration).toMatchObject({ webhook_authorization: { token: TOKEN } });
    expect(secretPaths(created.getProperties()?.toJavaScript())).toEqual(TOKEN_ONLY);
    outputs = fromStruct(created.getProperties());
    expect(outputs.plain).toMatchObject({ name: "audit", status: "enabled" });
  });

  it("diffs a rotated token as an update and another type as a replace that deletes first", async () => {
    const diff = (news: Record<string, unknown>) =>
      suite.plugin.call<unknown, InstanceType<typeof proto.DiffResponse>>(
        "diff",
        new proto.DiffRequest().setId(id).setUrn(STREAM).setOlds(toStruct(outputs.plain, outputs.secretMarks)).setNews(toStruct(news)),
      );
    const same = await diff(webhookInputs(TOKEN));
    expect(same.getChanges()).toBe(proto.DiffResponse.DiffChanges.DIFF_NONE);
    const rotated = await diff(webhookInputs(ROTATED));
    expect(rotated.getDiffsList()).toEqual(["destination"]);
    expect(rotated.getReplacesList()).toEqual([]);
    const retyped = await diff({ ...webhookInputs(TOKEN), destination: { type: "action", configuration: { actionId: "act_1" } } });
    expect(retyped.getReplacesList()).toEqual(["destination"]);
    expect(retyped.getDeletebeforereplace()).toBe(true);
  });

  it("imports it by id alone, without the token; refuses a malformed id by name", async () => {
    const imported = await suite.plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>("read", new proto.ReadRequest().setId(id).setUrn(STREAM));
    expect(fromStruct(imported.getInputs()).plain).toMatchObject({ name: "audit", destination: { type: "webhook" } });
    expect(JSON.stringify(imported.getInputs()?.toJavaScript())).not.toContain(TOKEN);
    const error = await suite.plugin.call("read", new proto.ReadRequest().setId("est_bad").setUrn(STREAM)).catch((caught: Error) => caught);
    expect((error as Error).message).toContain('"est_bad" is not a valid event stream id');
  });

  it("updates the token in place, then deletes it", async () => {
    const updated = await suite.plugin.call<unknown, InstanceType<typeof proto.UpdateResponse>>(
      "update",
      new proto.UpdateRequest().setId(id).setUrn(STREAM).setOlds(toStruct(outputs.plain, outputs.secretMarks)).setNews(toStruct(webhookInputs(ROTATED))),
    );
    expect(secretPaths(updated.getProperties()?.toJavaScript())).toEqual(TOKEN_ONLY);
    expect(suite.emulator.state.findEventStream(id)?.destination.configuration).toMatchObject({ webhook_authorization: { token: ROTATED } });
    await suite.plugin.call("delete", new proto.DeleteRequest().setId(id).setUrn(STREAM).setProperties(updated.getProperties()));
    expect(suite.emulator.state.findEventStream(id)).toBeUndefined();
  });
});
