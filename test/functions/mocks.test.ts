// A user's unit tests under `pulumi.runtime.setMocks`: getEventStreams, getPhoneTemplates and their Output forms are invokes
// the mocks' `call` answers (token, args as given, its return value as the result), with no settings and no
// request; every resource, the explicit Provider included, registers with its documented type token.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EnrollmentTicket, PhoneProvider, Provider, PushProviderSelection } from "../../provider";
import { getEventStreams, getEventStreamsOutput } from "../../provider/functions/getEventStreams";
import { getPhoneTemplates, getPhoneTemplatesOutput } from "../../provider/functions/getPhoneTemplates";
import { startScriptedServer, wireStream, type ScriptedServer } from "./scriptedServer";
import { settle } from "./settle";

const resources: pulumi.runtime.MockResourceArgs[] = [];
const calls: pulumi.runtime.MockCallArgs[] = [];
const MOCKED_RESULT = { eventStreams: [{ id: "est_mocked", name: "from the mocks" }] };
let server: ScriptedServer;

function blankTenantEnv(): void {
  for (const name of ["TENANT_DOMAIN", "TENANT_CLIENT_ID", "TENANT_CLIENT_SECRET", "TENANT_API_TOKEN", "TENANT_AUDIENCE"]) {
    vi.stubEnv(name, "");
  }
}

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        resources.push(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => {
        calls.push(args);
        return MOCKED_RESULT;
      },
    },
    "mocks-test",
    "dev",
    false,
  );
  server = await startScriptedServer(() => ({ body: { eventStreams: [wireStream("from the network")] } }));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe("getEventStreams under setMocks", () => {
  it("resolves through the mocks' call with its token and the args as given, without any settings", async () => {
    blankTenantEnv();
    calls.length = 0;
    await expect(getEventStreams({ take: 20, limit: 40 })).resolves.toEqual(MOCKED_RESULT);
    expect(calls).toEqual([expect.objectContaining({ token: "tenant:index:getEventStreams", inputs: { take: 20, limit: 40 } })]);
  });

  it("the Output form resolves through the mocks' call with the resolved args", async () => {
    blankTenantEnv();
    calls.length = 0;
    const result = await settle(getEventStreamsOutput({ from: pulumi.output("est_start") }));
    expect(result.value).toEqual(MOCKED_RESULT);
    expect(calls).toEqual([expect.objectContaining({ token: "tenant:index:getEventStreams", inputs: { from: "est_start" } })]);
  });

  it("opens no connection even when settings point at a reachable tenant", async () => {
    vi.stubEnv("TENANT_DOMAIN", server.url);
    vi.stubEnv("TENANT_CLIENT_ID", "id");
    vi.stubEnv("TENANT_CLIENT_SECRET", "secret");
    await getEventStreams({});
    await settle(getEventStreamsOutput({}));
    expect(server.requests).toBe(0);
  });

  it("still rejects out-of-range args before the mocks see them", async () => {
    calls.length = 0;
    await expect(getEventStreams({ take: 1000 })).rejects.toThrow(/take must be a whole number from 1 to 100/);
    expect(calls).toEqual([]);
  });
});

describe("getPhoneTemplates under setMocks", () => {
  it("both forms resolve through the mocks' call with its token and no args, opening no connection", async () => {
    vi.stubEnv("TENANT_DOMAIN", server.url);
    vi.stubEnv("TENANT_CLIENT_ID", "id");
    vi.stubEnv("TENANT_CLIENT_SECRET", "secret");
    calls.length = 0;
    const before = server.requests;
    await expect(getPhoneTemplates()).resolves.toEqual(MOCKED_RESULT);
    expect((await settle(getPhoneTemplatesOutput())).value).toEqual(MOCKED_RESULT);
    expect(calls).toEqual([
      expect.objectContaining({ token: "tenant:index:getPhoneTemplates", inputs: {} }),
      expect.objectContaining({ token: "tenant:index:getPhoneTemplates", inputs: {} }),
    ]);
    expect(server.requests).toBe(before);
  });
});

describe("resources under setMocks", () => {
  it("register with their documented type tokens, the explicit Provider included", async () => {
    blankTenantEnv();
    resources.length = 0;
    const provider = new Provider("staging", { domain: "staging.example.com", clientId: "id", clientSecret: "secret" });
    const push = new PushProviderSelection("push", { provider: "direct" }, { provider });
    const sms = new PhoneProvider("sms", { name: "custom", credentials: {} });
    const ticket = new EnrollmentTicket("alice", { userId: "auth0|alice" });
    await settle(pulumi.all([push.id, sms.id, ticket.id]));
    const tokens = Object.fromEntries(resources.map((resource) => [resource.name, resource.type]));
    expect(tokens).toEqual({
      staging: "pulumi:providers:pulumi-nodejs",
      push: "pulumi-nodejs:dynamic/tenant:PushProviderSelection",
      sms: "pulumi-nodejs:dynamic/tenant:PhoneProvider",
      alice: "pulumi-nodejs:dynamic/tenant:EnrollmentTicket",
    });
    expect(await settle(push.provider)).toMatchObject({ value: "direct" });
  });
});
