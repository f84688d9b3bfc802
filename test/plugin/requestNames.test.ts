/**
 * How the plugin knows which resource and which provider a request is about: the type and name the engine sends
 * with each request, or, from an engine that sends none, the engine's own URN rule (urn.go: the type is the third
 * `::` component after its last `$`, the name everything after the third `::`). Resource names may hold `::`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { provider as proto } from "../../provider/plugin/protocol";
import { nameOfUrn, typeOfUrn } from "../../provider/plugin/urn";
import { fromStruct, secretEnvelope, toStruct } from "../../provider/plugin/values";
import { assertDistIsFresh } from "../resources/dist";
import { PluginProcess } from "./pluginProcess";

const CLIENT = { id: "plugin-names-ci", secret: "sentinel-names-client-secret-5b20" };
const STACK = "urn:pulumi:dev::tenant-yaml::";

describe("the engine's URN rule", () => {
  it("takes the type after the last `$` of the third component, and the name as everything after it", () => {
    expect(typeOfUrn(`${STACK}tenant:index:PhoneProvider::sms`)).toBe("tenant:index:PhoneProvider");
    expect(typeOfUrn(`${STACK}my:app:Component$tenant:index:PhoneProvider::a::b`)).toBe("tenant:index:PhoneProvider");
    expect(nameOfUrn(`${STACK}my:app:Component$tenant:index:PhoneProvider::a::b`)).toBe("a::b");
    expect(nameOfUrn(`${STACK}pulumi:providers:tenant::x::default`)).toBe("x::default");
    expect(nameOfUrn(`${STACK}pulumi:providers:tenant::`)).toBe("");
  });
});

describe("type and name of a request", () => {
  let emulator: Emulator;
  let plugin: PluginProcess;

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    plugin = await PluginProcess.start();
  });

  afterAll(async () => {
    await plugin?.stop();
    await emulator?.close();
  });

  const configure = (urn: string, args: Record<string, unknown>, name?: string) =>
    plugin.call(
      "configure",
      new proto.ConfigureRequest()
        .setUrn(urn)
        .setArgs(toStruct(args))
        .setAcceptsecrets(true)
        .setAcceptresources(true)
        .setType("pulumi:providers:tenant")
        .setName(name ?? nameOfUrn(urn)),
    );
  const settings = () => ({ domain: emulator.url, clientId: CLIENT.id, clientSecret: secretEnvelope(CLIENT.secret) });

  it("serves a resource named `a::b`, from its URN alone and from the request's type and name", async () => {
    await configure(`${STACK}pulumi:providers:tenant::default`, settings());
    const urn = `${STACK}tenant:index:PushProviderSelection::a::b`;
    const fromUrn = await plugin.call<unknown, InstanceType<typeof proto.CreateResponse>>(
      "create",
      new proto.CreateRequest().setUrn(urn).setProperties(toStruct({ provider: "sns" })),
    );
    expect(fromStruct(fromUrn.getProperties()).plain).toMatchObject({ provider: "sns" });
    const sent = new proto.CheckRequest().setUrn(urn).setType("tenant:index:PushProviderSelection").setName("a::b");
    const checked = await plugin.call<unknown, InstanceType<typeof proto.CheckResponse>>(
      "check",
      sent.setOlds(toStruct({})).setNews(toStruct({ provider: "guardian" })),
    );
    expect(checked.getFailuresList()).toEqual([]);
  });

  it("names an explicit provider `x::y` whole in its errors, and does not take `x::default` for the default provider", async () => {
    for (const name of ["x::y", "x::default"]) {
      // A domain that only fails when first used: the error names the provider whose argument it is.
      await configure(`${STACK}pulumi:providers:tenant::${name}`, { ...settings(), domain: "tenant example com" });
      const error = await plugin
        .call("create", new proto.CreateRequest().setUrn(`${STACK}tenant:index:PushProviderSelection::push`).setProperties(toStruct({ provider: "sns" })))
        .catch((caught: Error) => caught);
      expect((error as Error).message).toContain(`the tenant Provider "${name}"`);
      expect((error as Error).message).not.toContain("stack config");
    }
  });
});
