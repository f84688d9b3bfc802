// Every stack's state holds the `__provider` text its resources were created with, and refresh and destroy
// run that text, not the current one. The texts in fixtures/provider-texts/ are what the first released
// layout serialized; they must keep working against the current build, whatever moves inside the package:
// the real dynamic-provider host evaluates each stored text and every method of it is called here.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../tools/emulator";
import { secretEnvelope } from "../../tools/pulumi-cli/driver";
import { DynamicProviderHost } from "../../tools/host-driver";
import type { PropertyMap } from "../../tools/pulumi-cli/driver/values";
import { REPO_ROOT, assertDistIsFresh, serializedProvider, type ShimName } from "./dist";
import { AUTH_TOKEN, CLIENT_ID, CLIENT_SECRET, OTHER_AUTH_TOKEN, startTenant, tenantHostOf } from "./harness";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";

const FIXTURES = path.join(__dirname, "fixtures", "provider-texts");

const storedText = (resource: string): string => fs.readFileSync(path.join(FIXTURES, `${resource}.txt`), "utf8");

const STORED: [resource: string, shim: ShimName][] = [
  ["pushProviderSelection", "pushProviderSelectionShim"],
  ["phoneProvider", "phoneProviderShim"],
  ["enrollmentTicket", "enrollmentTicketShim"],
];

const HOST_ENV = { ...packageLookupEnv(), ...BLANK_TENANT_ENV };

const urn = (type: string, name: string) => `urn:pulumi:test::tenant-basic::pulumi-nodejs:dynamic/tenant:${type}::${name}`;

let emulator: Emulator;
let host: DynamicProviderHost;

beforeAll(async () => {
  assertDistIsFresh();
  emulator = await startTenant();
  host = await DynamicProviderHost.start({ cwd: REPO_ROOT, env: HOST_ENV });
  // The host calls each text's `configure` when it first evaluates it, with these settings.
  await host.configure({ "tenant:domain": emulator.url, "tenant:clientId": CLIENT_ID, "tenant:clientSecret": secretEnvelope(CLIENT_SECRET) });
});

afterAll(async () => {
  await host?.stop();
  await emulator?.close();
});

beforeEach(() => emulator.reset());

describe("the stored provider texts", () => {
  // The shim is frozen: new resources get the very text old ones hold. Should a @pulumi/pulumi upgrade ever
  // serialize it differently, add the new text as another fixture and keep the old one.
  it.each(STORED)("%s: the current build still serializes the stored text", async (resource, shim) => {
    expect((await serializedProvider(shim)).text).toBe(storedText(resource));
  });

  it("PushProviderSelection: check, diff, create, read, update, delete", async () => {
    const __provider = storedText("pushProviderSelection");
    const type = "PushProviderSelection";
    const checked = await host.check(urn(type, "push"), {}, { provider: "sns", __provider });
    expect(checked.failures).toEqual([]);
    const created = await host.create(urn(type, "push"), checked.inputs);
    expect(created).toEqual({ id: tenantHostOf(emulator), properties: { provider: "sns", previousProvider: "guardian", schemaVersion: 1, __provider } });

    const next = (await host.check(urn(type, "push"), checked.inputs, { provider: "direct", __provider })).inputs;
    expect(await host.diff(created.id, urn(type, "push"), created.properties, next)).toMatchObject({ changes: "some", replaces: [] });
    const updated = await host.update(created.id, urn(type, "push"), created.properties, next);
    expect(updated.properties).toMatchObject({ provider: "direct", previousProvider: "guardian" });

    const read = await host.read(created.id, urn(type, "push"), updated.properties);
    expect(read).toMatchObject({ id: created.id, properties: { provider: "direct" }, inputs: { provider: "direct" } });
    await host.delete(created.id, urn(type, "push"), read.properties);
    expect(emulator.state.pushProvider).toBe("guardian");
  });

  it("PhoneProvider: check, diff, create, read, update, delete", async () => {
    const __provider = storedText("phoneProvider");
    const type = "PhoneProvider";
    const inputs = (authToken: string, extra: PropertyMap = {}): PropertyMap => ({
      name: "vendor_a",
      credentials: { authToken },
      configuration: { sid: "AC1", deliveryMethods: ["text", "voice"], defaultFrom: "+15550100" },
      __provider,
      ...extra,
    });
    const checked = await host.check(urn(type, "sms"), {}, inputs(AUTH_TOKEN));
    expect(checked.failures).toEqual([]);
    const created = await host.create(urn(type, "sms"), checked.inputs);
    expect(created.properties).toMatchObject({ name: "vendor_a", disabled: false, credentials: { authToken: AUTH_TOKEN }, schemaVersion: 1, __provider });

    const reordered = inputs(AUTH_TOKEN, { configuration: { sid: "AC1", deliveryMethods: ["voice", "text"], defaultFrom: "+15550100" } });
    expect((await host.diff(created.id, urn(type, "sms"), created.properties, reordered)).changes).toBe("none");
    const next = (await host.check(urn(type, "sms"), checked.inputs, inputs(OTHER_AUTH_TOKEN, { disabled: true }))).inputs;
    expect(await host.diff(created.id, urn(type, "sms"), created.properties, next)).toMatchObject({ changes: "some", replaces: [] });
    const updated = await host.update(created.id, urn(type, "sms"), created.properties, next);
    expect(updated.properties).toMatchObject({ disabled: true, credentials: { authToken: OTHER_AUTH_TOKEN } });

    const read = await host.read(created.id, urn(type, "sms"), updated.properties);
    expect(read).toMatchObject({ id: created.id, inputs: { name: "vendor_a", disabled: true, credentials: { authToken: OTHER_AUTH_TOKEN } } });
    await host.delete(created.id, urn(type, "sms"), read.properties);
    expect(emulator.state.phoneProviders.size).toBe(0);
  });

  it("EnrollmentTicket: check, diff, create, read, update (refused), delete", async () => {
    const __provider = storedText("enrollmentTicket");
    const type = "EnrollmentTicket";
    const checked = await host.check(urn(type, "t"), {}, { userId: "email|alice", factor: "otp", __provider });
    expect(checked.failures).toEqual([]);
    const created = await host.create(urn(type, "t"), checked.inputs);
    expect(created.id).toMatch(/^tkt_[0-9a-f]{32}$/);
    expect(created.properties).toMatchObject({ userId: "email|alice", factor: "otp", ticketUrl: emulator.state.enrollmentTickets[0].ticket_url });

    const next = (await host.check(urn(type, "t"), checked.inputs, { userId: "email|alice", factor: "email", __provider })).inputs;
    expect(await host.diff(created.id, urn(type, "t"), created.properties, next)).toMatchObject({ changes: "some", replaces: ["factor"] });
    await expect(host.update(created.id, urn(type, "t"), created.properties, next)).rejects.toThrow(/cannot be updated in place/);

    const read = await host.read(created.id, urn(type, "t"), created.properties);
    expect(read).toEqual({ id: created.id, properties: created.properties, inputs: { userId: "email|alice", factor: "otp", __provider }, noOutputs: false });
    const before = emulator.count();
    await host.delete(created.id, urn(type, "t"), read.properties);
    expect(emulator.count()).toBe(before);
  });
});
