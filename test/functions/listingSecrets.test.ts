// A listing never carries a secret: whatever a server puts in a stream's configuration — a webhook's token,
// password or header value beside a configuration the reader cannot map (passed through as `other`), or an SNS-style
// secret key nested deep in an unknown destination — getEventStreams drops every secret wire field of every resource,
// at any depth, through the program's function and through the native plugin's invoke.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getEventStreams } from "../../provider/functions/getEventStreams";
import { provider as proto } from "../../provider/plugin/protocol";
import { fromStruct, secretEnvelope, toStruct } from "../../provider/plugin/values";
import { PluginProcess } from "../plugin/pluginProcess";
import { assertDistIsFresh } from "../resources/dist";
import { SCRIPTED_CLIENT_ID, SCRIPTED_CLIENT_SECRET, startScriptedServer, wireStream, type ScriptedServer } from "./scriptedServer";
import { useTenantEnv } from "./tenantEnv";

const TOKEN = "Lq8+Tk/en=Hid%den-2Wr";
const PASSWORD = "Pw4+Zx/ss=Nes%ted-7Yc";
const AWS_KEY = "Ak9+Jm/ey=Dee%per-3Vb";

const STREAMS = [
  // A webhook without its endpoint cannot be read as a webhook: it passes through as `other`, secrets and all.
  { ...wireStream("hook"), destination: { type: "webhook", configuration: { webhook_authorization: { method: "bearer", token: TOKEN } } } },
  {
    ...wireStream("queue"),
    destination: { type: "sqs", configuration: { auth: { method: "basic", username: "u", password: PASSWORD }, deeper: [{ aws_secret_access_key: AWS_KEY }] } },
  },
];

let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer(() => ({ body: { eventStreams: STREAMS } }));
});
afterAll(() => server?.close());

function expectNoSecret(listed: unknown): void {
  const text = JSON.stringify(listed);
  for (const secret of [TOKEN, PASSWORD, AWS_KEY]) expect(text).not.toContain(secret);
}

describe("getEventStreams drops every secret field of a listed configuration", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("in the program's function", async () => {
    useTenantEnv(server.url, SCRIPTED_CLIENT_ID, SCRIPTED_CLIENT_SECRET);
    const { eventStreams } = await getEventStreams();
    expect(eventStreams.map((stream) => stream.destination)).toEqual([
      { type: "other", serviceType: "webhook", configuration: { webhook_authorization: { method: "bearer" } } },
      { type: "other", serviceType: "sqs", configuration: { auth: { method: "basic", username: "u" }, deeper: [{}] } },
    ]);
    expectNoSecret(eventStreams);
  });

  it("in the native plugin's invoke", async () => {
    assertDistIsFresh();
    const plugin = await PluginProcess.start();
    try {
      const args = toStruct({ domain: server.url, clientId: SCRIPTED_CLIENT_ID, clientSecret: secretEnvelope(SCRIPTED_CLIENT_SECRET), version: "0.1.0" });
      await plugin.call("configure", new proto.ConfigureRequest().setArgs(args).setAcceptsecrets(true));
      const response = await plugin.call<unknown, InstanceType<typeof proto.InvokeResponse>>(
        "invoke",
        new proto.InvokeRequest().setTok("tenant:index:getEventStreams").setArgs(toStruct({})),
      );
      const listed = fromStruct(response.getReturn()).plain as { eventStreams: { destination: unknown }[] };
      expect(listed.eventStreams).toHaveLength(2);
      expectNoSecret(listed);
    } finally {
      await plugin.stop();
    }
  });
});
