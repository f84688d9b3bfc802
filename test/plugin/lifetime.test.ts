/**
 * The plugin's process ends with its engine and honours Cancel: started by the engine (its address as argument,
 * stdin a pipe) it exits when that pipe closes, as it does when the CLI exits or is killed; started by hand to be
 * attached to, it does not. Cancel ends a long rate-limit wait at once, without sending the request again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { empty, provider as proto } from "../../provider/plugin/protocol";
import { secretEnvelope, toStruct } from "../../provider/plugin/values";
import { assertDistIsFresh } from "../resources/dist";
import { PluginProcess } from "./pluginProcess";

const CLIENT = { id: "plugin-lifetime-ci", secret: "sentinel-lifetime-client-secret-90d1" };
const SELECTION_API_PATH = "/api/v2/guardian/factors/push-notification/selected-provider";
const PUSH = "urn:pulumi:dev::tenant-yaml::tenant:index:PushProviderSelection::push";

beforeAll(() => assertDistIsFresh());

describe("the plugin's process", () => {
  it("exits when the engine's end of its stdin closes", async () => {
    const plugin = await PluginProcess.start();
    try {
      expect(await plugin.exitWithin(300)).toBe("running");
      plugin.closeStdin();
      expect(await plugin.exitWithin(5_000)).toBe(0);
    } finally {
      await plugin.stop();
    }
  });

  it("started by hand (no engine address), keeps running when stdin closes", async () => {
    const plugin = await PluginProcess.start({}, undefined, null);
    try {
      plugin.closeStdin();
      expect(await plugin.exitWithin(1_000)).toBe("running");
    } finally {
      await plugin.stop();
    }
  });
});

describe("Cancel", () => {
  let emulator: Emulator;
  let plugin: PluginProcess;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [CLIENT] });
    plugin = await PluginProcess.start();
  });

  afterAll(async () => {
    await plugin?.stop();
    await emulator?.close();
  });

  it("ends a rate-limit wait in flight at once, and the request is not sent again", async () => {
    const settings = { domain: emulator.url, clientId: CLIENT.id, clientSecret: secretEnvelope(CLIENT.secret) };
    await plugin.call("configure", new proto.ConfigureRequest().setArgs(toStruct(settings)).setAcceptsecrets(true));
    emulator.injectFault({ method: "GET", path: SELECTION_API_PATH, count: 1, kind: "429", retryAfterSeconds: 30 });
    const started = Date.now();
    const reading = plugin
      .call("read", new proto.ReadRequest().setId(new URL(emulator.url).host).setUrn(PUSH).setProperties(toStruct({ provider: "sns", previousProvider: null })).setInputs(toStruct({ provider: "sns" })))
      .catch((error: Error) => error);
    // Cancel once the 429 has come back and the client is waiting out the Retry-After.
    await waitFor(() => emulator.requests.filter((entry) => entry.path === SELECTION_API_PATH).length === 1);
    await plugin.call("cancel", new empty.Empty());
    const error = await reading;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((error as Error).message).toContain("was cancelled");
    expect(emulator.requests.filter((entry) => entry.path === SELECTION_API_PATH)).toHaveLength(1);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error("timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
