// Adoption writes nothing when nothing differs, and destroy never takes away what the tenant had before the stack:
// the tenant settings read before they write and put back what they found; SNS and APNs adopt a configuration
// without its secret; the phone provider and event streams adopt with `adoptExisting`, PATCHing only what differs;
// a secret left out where there is nothing to adopt fails before any write.
import { describe, expect, it } from "vitest";
import type { ResourceHandler } from "../../provider/resources/common/handler";
import { REGISTRY } from "../../provider/resources/registry";
import { AUTH_TOKEN, OTHER_AUTH_TOKEN, configureRequest, rejectionOf, tenantConfig, useConfiguredTenant } from "./harness";

const configure = { configure: async () => undefined };
const tenant = useConfiguredTenant(configure);

async function handlerOf(module: string): Promise<ResourceHandler> {
  const handler = await REGISTRY.find((entry) => entry.definition.module === module)!.handler();
  await handler.configure(configureRequest(tenantConfig(tenant())));
  return handler;
}

/** Check (as a new resource) then create; the requests other than GET it sent. */
async function adopted(module: string, inputs: Record<string, unknown>) {
  const handler = await handlerOf(module);
  const checked = await handler.check({}, inputs);
  expect(checked.failures ?? []).toEqual([]);
  const writesBefore = writes();
  const created = await handler.create(checked.inputs);
  return { handler, created, writes: writes() - writesBefore };
}

/** Requests to the API that are not GETs. */
const writes = (): number => tenant().count() - tenant().count("GET") - tenant().tokenRequests();

describe("tenant settings", () => {
  it.each([
    ["pushProviderSelection", { provider: "guardian" }],
    ["mfaPolicy", { policy: "never" }],
    ["phoneMessageTypes", { messageTypes: ["sms"] }],
    ["mfaFactor", { factor: "sms", enabled: false }],
  ] as const)("%s: declared as the tenant holds it, create and destroy write nothing", async (module, inputs) => {
    const { handler, created, writes: created_writes } = await adopted(module, inputs);
    expect(created_writes).toBe(0);
    const before = writes();
    await handler.delete(created.id, created.outs);
    expect(writes() - before).toBe(0);
  });

  it("a setting changed by the stack is put back once on destroy, and not when the tenant holds it again", async () => {
    const { handler, created, writes: createWrites } = await adopted("mfaPolicy", { policy: "all-applications" });
    expect(createWrites).toBe(1);
    expect(created.outs).toMatchObject({ policy: "all-applications", previousPolicy: "never" });
    await handler.delete(created.id, created.outs);
    expect(tenant().state.mfa.policies).toEqual([]);
    const before = writes();
    await handler.delete(created.id, { ...created.outs, policy: "never" });
    expect(writes() - before).toBe(0);
  });
});

describe("SnsPushProvider", () => {
  const configured = { awsAccessKeyId: "AKIAEXISTING", awsRegion: "us-east-1" };

  async function seedSns(): Promise<void> {
    const { handler } = await adopted("snsPushProvider", { ...configured, awsSecretAccessKey: AUTH_TOKEN });
    void handler;
  }

  it("adopts the tenant's configuration without its key: no write when nothing differs, and destroy leaves it", async () => {
    await seedSns();
    const { handler, created, writes: createWrites } = await adopted("snsPushProvider", configured);
    expect(createWrites).toBe(0);
    expect(created.outs).toMatchObject({ previousConfiguration: { ...configured, snsApnsPlatformApplicationArn: null } });
    await handler.delete(created.id, created.outs);
    expect(tenant().state.pushCredentials.sns).toMatchObject({ aws_access_key_id: "AKIAEXISTING", aws_secret_access_key: AUTH_TOKEN });
  });

  it("PATCHes what differs, keeping the tenant's key, and destroy puts the found fields back with that key", async () => {
    await seedSns();
    const { handler, created, writes: createWrites } = await adopted("snsPushProvider", { ...configured, awsRegion: "eu-west-1" });
    expect(createWrites).toBe(1);
    expect(tenant().state.pushCredentials.sns).toMatchObject({ aws_region: "eu-west-1", aws_secret_access_key: AUTH_TOKEN });
    await handler.delete(created.id, created.outs);
    expect(tenant().state.pushCredentials.sns).toMatchObject({ aws_region: "us-east-1", aws_secret_access_key: AUTH_TOKEN });
  });

  it("destroy of a stack that sent a new key leaves the configuration as it is, and says so", async () => {
    await seedSns();
    const { handler, created } = await adopted("snsPushProvider", { ...configured, awsSecretAccessKey: OTHER_AUTH_TOKEN });
    const before = writes();
    await handler.delete(created.id, created.outs);
    expect(writes() - before).toBe(0);
    expect(tenant().state.pushCredentials.sns.aws_secret_access_key).toBe(OTHER_AUTH_TOKEN);
  });

  it("without a key on a tenant that has none fails before any write; destroy of one it created clears it", async () => {
    const handler = await handlerOf("snsPushProvider");
    const error = await rejectionOf(handler.create((await handler.check({}, configured)).inputs));
    expect(error.message).toMatch(/no SNS configuration to adopt, so awsSecretAccessKey is needed/);
    expect(writes()).toBe(0);
    const { created } = await adopted("snsPushProvider", { ...configured, awsSecretAccessKey: AUTH_TOKEN });
    await handler.delete(created.id, created.outs);
    expect(tenant().state.pushCredentials.sns).toMatchObject({ aws_access_key_id: null, aws_secret_access_key: null });
  });
});

describe("ApnsPushProvider", () => {
  it("adopts the bundle id and sandbox flag without the certificate, writing only what differs, and puts them back", async () => {
    await adopted("apnsPushProvider", { bundleId: "com.example.app", p12: "AAAA" });
    const same = await adopted("apnsPushProvider", { bundleId: "com.example.app" });
    expect(same.writes).toBe(0);
    const changed = await adopted("apnsPushProvider", { bundleId: "com.example.app", sandbox: true });
    expect(changed.writes).toBe(1);
    await changed.handler.delete(changed.created.id, changed.created.outs);
    expect(tenant().state.pushCredentials.apns).toMatchObject({ bundle_id: "com.example.app", sandbox: false, p12: "AAAA" });
  });

  it("without a certificate on a tenant that has none fails before any write", async () => {
    const handler = await handlerOf("apnsPushProvider");
    const error = await rejectionOf(handler.create((await handler.check({}, { bundleId: "com.example.app" })).inputs));
    expect(error.message).toMatch(/no APNs configuration to adopt, so p12 \(the certificate\) is needed/);
    expect(writes()).toBe(0);
  });
});

describe("PhoneProvider with adoptExisting", () => {
  const provider = { name: "custom", configuration: { deliveryMethods: ["text"] } };

  it("adopts the tenant's provider without its credentials: no PATCH when nothing differs, one when something does", async () => {
    await adopted("phoneProvider", { ...provider, credentials: {} });
    const same = await adopted("phoneProvider", { ...provider, adoptExisting: true });
    expect(same.writes).toBe(0);
    const changed = await adopted("phoneProvider", { ...provider, disabled: true, adoptExisting: true });
    expect(changed.writes).toBe(1);
    expect([...tenant().state.phoneProviders.values()]).toMatchObject([{ disabled: true }]);
  });

  it("without credentials and nothing to adopt fails before any write", async () => {
    const handler = await handlerOf("phoneProvider");
    const error = await rejectionOf(handler.create((await handler.check({}, { ...provider, adoptExisting: true })).inputs));
    expect(error.message).toMatch(/no phone provider to adopt, so credentials are needed/);
    expect(writes()).toBe(0);
  });
});

describe("EventStream with adoptExisting", () => {
  const bearer = (token?: string) => ({
    type: "webhook",
    configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: { method: "bearer", ...(token ? { token } : {}) } },
  });
  const stream = (name: string, extra: Record<string, unknown> = {}) => ({ name, subscriptions: [{ eventType: "user.created" }], destination: bearer(AUTH_TOKEN), ...extra });

  it("adopts a stream of the same name without its secret: no write when nothing differs, a PATCH when something does", async () => {
    const original = await adopted("eventStream", stream("audit"));
    const same = await adopted("eventStream", { ...stream("audit"), destination: bearer(), adoptExisting: true });
    expect(same.writes).toBe(0);
    expect(same.created.id).toBe(original.created.id);
    const changed = await adopted("eventStream", { ...stream("audit"), status: "disabled", destination: bearer(), adoptExisting: true });
    expect(changed.writes).toBe(1);
    expect(tenant().state.eventStreams.find((held) => held.id === original.created.id)).toMatchObject({ status: "disabled" });
  });

  it("refuses, naming both values, a stream whose destination would be replaced, before any write", async () => {
    tenant().seedEventStreams(1, { namePrefix: "archive", destinations: ["eventbridge"] });
    const handler = await handlerOf("eventStream");
    const [seeded] = tenant().state.eventStreams.values();
    const inputs = { ...stream(seeded.name), destination: bearer(), adoptExisting: true };
    const error = await rejectionOf(handler.create((await handler.check({}, inputs)).inputs));
    expect(error.message).toContain(`has destination.type "eventbridge", and the program declares "webhook"`);
    expect(writes()).toBe(0);
  });

  it("without its secret and nothing to adopt fails before any write", async () => {
    const handler = await handlerOf("eventStream");
    const error = await rejectionOf(handler.create((await handler.check({}, { ...stream("new"), destination: bearer(), adoptExisting: true })).inputs));
    expect(error.message).toMatch(/no stream of this name to adopt, so its webhook token is needed/);
    expect(writes()).toBe(0);
  });

  it("with nothing to adopt, creates the stream and records adoptExisting as the program gave it", async () => {
    const { created, writes: posts } = await adopted("eventStream", { ...stream("fresh"), adoptExisting: true });
    expect(posts).toBe(1);
    expect(created.outs).toMatchObject({ name: "fresh", adoptExisting: true });
  });

  it("adopting N streams reads one listing's pages and each stream once", async () => {
    tenant().seedEventStreams(230, { namePrefix: "seeded", destinations: ["action"] });
    const handler = await handlerOf("eventStream");
    const streams = [...tenant().state.eventStreams.values()].slice(0, 30);
    const gets = tenant().count("GET");
    for (const seeded of streams) {
      const { action_id: actionId } = seeded.destination.configuration as { action_id: string };
      const subscriptions = seeded.subscriptions.map((item) => ({ eventType: item.event_type }));
      const inputs = { name: seeded.name, subscriptions, destination: { type: "action", configuration: { actionId } }, status: seeded.status, adoptExisting: true };
      await handler.create((await handler.check({}, inputs)).inputs);
    }
    expect(writes()).toBe(0);
    expect(tenant().count("GET") - gets).toBeLessThanOrEqual(30 + 4); // ceil(230 / 100) pages and the empty last one
  });
});
