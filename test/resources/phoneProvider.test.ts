// PhoneProvider handlers against the emulator over real HTTP: the lifecycle, preview unknowns, drift,
// 404s, both ways to adopt an existing provider, and dropped connections on the create POST.
import { describe, expect, it } from "vitest";
import type { StoredPhoneProvider } from "../../tools/emulator";
import * as handler from "../../provider/resources/phoneProvider/handler";
import {
  AUTH_TOKEN,
  OTHER_AUTH_TOKEN,
  UNKNOWN,
  leakedSentinels,
  rejectionOf,
  useConfiguredTenant,
} from "./harness";

const tenant = useConfiguredTenant(handler);

const PROVIDERS = "/api/v2/branding/phone/providers";

function vendorInputs(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "vendor_a",
    credentials: { authToken: AUTH_TOKEN },
    configuration: { sid: "AC-sid-1", deliveryMethods: ["text", "voice"], defaultFrom: "+15550100" },
    ...overrides,
  };
}

/** check then create, as the engine does on `up`. */
async function createProvider(inputs: Record<string, unknown>) {
  const checked = await handler.check({}, inputs);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

/** A provider created out of band (another tool, the dashboard). */
function seedForeignProvider(): StoredPhoneProvider {
  const now = tenant().state.timestamp();
  const provider: StoredPhoneProvider = {
    id: "pro_foreignProvider0000000001",
    tenant: tenant().state.tenant,
    name: "vendor_a",
    channel: "phone",
    disabled: true,
    configuration: { sid: "AC-foreign", delivery_methods: ["voice"], mssid: "MG-foreign" },
    credentials: { auth_token: "foreign-token" },
    created_at: now,
    updated_at: now,
  };
  tenant().state.phoneProviders.set(provider.id, provider);
  return provider;
}

function onlyProvider(): StoredPhoneProvider {
  const all = [...tenant().state.phoneProviders.values()];
  expect(all).toHaveLength(1);
  return all[0];
}

describe("PhoneProvider lifecycle", () => {
  it("creates, diffs, updates, reads and deletes", async () => {
    const created = await createProvider(vendorInputs());
    const stored = onlyProvider();
    expect(created.id).toBe(stored.id);
    expect(stored.credentials).toEqual({ auth_token: AUTH_TOKEN });
    expect(stored.configuration).toEqual({ sid: "AC-sid-1", delivery_methods: ["text", "voice"], default_from: "+15550100" });
    expect(created.outs).toEqual({
      name: "vendor_a",
      disabled: false,
      configuration: { sid: "AC-sid-1", deliveryMethods: ["text", "voice"], defaultFrom: "+15550100" },
      tenant: "demo-tenant",
      channel: "phone",
      createdAt: stored.created_at,
      updatedAt: stored.updated_at,
      credentials: { authToken: AUTH_TOKEN },
      adoptExisting: false,
      schemaVersion: 1,
    });
    // JSON-safe: nothing the host's protobuf conversion would reject.
    expect(JSON.parse(JSON.stringify(created.outs))).toEqual(created.outs);

    await expect(handler.diff(created.id, created.outs, vendorInputs())).resolves.toMatchObject({ changes: false });

    const next = vendorInputs({
      credentials: { authToken: OTHER_AUTH_TOKEN },
      disabled: true,
      configuration: { sid: "AC-sid-1", deliveryMethods: ["text"], mssid: "MG-1" },
    });
    await expect(handler.diff(created.id, created.outs, next)).resolves.toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      diffs: ["credentials", "disabled", "configuration"],
    });
    const updated = await handler.update(created.id, created.outs, next);
    const patched = onlyProvider();
    // The configuration is replaced whole: default_from is gone.
    expect(patched.configuration).toEqual({ sid: "AC-sid-1", delivery_methods: ["text"], mssid: "MG-1" });
    expect(patched.credentials).toEqual({ auth_token: OTHER_AUTH_TOKEN });
    expect(patched.disabled).toBe(true);
    expect(updated.outs).toMatchObject({ disabled: true, credentials: { authToken: OTHER_AUTH_TOKEN }, createdAt: stored.created_at });
    expect(updated.outs?.updatedAt).toBe(patched.updated_at);

    const read = await handler.read(created.id, updated.outs);
    expect(read.id).toBe(created.id);
    expect(read.props).toEqual(updated.outs);
    // Credentials are never returned by the API: kept from state, in outputs and inputs alike.
    expect(read.inputs).toEqual({
      name: "vendor_a",
      credentials: { authToken: OTHER_AUTH_TOKEN },
      disabled: true,
      configuration: { sid: "AC-sid-1", deliveryMethods: ["text"], mssid: "MG-1" },
    });

    await handler.delete(created.id, updated.outs);
    expect(tenant().state.phoneProviders.size).toBe(0);
    // Already gone counts as deleted.
    await expect(handler.delete(created.id, updated.outs)).resolves.toBeUndefined();
  });

  it("creates a custom provider with empty credentials", async () => {
    const created = await createProvider({ name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } });
    expect(onlyProvider().credentials).toEqual({});
    expect(created.outs).toMatchObject({ name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } });
  });

  it("a custom provider with credentials {}, as the README has it, reads back the same: no diff, and the refresh reports the inputs check gives", async () => {
    const declared = { name: "custom", credentials: {} };
    const created = await createProvider(declared);
    // What the engine does next: a refresh (Read of the stored outputs), then Check of the program against the stored
    // inputs and Diff against the refreshed outputs; the CLI shows the difference of the Read's inputs and Check's.
    const refreshed = await handler.read(created.id, created.outs);
    const checked = await handler.check((await handler.check({}, declared)).inputs, declared);
    expect(checked.failures).toEqual([]);
    expect(refreshed.inputs).toMatchObject(checked.inputs);
    expect(Object.keys(refreshed.inputs).filter((key) => !(key in checked.inputs))).toEqual(["configuration"]);
    await expect(handler.diff(created.id, refreshed.props, checked.inputs)).resolves.toMatchObject({ changes: false });
  });

  it("updates rather than replaces on a name change, and ignores an adoptExisting flip", async () => {
    const created = await createProvider(vendorInputs());
    const renamed = await handler.diff(created.id, created.outs, { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } });
    expect(renamed).toMatchObject({ changes: true, replaces: [] });
    await expect(handler.diff(created.id, created.outs, vendorInputs({ adoptExisting: true }))).resolves.toMatchObject({ changes: false });
  });

  it("treats delivery methods as a set", async () => {
    const created = await createProvider(vendorInputs());
    const reordered = vendorInputs({ configuration: { sid: "AC-sid-1", deliveryMethods: ["voice", "text"], defaultFrom: "+15550100" } });
    await expect(handler.diff(created.id, created.outs, reordered)).resolves.toMatchObject({ changes: false });
  });

  it("fails an update of a provider deleted out of band, pointing at refresh", async () => {
    const created = await createProvider(vendorInputs());
    tenant().state.phoneProviders.clear();
    const error = await rejectionOf(handler.update(created.id, created.outs, vendorInputs({ disabled: true })));
    expect(error.message).toMatch(/no longer exists.*pulumi refresh/);
    expect(leakedSentinels(error.message)).toEqual([]);
  });
});

describe("PhoneProvider preview", () => {
  it("accepts unknowns anywhere in check and reports them as changes in diff, without any request", async () => {
    const unknownShapes = [
      vendorInputs({ name: UNKNOWN }),
      vendorInputs({ credentials: UNKNOWN }),
      vendorInputs({ credentials: { authToken: UNKNOWN } }),
      vendorInputs({ configuration: UNKNOWN }),
      vendorInputs({ configuration: { sid: UNKNOWN, deliveryMethods: UNKNOWN, defaultFrom: UNKNOWN } }),
      vendorInputs({ configuration: { sid: "AC", deliveryMethods: [UNKNOWN, "voice"], mssid: UNKNOWN } }),
      vendorInputs({ disabled: UNKNOWN, adoptExisting: UNKNOWN }),
    ];
    const outs = {
      name: "vendor_a",
      disabled: false,
      configuration: { sid: "AC-sid-1", deliveryMethods: ["text", "voice"], defaultFrom: "+15550100" },
      credentials: { authToken: AUTH_TOKEN },
      adoptExisting: false,
      schemaVersion: 1,
    };
    for (const news of unknownShapes) {
      const checked = await handler.check({}, news);
      expect(checked.failures, JSON.stringify(news)).toEqual([]);
      // An omitted `disabled` comes back as its default, as a refresh reads it.
      expect(checked.inputs).toEqual({ disabled: false, ...news });
    }
    // adoptExisting alone is not a change, unknown or not; every other unknown is.
    for (const news of unknownShapes.slice(0, 6)) {
      await expect(handler.diff("pro_x", outs, news), JSON.stringify(news)).resolves.toMatchObject({ changes: true, replaces: [] });
    }
    await expect(handler.diff("pro_x", outs, vendorInputs({ disabled: UNKNOWN }))).resolves.toMatchObject({ changes: true });
    expect(tenant().requests).toHaveLength(0);
  });
});

describe("PhoneProvider.get", () => {
  it("of an id the tenant does not have fails naming the id (a refresh of a stored one reports it gone instead)", async () => {
    const error = await rejectionOf(handler.read("pro_typo", { __provider: "serialized provider" }));
    expect(error.message).toBe('PhoneProvider.get("pro_typo"): the tenant has no phone provider with this id. Check the id (it starts with "pro_").');
  });
});

describe("PhoneProvider drift and 404", () => {
  it("reads out-of-band changes, and diff reports them", async () => {
    const created = await createProvider(vendorInputs());
    const stored = onlyProvider();
    stored.configuration = { ...stored.configuration, default_from: "+15550199" };
    stored.disabled = true;

    const read = await handler.read(created.id, created.outs);
    expect(read.props).toMatchObject({
      disabled: true,
      configuration: { defaultFrom: "+15550199" },
      credentials: { authToken: AUTH_TOKEN },
    });
    const diff = await handler.diff(created.id, read.props, vendorInputs());
    expect(diff).toMatchObject({ changes: true, replaces: [] });
  });

  it("reports a provider deleted out of band as gone (empty id)", async () => {
    const created = await createProvider(vendorInputs());
    tenant().state.phoneProviders.clear();
    await expect(handler.read(created.id, created.outs)).resolves.toEqual({ id: "" });
  });
});

describe("PhoneProvider adoption", () => {
  it("refuses to create next to an existing provider, saying how to adopt it", async () => {
    const foreign = seedForeignProvider();
    const error = await rejectionOf(createProvider(vendorInputs()));
    expect(error.message).toMatch(/already has a phone provider \(id "pro_foreignProvider0000000001"\)/);
    expect(error.message).toMatch(/adoptExisting: true/);
    expect(error.message).toMatch(/PhoneProvider\.get/);
    expect(leakedSentinels(error.message, ["foreign-token"])).toEqual([]);
    expect(onlyProvider()).toEqual(foreign);
  });

  it("with adoptExisting, updates the existing provider to the inputs and takes its id", async () => {
    const foreign = seedForeignProvider();
    const created = await createProvider(vendorInputs({ adoptExisting: true }));
    expect(created.id).toBe(foreign.id);
    const adopted = onlyProvider();
    expect(adopted.credentials).toEqual({ auth_token: AUTH_TOKEN });
    expect(adopted.configuration).toEqual({ sid: "AC-sid-1", delivery_methods: ["text", "voice"], default_from: "+15550100" });
    expect(adopted.disabled).toBe(false);
    expect(created.outs).toMatchObject({ adoptExisting: true, credentials: { authToken: AUTH_TOKEN } });
    expect(tenant().count("POST", PROVIDERS)).toBe(0);
  });

  it("with adoptExisting and no provider yet, creates one", async () => {
    const created = await createProvider(vendorInputs({ adoptExisting: true }));
    expect(onlyProvider().id).toBe(created.id);
    expect(tenant().count("POST", PROVIDERS)).toBe(1);
  });

  it("get: reads an existing provider by id, without credentials to keep", async () => {
    const foreign = seedForeignProvider();
    const read = await handler.read(foreign.id, {});
    expect(read.id).toBe(foreign.id);
    expect(read.props).toEqual({
      name: "vendor_a",
      disabled: true,
      configuration: { sid: "AC-foreign", deliveryMethods: ["voice"], mssid: "MG-foreign" },
      tenant: "demo-tenant",
      channel: "phone",
      createdAt: foreign.created_at,
      updatedAt: foreign.updated_at,
      adoptExisting: false,
      schemaVersion: 1,
    });
    expect(read.inputs).not.toHaveProperty("credentials");
  });
});

describe("PhoneProvider create after a dropped connection", () => {
  it("adopts what the dropped POST created: exactly one provider, in the desired state", async () => {
    tenant().injectFault({ method: "POST", path: PROVIDERS, count: 1, kind: "drop", afterHandling: true });
    const created = await createProvider(vendorInputs());
    const stored = onlyProvider();
    expect(created.id).toBe(stored.id);
    expect(stored.credentials).toEqual({ auth_token: AUTH_TOKEN });
    expect(stored.configuration).toEqual({ sid: "AC-sid-1", delivery_methods: ["text", "voice"], default_from: "+15550100" });
    expect(created.outs).toMatchObject({ name: "vendor_a", disabled: false, credentials: { authToken: AUTH_TOKEN } });
    expect(tenant().count("POST", PROVIDERS)).toBe(1);
    expect(tenant().count("PATCH", PROVIDERS)).toBe(1);
  });

  it("sends the POST again when the listing proves the dropped one never arrived: exactly one provider", async () => {
    tenant().injectFault({ method: "POST", path: PROVIDERS, count: 1, kind: "drop" });
    const created = await createProvider(vendorInputs());
    expect(onlyProvider().id).toBe(created.id);
    expect(onlyProvider().credentials).toEqual({ auth_token: AUTH_TOKEN });
    expect(tenant().count("POST", PROVIDERS)).toBe(2);
  });

  it("gives up after repeated drops that created nothing, saying nothing was created", async () => {
    tenant().injectFault({ method: "POST", path: PROVIDERS, count: 3, kind: "drop" });
    const error = await rejectionOf(createProvider(vendorInputs()));
    expect(error.message).toMatch(/failed 3 times.*nothing was created/);
    expect(tenant().state.phoneProviders.size).toBe(0);
  });

  it("never takes over a different provider found after a drop", async () => {
    const foreign = seedForeignProvider();
    tenant().injectFault({ method: "POST", path: PROVIDERS, count: 1, kind: "drop" });
    const error = await rejectionOf(createProvider(vendorInputs()));
    expect(error.message).toMatch(/adoptExisting: true/);
    expect(onlyProvider()).toEqual(foreign);
    expect(tenant().count("PATCH", PROVIDERS)).toBe(0);
  });

  it("reconciles a 503 answered after the POST took effect", async () => {
    tenant().injectFault({ method: "POST", path: PROVIDERS, count: 1, kind: "503", afterHandling: true });
    const created = await createProvider(vendorInputs());
    expect(onlyProvider().id).toBe(created.id);
    expect(tenant().count("POST", PROVIDERS)).toBe(1);
  });
});
