// TenantMfaFlags against the emulator over real HTTP: a setting of several fields (common/settingLifecycle.ts) inside
// the tenant's settings. Create reads first and writes only what differs, a switch left out is never written nor
// recorded, refresh is one read, destroy reads the tenant and puts back what create found — and through all of it
// every other field and flag of the tenant's settings (seeded here) stays exactly as it was, by the emulator's state.
import { beforeEach, describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/tenantMfaFlags/handler";
import { UNKNOWN, apiRequests, configureRequest, createChecked, rejectionOf, tenantConfig, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const PATH = "/api/v2/tenants/settings";
const POSTLOGIN = "customize_mfa_in_postlogin_action";
const FACTOR_LIST = "mfa_show_factor_list_on_enrollment";
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const callsSince = (before: number): string[] => apiCalls().slice(before);

const OFF = { customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: false };
const ON = { customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: true };

type Stored = Record<string, unknown> & { flags: Record<string, boolean> };
const stored = (): Stored => structuredClone(tenant().state.tenantSettings.settings) as Stored;

/** The settings less the two switches: what no create, update or destroy may change. */
function others(settings: Stored): Stored {
  const { [POSTLOGIN]: _postLogin, ...rest } = structuredClone(settings);
  delete rest.flags[FACTOR_LIST];
  return rest as Stored;
}

/** The switches as stored: `undefined` when absent. */
const switches = () => ({ postLogin: stored()[POSTLOGIN], factorList: stored().flags[FACTOR_LIST] });

const created = (inputs: Record<string, unknown>) => createChecked(handler, inputs);

let seededOthers: Stored;
beforeEach(() => {
  // Fields and flags of the tenant's own, some of them no write of the package may name (a flag the PATCH refuses).
  tenant().seedTenantSettings({
    friendly_name: "Acme Corp",
    session_lifetime: 720,
    idle_session_lifetime: 24,
    support_email: "support@example.com",
    error_page: { html: "<p>sorry</p>", show_log_link: false },
    flags: { enable_sso: false, universal_login: false, revoke_refresh_token_grant: true, dashboard_new_onboarding: true },
  });
  seededOthers = others(stored());
});

describe("TenantMfaFlags lifecycle", () => {
  it("create reads, records and writes; update writes; refresh is one read; destroy puts them back; nothing else moves", async () => {
    expect(switches()).toEqual({ postLogin: undefined, factorList: undefined });
    const made = await created(ON);
    expect(made.id).toBe(tenantHostOf(tenant()));
    expect(made.outs).toEqual({ ...ON, previousFlags: OFF, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PATCH ${PATH}`]);
    expect(switches()).toEqual({ postLogin: true, factorList: true });
    expect(others(stored())).toEqual(seededOthers);

    await expect(handler.diff(made.id, made.outs, ON)).resolves.toMatchObject({ changes: false });
    const changed = { ...ON, showFactorListOnEnrollment: false };
    await expect(handler.diff(made.id, made.outs, changed)).resolves.toMatchObject({ changes: true, diffs: ["showFactorListOnEnrollment"] });

    const before = apiCalls().length;
    const updated = await handler.update(made.id, made.outs, changed);
    expect(callsSince(before)).toEqual([`PATCH ${PATH}`]);
    expect(updated.outs).toEqual({ ...changed, previousFlags: OFF, schemaVersion: 1 });
    expect(switches()).toEqual({ postLogin: true, factorList: false });
    expect(others(stored())).toEqual(seededOthers);

    const refreshed = await handler.read(made.id, updated.outs);
    expect(callsSince(before)).toEqual([`PATCH ${PATH}`, `GET ${PATH}`]);
    expect(refreshed).toEqual({ id: made.id, props: updated.outs, inputs: changed });

    const beforeDelete = apiCalls().length;
    await handler.delete(made.id, updated.outs);
    expect(callsSince(beforeDelete)).toEqual([`GET ${PATH}`, `PATCH ${PATH}`]);
    // The top-level switch is absent again; the flag, which cannot be removed, is off.
    expect(switches()).toEqual({ postLogin: undefined, factorList: false });
    expect(others(stored())).toEqual(seededOthers);
  });

  it("switches the tenant had on are put back on, and a change made by hand since the last refresh is undone too", async () => {
    tenant().seedTenantSettings({ [POSTLOGIN]: true, flags: { [FACTOR_LIST]: true } });
    const made = await created(OFF);
    expect(made.outs).toMatchObject({ ...OFF, previousFlags: ON });
    expect(switches()).toEqual({ postLogin: false, factorList: false });
    // The state says the tenant holds what create found; the tenant says otherwise.
    tenant().seedTenantSettings({ flags: { [FACTOR_LIST]: false } });
    await handler.delete(made.id, { ...made.outs, ...ON });
    expect(switches()).toEqual({ postLogin: true, factorList: true });
    expect(others(stored())).toEqual(seededOthers);
  });

  it("declaring what the tenant holds writes nothing (an absent switch is off), and destroy then reads once and writes nothing", async () => {
    const made = await created(OFF);
    expect(made.outs).toEqual({ ...OFF, previousFlags: OFF, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${PATH}`]);
    await handler.delete(made.id, made.outs);
    expect(apiCalls()).toEqual([`GET ${PATH}`, `GET ${PATH}`]);
    expect(switches()).toEqual({ postLogin: undefined, factorList: undefined });

    tenant().seedTenantSettings({ [POSTLOGIN]: true, flags: { [FACTOR_LIST]: true } });
    const before = apiCalls().length;
    const adopted = await created(ON);
    await handler.delete(adopted.id, adopted.outs);
    expect(callsSince(before)).toEqual([`GET ${PATH}`, `GET ${PATH}`]);
  });

  it("a switch left out is never written nor recorded, and destroy leaves it as the tenant holds it", async () => {
    tenant().seedTenantSettings({ [POSTLOGIN]: true });
    const made = await created({ showFactorListOnEnrollment: true });
    expect(made.outs).toEqual({ customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: true, previousFlags: { showFactorListOnEnrollment: false }, schemaVersion: 1 });
    // Changed outside the program, a switch the program leaves out is no difference, and a refresh reports it as no input.
    tenant().seedTenantSettings({ [POSTLOGIN]: false });
    const refreshed = await handler.read(made.id, made.outs);
    expect(refreshed.inputs).toEqual({ showFactorListOnEnrollment: true });
    await expect(handler.diff(made.id, refreshed.props, { showFactorListOnEnrollment: true })).resolves.toMatchObject({ changes: false });
    const updated = await handler.update(made.id, refreshed.props, { showFactorListOnEnrollment: false });
    expect(switches()).toEqual({ postLogin: false, factorList: false });
    tenant().seedTenantSettings({ [POSTLOGIN]: true, flags: { [FACTOR_LIST]: true } });
    await handler.delete(made.id, updated.outs);
    expect(switches()).toEqual({ postLogin: true, factorList: false });
    expect(others(stored())).toEqual(seededOthers);
  });

  it("a switch the program starts to manage is recorded as the tenant had it just before, and one it stops managing is forgotten", async () => {
    const made = await created({ customizeMfaInPostLoginAction: true });
    tenant().seedTenantSettings({ flags: { [FACTOR_LIST]: true } });
    const before = apiCalls().length;
    const updated = await handler.update(made.id, made.outs, { showFactorListOnEnrollment: false });
    expect(callsSince(before)).toEqual([`GET ${PATH}`, `PATCH ${PATH}`]);
    expect(updated.outs?.previousFlags).toEqual({ showFactorListOnEnrollment: true });
    await handler.delete(made.id, updated.outs);
    // The switch the stack no longer manages keeps the value it set.
    expect(switches()).toEqual({ postLogin: true, factorList: true });
    expect(others(stored())).toEqual(seededOthers);
  });

  it("a change made by hand is found by refresh and shows as a change", async () => {
    const made = await created(ON);
    tenant().seedTenantSettings({ [POSTLOGIN]: null });
    const refreshed = await handler.read(made.id, made.outs);
    expect(refreshed.props).toMatchObject({ customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: true, previousFlags: OFF });
    await expect(handler.diff(made.id, refreshed.props, ON)).resolves.toMatchObject({ changes: true, diffs: ["customizeMfaInPostLoginAction"] });
  });
});

describe("TenantMfaFlags get, import, export's listing and other tenants", () => {
  it("reads by the tenant's domain with nothing to restore; delete then leaves the switches", async () => {
    tenant().seedTenantSettings({ [POSTLOGIN]: true });
    const read = await handler.read(tenantHostOf(tenant()), {});
    const held = { customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: false };
    expect(read).toEqual({ id: tenantHostOf(tenant()), props: { ...held, previousFlags: null, schemaVersion: 1 }, inputs: held });
    const before = apiRequests(tenant());
    await handler.delete(tenantHostOf(tenant()), read.props);
    expect(apiRequests(tenant())).toBe(before);
    expect(switches()).toEqual({ postLogin: true, factorList: undefined });
  });

  it("the listing is one read of both switches, an absent one off, with nothing recorded", async () => {
    tenant().seedTenantSettings({ flags: { [FACTOR_LIST]: true } });
    const held = { customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: true };
    await expect(handler.list?.()).resolves.toEqual([{ id: tenantHostOf(tenant()), inputs: held, props: { ...held, previousFlags: null, schemaVersion: 1 } }]);
    expect(apiCalls()).toEqual([`GET ${PATH}`]);
  });

  it("get of another id fails naming the tenant's domain, with no call (the guard of another tenant's state is the settings' own)", async () => {
    expect((await rejectionOf(handler.read("other.example.com", { __provider: "text" }))).message).toMatch(
      /^TenantMfaFlags.get\("other.example.com"\): the configured tenant has no MFA switches with this id: its id is the tenant's domain/,
    );
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("TenantMfaFlags refusals and check", () => {
  it.each([
    [["read:tenant_settings"], /^set MFA switches failed: 403 Forbidden: Insufficient scope, expected any of: update:tenant_settings \(insufficient_scope\)/],
    [["update:tenant_settings"], /^get tenant settings failed: 403 Forbidden: Insufficient scope, expected any of: read:tenant_settings \(insufficient_scope\)/],
  ])("a token holding only %j: the missing scope is named, and nothing is written", async (scopes, message) => {
    const token = await tenant().issueToken("resources-test-client", { scopes });
    await handler.configure(configureRequest({ "tenant:domain": tenant().url, "tenant:apiToken": token }));
    try {
      expect((await rejectionOf(created(ON))).message).toMatch(message);
      expect(switches()).toEqual({ postLogin: undefined, factorList: undefined });
    } finally {
      await handler.configure(configureRequest(tenantConfig(tenant())));
    }
  });

  it.each([
    [{ customizeMfaInPostLoginAction: "yes" }, "customizeMfaInPostLoginAction"],
    [{ showFactorListOnEnrollment: 1 }, "showFactorListOnEnrollment"],
  ])("%j is refused before any call", async (inputs, property) => {
    expect((await handler.check({}, inputs)).failures).toEqual([{ property, reason: "must be a boolean" }]);
    expect(apiRequests(tenant())).toBe(0);
  });

  it("accepts nothing at all, and unknowns in preview; refuses a name it does not know", async () => {
    for (const inputs of [{}, { customizeMfaInPostLoginAction: UNKNOWN, showFactorListOnEnrollment: true }]) {
      expect((await handler.check({}, inputs)).failures).toEqual([]);
    }
    expect((await handler.check({}, { mfaShowFactorListOnEnrollment: true })).failures).toEqual([
      { property: "", reason: "mfaShowFactorListOnEnrollment unknown property; allowed: customizeMfaInPostLoginAction, showFactorListOnEnrollment" },
    ]);
  });
});
