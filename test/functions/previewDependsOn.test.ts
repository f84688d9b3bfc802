// The Output form during preview: like Pulumi's own invokes, it waits for `dependsOn` and stays unknown,
// without calling the API, while a dependency is yet to be created.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getEventStreamsOutput } from "../../provider/functions/getEventStreams";
import { startScriptedServer, wireStream, SCRIPTED_CLIENT_ID, SCRIPTED_CLIENT_SECRET, type ScriptedServer } from "./scriptedServer";
import { useEngineLikeMonitor } from "./engineLikeMonitor";
import { settle } from "./settle";
import { useTenantEnv } from "./tenantEnv";

let server: ScriptedServer;

/** A custom resource of no provider in particular; the mock decides whether its id is known. */
class Thing extends pulumi.CustomResource {
  constructor(name: string) {
    super("test:index:Thing", name, {});
  }
}

beforeAll(async () => {
  // During preview the mock gives new resources no id, so their ids are unknown; "existing" ones keep theirs.
  await useEngineLikeMonitor(
    {
      newResource: (args) => ({ id: args.name.startsWith("existing") ? `${args.name}-id` : undefined, state: {} }),
      call: () => ({}),
    },
    "functions-test",
    "dev",
    true,
  );
  server = await startScriptedServer(() => ({ body: { eventStreams: [wireStream("a")] } }));
  useTenantEnv(server.url, SCRIPTED_CLIENT_ID, SCRIPTED_CLIENT_SECRET);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe("getEventStreamsOutput during preview", () => {
  it("stays unknown and sends nothing while a dependsOn resource is yet to be created", async () => {
    const pending = new Thing("new-thing");
    const result = await settle(getEventStreamsOutput({}, { dependsOn: [pending] }));
    expect(result.known).toBe(false);
    expect(server.requests).toBe(0);
  });

  it("stays unknown while an argument is unknown", async () => {
    const pending = new Thing("new-cursor");
    const result = await settle(getEventStreamsOutput({ from: pending.id }));
    expect(result.known).toBe(false);
    expect(server.requests).toBe(0);
  });

  it("reads once every dependency exists", async () => {
    const existing = new Thing("existing-thing");
    const result = await settle(getEventStreamsOutput({}, { dependsOn: existing }));
    expect(result.value?.eventStreams.map((stream) => stream.id)).toEqual(["a"]);
    expect(server.listQueries).toHaveLength(1);
  });
});
