/**
 * The native plugin at the protocol level, as the engine drives it: the real executable, engine-shaped requests,
 * the emulator as the tenant. Secrets travel as envelopes both ways, diffs say update or replace per property,
 * Configure reports missing keys the way the engine turns into "missing required configuration key", reads
 * serve refresh, `.get` and import, and no secret shows in an error or in what the plugin prints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { empty, provider as proto, status } from "../../provider/plugin/protocol";
import { fromStruct, isSecretEnvelope, secretEnvelope, toStruct } from "../../provider/plugin/values";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";
import { PluginProcess } from "./pluginProcess";

const CLIENT = { id: "plugin-ci", secret: "sentinel-plugin-client-secret-7d41" };
const AUTH_TOKEN = "sentinel-plugin-sms-token-2c9e";
const urn = (type: string, name: string) => `urn:pulumi:dev::tenant-yaml::tenant:index:${type}::${name}`;
const PHONE = urn("PhoneProvider", "sms");
const TICKET = urn("EnrollmentTicket", "alice");

const phoneInputs = (sid = "AC0000000000000000000000000000demo") => ({
  name: "vendor_a",
  credentials: secretEnvelope({ authToken: AUTH_TOKEN }),
  configuration: { sid, deliveryMethods: ["text", "voice"], defaultFrom: "+15550100" },
});

let emulator: Emulator;
let plugin: PluginProcess;

function configureRequest(args: Record<string, unknown>) {
  return new proto.ConfigureRequest().setArgs(toStruct(args)).setAcceptsecrets(true).setAcceptresources(true);
}

async function configured(): Promise<void> {
  await plugin.call("configure", configureRequest({ domain: emulator.url, clientId: CLIENT.id, clientSecret: secretEnvelope(CLIENT.secret), version: "0.1.0" }));
}

beforeAll(async () => {
  assertDistIsFresh();
  emulator = await startEmulator({ clients: [CLIENT] });
  emulator.seedEventStreams(150);
  plugin = await PluginProcess.start();
});

afterAll(async () => {
  await plugin?.stop();
  await emulator?.close();
  expect(plugin.stderr).not.toContain(CLIENT.secret);
  expect(plugin.stderr).not.toContain(AUTH_TOKEN);
});

describe("plugin information", () => {
  it("reports the package's version and serves the schema the build wrote", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    const info = await plugin.call<unknown, { getVersion(): string }>("getPluginInfo", new empty.Empty());
    expect(info.getVersion()).toBe(version);
    const schema = await plugin.call<InstanceType<typeof proto.GetSchemaRequest>, InstanceType<typeof proto.GetSchemaResponse>>(
      "getSchema",
      new proto.GetSchemaRequest().setVersion(0),
    );
    expect(JSON.parse(schema.getSchema())).toEqual(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist", "schema.json"), "utf8")));
    expect(JSON.parse(schema.getSchema())).toMatchObject({ name: "tenant", version });
  });
});

describe("Configure", () => {
  it("without settings answers the missing keys, full names, as ConfigureErrorMissingKeys", async () => {
    const fresh = await PluginProcess.start();
    try {
      const error = await fresh.call("configure", configureRequest({ version: "0.1.0" })).then(
        () => undefined,
        (caught: { metadata: { get(key: string): Buffer[] } }) => caught,
      );
      expect(error).toBeDefined();
      const [bytes] = error!.metadata.get("grpc-status-details-bin");
      const details = status.Status.deserializeBinary(bytes).getDetailsList();
      expect(details).toHaveLength(1);
      const missing = details[0].unpack(proto.ConfigureErrorMissingKeys.deserializeBinary, "pulumirpc.ConfigureErrorMissingKeys");
      expect(missing?.getMissingkeysList().map((key) => key.getName())).toEqual(["tenant:domain", "tenant:clientId", "tenant:clientSecret"]);
    } finally {
      await fresh.stop();
    }
  });

  it("with an API token, only the domain is required; the TENANT_* variables count", async () => {
    const fresh = await PluginProcess.start({ TENANT_DOMAIN: "tenant.example.com" });
    try {
      const response = await fresh.call<unknown, InstanceType<typeof proto.ConfigureResponse>>(
        "configure",
        configureRequest({ apiToken: secretEnvelope("sentinel-api-token-11"), version: "0.1.0" }),
      );
      expect(response.getAcceptsecrets()).toBe(true);
    } finally {
      await fresh.stop();
    }
  });
});

describe("a phone provider's life through the plugin", () => {
  let id = "";
  let outputs: ReturnType<typeof fromStruct>;

  it("Check keeps the credentials secret and reports a bad input by property, without its value", async () => {
    await configured();
    const checked = await plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>(
      "check",
      new proto.CheckRequest().setUrn(PHONE).setOlds(toStruct({})).setNews(toStruct(phoneInputs())),
    );
    expect(checked.getFailuresList()).toEqual([]);
    expect(isSecretEnvelope(checked.getInputs()?.toJavaScript().credentials)).toBe(true);

    const bad = await plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>(
      "check",
      new proto.CheckRequest().setUrn(PHONE).setOlds(toStruct({})).setNews(toStruct({ ...phoneInputs(), name: "vendor_z" })),
    );
    expect(bad.getFailuresList().map((failure) => failure.getProperty())).toEqual(["name"]);
    expect(bad.getFailuresList()[0].getReason()).not.toContain(AUTH_TOKEN);
  });

  it("Create makes it on the tenant and returns the credentials as a secret", async () => {
    const created = await plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
      "create",
      new proto.CreateRequest().setUrn(PHONE).setProperties(toStruct(phoneInputs())),
    );
    id = created.getId();
    expect(emulator.state.phoneProviders.has(id)).toBe(true);
    const props = created.getProperties()?.toJavaScript() ?? {};
    expect(isSecretEnvelope(props.credentials)).toBe(true);
    outputs = fromStruct(created.getProperties());
    expect(outputs.plain).toMatchObject({ name: "vendor_a", configuration: { sid: "AC0000000000000000000000000000demo" } });
  });

  it("Diff says which property changes and whether it replaces", async () => {
    const diff = await plugin.call<unknown, InstanceType<typeof proto.DiffResponse>>(
      "diff",
      new proto.DiffRequest().setId(id).setUrn(PHONE).setOlds(toStruct(outputs.plain, outputs.secretMarks)).setNews(toStruct(phoneInputs("AC_other"))),
    );
    expect(diff.getChanges()).toBe(proto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(diff.getDiffsList()).toEqual(["configuration"]);
    expect(diff.getReplacesList()).toEqual([]);
    expect(diff.getHasdetaileddiff()).toBe(true);
    expect(diff.getDetaileddiffMap().get("configuration")?.getKind()).toBe(proto.PropertyDiff.Kind.UPDATE);

    const same = await plugin.call<unknown, InstanceType<typeof proto.DiffResponse>>(
      "diff",
      new proto.DiffRequest().setId(id).setUrn(PHONE).setOlds(toStruct(outputs.plain, outputs.secretMarks)).setNews(toStruct(phoneInputs())),
    );
    expect(same.getChanges()).toBe(proto.DiffResponse.DiffChanges.DIFF_NONE);
  });

  it("Read refreshes it, reads it by id alone (import, .get), and reports a missing id by name", async () => {
    const refreshed = await plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>(
      "read",
      new proto.ReadRequest().setId(id).setUrn(PHONE).setProperties(toStruct(outputs.plain, outputs.secretMarks)).setInputs(toStruct(phoneInputs())),
    );
    expect(refreshed.getId()).toBe(id);
    expect(isSecretEnvelope(refreshed.getProperties()?.toJavaScript().credentials)).toBe(true);

    const imported = await plugin.call<unknown, InstanceType<typeof proto.ReadResponse>>("read", new proto.ReadRequest().setId(id).setUrn(PHONE));
    expect(imported.getId()).toBe(id);
    expect(fromStruct(imported.getInputs()).plain).toMatchObject({ name: "vendor_a" });
    expect(JSON.stringify(imported.getInputs()?.toJavaScript())).not.toContain(AUTH_TOKEN);

    // The engine's import then checks the read inputs against themselves: they must pass as they are.
    const importCheck = await plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>(
      "check",
      new proto.CheckRequest().setUrn(PHONE).setOlds(imported.getInputs()).setNews(imported.getInputs()),
    );
    expect(importCheck.getFailuresList().map((failure) => `${failure.getProperty()}: ${failure.getReason()}`)).toEqual([]);
    // Creating one still needs the credentials.
    const { credentials: _left, ...withoutCredentials } = phoneInputs();
    void _left;
    const createCheck = await plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>(
      "check",
      new proto.CheckRequest().setUrn(PHONE).setOlds(toStruct({})).setNews(toStruct(withoutCredentials)),
    );
    expect(createCheck.getFailuresList().map((failure) => failure.getReason())).toEqual(["credentials is required"]);

    // An import's Read (the id alone, no inputs) of a missing id says so in the engine's words; a `.get` in its own.
    const typo = "pro_typo0000000000000000";
    const importError = await plugin.call("read", new proto.ReadRequest().setId(typo).setUrn(PHONE).setProperties(toStruct({}))).catch((caught: Error) => caught);
    expect((importError as Error).message).toContain(`resource '${typo}' does not exist: the tenant has no phone provider with this id.`);
    expect((importError as Error).message).not.toContain(".get");
    const getError = await plugin
      .call("read", new proto.ReadRequest().setId(typo).setUrn(PHONE).setProperties(toStruct({})).setInputs(toStruct({})))
      .catch((caught: Error) => caught);
    expect((getError as Error).message).toContain(`PhoneProvider.get("${typo}"): the tenant has no phone provider with this id.`);
  });

  it("Update changes it in place; Delete removes it", async () => {
    const updated = await plugin.call<unknown, InstanceType<typeof proto.UpdateResponse>>(
      "update",
      new proto.UpdateRequest().setId(id).setUrn(PHONE).setOlds(toStruct(outputs.plain, outputs.secretMarks)).setNews(toStruct(phoneInputs("AC_updated"))),
    );
    expect(fromStruct(updated.getProperties()).plain).toMatchObject({ configuration: { sid: "AC_updated" } });
    expect(emulator.state.phoneProviders.get(id)?.configuration).toMatchObject({ sid: "AC_updated" });
    // An update that leaves the credentials out (an imported provider) keeps the ones the service holds.
    const { credentials: _kept, ...keepCredentials } = phoneInputs("AC_kept");
    void _kept;
    await plugin.call("update", new proto.UpdateRequest().setId(id).setUrn(PHONE).setOlds(updated.getProperties()).setNews(toStruct(keepCredentials)));
    expect(emulator.state.phoneProviders.get(id)).toMatchObject({ configuration: { sid: "AC_kept" }, credentials: { auth_token: AUTH_TOKEN } });
    await plugin.call("delete", new proto.DeleteRequest().setId(id).setUrn(PHONE).setProperties(updated.getProperties()));
    expect(emulator.state.phoneProviders.size).toBe(0);
  });
});

describe("enrollment tickets and invokes", () => {
  it("a ticket's inputs replace on change, its URL and id are secret, and it cannot be read by id", async () => {
    await configured();
    const inputs = { userId: "auth0|alice", factor: "push-notification", sendMail: false };
    const created = await plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
      "create",
      new proto.CreateRequest().setUrn(TICKET).setProperties(toStruct(inputs)),
    );
    const props = created.getProperties()?.toJavaScript() ?? {};
    expect(isSecretEnvelope(props.ticketUrl)).toBe(true);
    expect(isSecretEnvelope(props.ticketId)).toBe(true);
    const outputs = fromStruct(created.getProperties());
    const diff = await plugin.call<unknown, InstanceType<typeof proto.DiffResponse>>(
      "diff",
      new proto.DiffRequest().setId(created.getId()).setUrn(TICKET).setOlds(toStruct(outputs.plain, outputs.secretMarks)).setNews(toStruct({ ...inputs, userId: "auth0|bob" })),
    );
    expect(diff.getReplacesList()).toEqual(["userId"]);
    expect(diff.getDetaileddiffMap().get("userId")?.getKind()).toBe(proto.PropertyDiff.Kind.UPDATE_REPLACE);
    const error = await plugin.call("read", new proto.ReadRequest().setId(created.getId()).setUrn(TICKET)).catch((caught: Error) => caught);
    expect((error as Error).message).toContain(`EnrollmentTicket "${created.getId()}" cannot be imported: the service cannot read`);
    expect((error as Error).message).not.toContain(".get");
  });

  it("getEventStreams returns every stream across pages", async () => {
    await configured();
    const response = await plugin.call<unknown, InstanceType<typeof proto.InvokeResponse>>(
      "invoke",
      new proto.InvokeRequest().setTok("tenant:index:getEventStreams").setArgs(toStruct({})),
    );
    const result = fromStruct(response.getReturn()).plain as { eventStreams: { id: string }[] };
    expect(result.eventStreams).toHaveLength(150);
    expect(new Set(result.eventStreams.map((stream) => stream.id)).size).toBe(150);
  });

  it("getPhoneTemplates returns the listing, the defaults without an id", async () => {
    await configured();
    const response = await plugin.call<unknown, InstanceType<typeof proto.InvokeResponse>>(
      "invoke",
      new proto.InvokeRequest().setTok("tenant:index:getPhoneTemplates").setArgs(toStruct({})),
    );
    const result = fromStruct(response.getReturn()).plain as { templates: { id?: string; type: string; content: { from?: string } }[] };
    expect(result.templates.map((template) => [template.type, template.id, template.content.from])).toEqual([
      ["blocked_account", undefined, ""],
      ["change_password", undefined, ""],
      ["otp_enroll", undefined, ""],
      ["otp_verify", undefined, ""],
    ]);
  });
});
