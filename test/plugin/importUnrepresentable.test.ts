// `pulumi import` of a setting the resource's inputs cannot express (no push provider selected, no phone message
// type enabled) fails at the import's Read, in import words, instead of generating code whose first `up` fails Check.
import { expect, it } from "vitest";
import { provider as proto } from "../../provider/plugin/protocol";
import { fromStruct } from "../../provider/plugin/values";
import { configuredPluginSuite } from "./pluginProcess";

const CLIENT = { id: "plugin-import", secret: "sentinel-plugin-import-secret-51c0" };
const urn = (type: string) => `urn:pulumi:dev::tenant-yaml::tenant:index:${type}::imported`;

const suite = configuredPluginSuite(CLIENT);

/** An import's Read: the id alone, no inputs. */
function importRead(type: string): Promise<InstanceType<typeof proto.ReadResponse>> {
  return suite.plugin.call("read", new proto.ReadRequest().setId(new URL(suite.emulator.url).host).setUrn(urn(type)));
}

const failureOf = (promise: Promise<unknown>): Promise<Error> =>
  promise.then(
    () => new Error("expected the import to fail"),
    (error: unknown) => error as Error,
  );

it("refuses to import phone message types with none enabled, and imports them once one is", async () => {
  suite.emulator.state.mfa.messageTypes = [];
  const error = await failureOf(importRead("PhoneMessageTypes"));
  expect(error.message).toContain(`PhoneMessageTypes "${new URL(suite.emulator.url).host}" cannot be imported: the tenant's current setting cannot be written as its inputs (messageTypes:`);
  expect(error.message).toContain("Declare it in the program with the value you want instead");

  suite.emulator.state.mfa.messageTypes = ["voice"];
  const imported = await importRead("PhoneMessageTypes");
  expect(fromStruct(imported.getInputs()).plain).toEqual({ messageTypes: ["voice"] });
});

it("refuses to import a push provider selection when the tenant names none", async () => {
  // A tenant whose GET answers {} (no provider): the emulator's API cannot set that state.
  (suite.emulator.state as { pushProvider: string | undefined }).pushProvider = undefined;
  const error = await failureOf(importRead("PushProviderSelection"));
  expect(error.message).toMatch(/^.*PushProviderSelection ".+" cannot be imported: the tenant's current setting cannot be written as its inputs \(provider/);

  suite.emulator.state.pushProvider = "sns";
  const imported = await importRead("PushProviderSelection");
  expect(fromStruct(imported.getInputs()).plain).toEqual({ provider: "sns" });
});
