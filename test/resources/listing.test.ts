// `list`: every object of a type the tenant has, read with the fewest requests, each with the inputs a Read reports
// (what `pulumi-tenant export` declares). Those inputs pass the resource's own check; a type the service cannot read
// back has no list; nothing secret is ever listed.
import { describe, expect, it } from "vitest";
import { REGISTRY } from "../../provider/resources/registry";
import type { ListedResource, ResourceHandler, UndeclarableResource } from "../../provider/resources/common/handler";
import { AUTH_TOKEN, configureRequest, tenantConfig, tenantHostOf, useConfiguredTenant } from "./harness";

const configure = { configure: async () => undefined };
const tenant = useConfiguredTenant(configure);

async function handlerOf(module: string): Promise<ResourceHandler> {
  const registered = REGISTRY.find((entry) => entry.definition.module === module);
  if (!registered) throw new Error(`${module} is not registered`);
  const handler = await registered.handler();
  await handler.configure(configureRequest(tenantConfig(tenant())));
  return handler;
}

/**
 * Lists `module`, checks every listed object's inputs with the resource's own check (as an import does: the service
 * keeps the secrets it never returns), and counts the requests.
 */
async function listed(module: string) {
  const handler = await handlerOf(module);
  const before = tenant().count("GET");
  const listed = (await handler.list?.()) ?? [];
  const requests = tenant().count("GET") - before;
  const objects = listed.filter((object): object is ListedResource => !("undeclarable" in object));
  for (const object of objects) expect((await handler.check(object.inputs, object.inputs)).failures ?? [], `${module} ${object.id}`).toEqual([]);
  return { objects, undeclarable: listed.filter((object): object is UndeclarableResource => "undeclarable" in object), requests };
}

describe("list", () => {
  it("reads each tenant setting once; its id is the tenant's domain, and nothing is recorded", async () => {
    tenant().seedMfa({ policies: ["all-applications"], messageTypes: ["sms", "voice"] });
    for (const [module, inputs] of [
      ["pushProviderSelection", { provider: "guardian" }],
      ["mfaPolicy", { policy: "all-applications" }],
      ["phoneMessageTypes", { messageTypes: ["sms", "voice"] }],
    ] as const) {
      const { objects, requests } = await listed(module);
      expect(requests, module).toBe(1);
      expect(objects.map((object) => [object.id, object.inputs]), module).toEqual([[tenantHostOf(tenant()), inputs]]);
      expect(Object.values(objects[0].props), module).toContain(null);
    }
  });

  it("reads every factor from one listing, keyed by its name", async () => {
    tenant().seedMfa({ factors: { sms: true, otp: true } });
    const { objects, requests } = await listed("mfaFactor");
    expect(requests).toBe(1);
    expect(objects).toHaveLength(8);
    expect(objects.filter((object) => object.inputs.enabled).map((object) => [object.id, object.props.tenantDomain])).toEqual([
      ["sms", tenantHostOf(tenant())],
      ["otp", tenantHostOf(tenant())],
    ]);
  });

  it("lists push credentials only when the tenant holds them, never their secret", async () => {
    expect((await listed("snsPushProvider")).objects).toEqual([]);
    expect((await listed("apnsPushProvider")).objects).toEqual([]);
    const sns = await handlerOf("snsPushProvider");
    await sns.create((await sns.check({}, { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: AUTH_TOKEN, awsRegion: "us-east-1" })).inputs);
    const { objects } = await listed("snsPushProvider");
    expect(objects.map((object) => object.inputs)).toEqual([{ awsAccessKeyId: "AKIAEXAMPLE", awsRegion: "us-east-1" }]);
    expect(JSON.stringify(objects)).not.toContain(AUTH_TOKEN);
  });

  it("lists the phone provider without its credentials", async () => {
    const phone = await handlerOf("phoneProvider");
    const checked = await phone.check({}, { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } });
    const created = await phone.create(checked.inputs);
    const { objects, requests } = await listed("phoneProvider");
    expect(requests).toBe(1);
    expect(objects.map((object) => [object.id, object.inputs])).toEqual([
      [created.id, { name: "custom", disabled: false, configuration: { deliveryMethods: ["text"] } }],
    ]);
  });

  it("pages through every event stream, 100 a page, and never lists a webhook's secret", async () => {
    tenant().seedEventStreams(250, { destinations: ["webhook:bearer", "eventbridge", "action"] });
    const { objects, requests } = await listed("eventStream");
    expect(objects).toHaveLength(250);
    expect(new Set(objects.map((object) => object.id)).size).toBe(250);
    expect(requests).toBe(4); // ceil(250 / 100) pages and the empty last one
    expect(objects.map((object) => (object.inputs.destination as { type: string }).type).slice(0, 3)).toEqual(["webhook", "eventbridge", "action"]);
    expect(objects.some((object) => JSON.stringify(object).includes('"token"'))).toBe(false);
  });

  it("names each stream no EventStream can hold, and why, and reports each page as it comes", async () => {
    tenant().seedEventStreams(150, { destinations: ["action"] });
    const [kafka, bare] = tenant().state.eventStreams.slice(-2);
    (kafka.destination as unknown) = { type: "kafka", configuration: { topic: "audit" } };
    (bare.destination as unknown) = { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } };
    const pages: number[] = [];
    const handler = await handlerOf("eventStream");
    const everything = (await handler.list?.((count) => pages.push(count))) ?? [];
    expect(everything).toHaveLength(150);
    expect(everything.filter((object) => "undeclarable" in object)).toEqual([
      { id: kafka.id, name: kafka.name, undeclarable: 'a destination of type "kafka" this package cannot manage' },
      { id: bare.id, name: bare.name, undeclarable: "an eventbridge destination without aws_partner_event_source" },
    ]);
    expect(pages).toEqual([100, 150]);
    expect((await listed("eventStream")).objects).toHaveLength(148);
  });

  it("lists the customized phone templates from one listing, not the defaults of the types left as they are", async () => {
    expect((await listed("phoneTemplate")).objects).toEqual([]);
    const templates = await handlerOf("phoneTemplate");
    const checked = await templates.check({}, { type: "otp_verify", content: { from: "+15550111", body: { text: "Code {{ code }}" } } });
    const created = await templates.create(checked.inputs);
    const { objects, requests } = await listed("phoneTemplate");
    expect(requests).toBe(1);
    expect(objects.map((object) => [object.id, object.inputs])).toEqual([
      [created.id, { type: "otp_verify", disabled: false, content: { from: "+15550111", body: { text: "Code {{ code }}" } } }],
    ]);
  });

  it("has no list for what the service cannot read back", async () => {
    expect((await handlerOf("fcmPushProvider")).list).toBeUndefined();
    expect((await handlerOf("enrollmentTicket")).list).toBeUndefined();
  });
});
