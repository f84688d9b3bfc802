// An explicit Provider in `opts.provider` (or carried by `opts.parent`) decides which tenant is listed,
// over the environment. Resources are registered with Pulumi's mock monitor, behind an engine-like stand-in.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getEventStreams, getEventStreamsOutput } from "../../provider/functions/getEventStreams";
import { Provider } from "../../provider/provider";
import { startScriptedServer, wireStream, type ScriptedServer } from "./scriptedServer";
import { useEngineLikeMonitor } from "./engineLikeMonitor";
import { settle } from "./settle";
import { useTenantEnv } from "./tenantEnv";

let providerTenant: ScriptedServer;
let environmentTenant: ScriptedServer;
let provider: Provider;

beforeAll(async () => {
  await useEngineLikeMonitor(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: () => ({}),
    },
    "functions-test",
    "dev",
    false,
  );
  providerTenant = await startScriptedServer(() => ({ body: { eventStreams: [wireStream("provider-tenant")] } }));
  environmentTenant = await startScriptedServer(() => ({ body: { eventStreams: [wireStream("env-tenant")] } }));
  useTenantEnv(environmentTenant.url, "env-id", "env-secret");
  provider = new Provider("explicit", {
    domain: providerTenant.url,
    clientId: "provider-id",
    clientSecret: pulumi.secret("provider-secret"),
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([providerTenant.close(), environmentTenant.close()]);
});

function ids(result: { eventStreams: { id: string }[] } | undefined): string[] | undefined {
  return result?.eventStreams.map((stream) => stream.id);
}

describe("getEventStreams honours an explicit Provider", () => {
  it("lists the provider's tenant, not the environment's", async () => {
    expect(ids(await getEventStreams({}, { provider }))).toEqual(["provider-tenant"]);
    expect(ids(await getEventStreams())).toEqual(["env-tenant"]);
  });

  it("uses the provider a parent resource carries", async () => {
    const group = new pulumi.ComponentResource("test:index:Group", "group", {}, { providers: [provider] });
    expect(ids(await getEventStreams({}, { parent: group }))).toEqual(["provider-tenant"]);
  });

  it("passes the provider through the Output form", async () => {
    const result = await settle(getEventStreamsOutput({ limit: pulumi.output(1) }, { provider }));
    expect(ids(result.value)).toEqual(["provider-tenant"]);
  });
});
