// MfaSettings against the emulator over real HTTP: the lifecycle of a setting of several fields (common/
// settingLifecycle.ts) — create reads first and writes only what differs, an input left out is not managed and a
// whole-object write fills it from a read made just before and is never recorded, refresh is one read reporting the
// managed ones as inputs, destroy reads the tenant and puts back what create found of them with one write or none —
// and the checks before any call, a plan's refusal, another tenant refused.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/mfaSettings/handler";
import { UNKNOWN, apiRequests, configureRequest, createChecked, rejectionOf, tenantConfig, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const PATH = "/api/v2/guardian/settings";
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const callsSince = (before: number): string[] => apiCalls().slice(before);

const FRESH = { displayRememberMeCheckbox: true, rememberMeDefaultValue: false, sessionInactivityTimeout: 604800, sessionOverallTimeout: 2592000 };
const EIGHT_HOURS = { displayRememberMeCheckbox: false, rememberMeDefaultValue: false, sessionInactivityTimeout: 28800, sessionOverallTimeout: 28800 };

const created = (inputs: Record<string, unknown>) => createChecked(handler, inputs);

describe("MfaSettings lifecycle", () => {
  it("create reads, records and writes all four; update writes; refresh is one read; destroy puts them back", async () => {
    const made = await created(EIGHT_HOURS);
    expect(made.id).toBe(tenantHostOf(tenant()));
    expect(made.outs).toEqual({ ...EIGHT_HOURS, previousSettings: FRESH, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(tenant().state.factorSettings.guardian).toMatchObject({ mfa_session_inactivity_timeout: 28800, mfa_session_overall_timeout: 28800 });

    await expect(handler.diff(made.id, made.outs, EIGHT_HOURS)).resolves.toMatchObject({ changes: false });
    const longer = { ...EIGHT_HOURS, sessionOverallTimeout: 86400 };
    await expect(handler.diff(made.id, made.outs, longer)).resolves.toMatchObject({ changes: true, diffs: ["sessionOverallTimeout"] });

    const before = apiCalls().length;
    const updated = await handler.update(made.id, made.outs, longer);
    expect(callsSince(before)).toEqual([`PUT ${PATH}`]);
    expect(updated.outs).toEqual({ ...longer, previousSettings: FRESH, schemaVersion: 1 });

    const refreshed = await handler.read(made.id, updated.outs);
    expect(callsSince(before)).toEqual([`PUT ${PATH}`, `GET ${PATH}`]);
    expect(refreshed).toEqual({ id: made.id, props: updated.outs, inputs: longer });

    const beforeDelete = apiCalls().length;
    await handler.delete(made.id, updated.outs);
    expect(callsSince(beforeDelete)).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(tenant().state.factorSettings.guardian).toEqual({
      display_remember_me_checkbox: true,
      remember_me_default_value: false,
      mfa_session_inactivity_timeout: 604800,
      mfa_session_overall_timeout: 2592000,
    });
  });

  it("destroy decides from the tenant: a change made by hand since the last refresh is put back too", async () => {
    const made = await created(EIGHT_HOURS);
    // The state says the tenant holds what create found; the tenant says otherwise.
    tenant().state.factorSettings.guardian.mfa_session_overall_timeout = 3600;
    tenant().state.factorSettings.guardian.mfa_session_inactivity_timeout = 3600;
    const stateSaysRestored = { ...made.outs, ...FRESH };
    await handler.delete(made.id, stateSaysRestored);
    expect(tenant().state.factorSettings.guardian).toMatchObject({ mfa_session_inactivity_timeout: 604800, mfa_session_overall_timeout: 2592000 });
  });

  it("declaring what the tenant holds writes nothing, and destroy then reads once and writes nothing", async () => {
    const made = await created(FRESH);
    expect(apiCalls()).toEqual([`GET ${PATH}`]);
    await handler.delete(made.id, made.outs);
    expect(apiCalls()).toEqual([`GET ${PATH}`, `GET ${PATH}`]);
  });

  it("an input left out is not managed: create and update send the tenant's value for it, read just before", async () => {
    tenant().state.factorSettings.guardian.remember_me_default_value = true;
    const made = await created({ sessionOverallTimeout: 86400, sessionInactivityTimeout: 7200 });
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    // Only what the program manages is recorded, to be put back.
    expect(made.outs?.previousSettings).toEqual({ sessionInactivityTimeout: 604800, sessionOverallTimeout: 2592000 });
    expect(tenant().state.factorSettings.guardian).toEqual({
      display_remember_me_checkbox: true,
      remember_me_default_value: true,
      mfa_session_inactivity_timeout: 7200,
      mfa_session_overall_timeout: 86400,
    });
    // Changed outside the program, a setting the program leaves out is not a difference.
    tenant().state.factorSettings.guardian.display_remember_me_checkbox = false;
    const refreshed = await handler.read(made.id, made.outs);
    await expect(handler.diff(made.id, refreshed.props, { sessionOverallTimeout: 86400, sessionInactivityTimeout: 7200 })).resolves.toMatchObject({ changes: false });
    // A refresh reports only the managed settings as inputs: the CLI, comparing inputs, shows no left-out one removed.
    expect(refreshed.inputs).toEqual({ sessionOverallTimeout: 86400, sessionInactivityTimeout: 7200 });
    expect(refreshed.props).toMatchObject({ displayRememberMeCheckbox: false });

    const before = apiCalls().length;
    const updated = await handler.update(made.id, refreshed.props, { sessionOverallTimeout: 90000, sessionInactivityTimeout: 7200 });
    expect(callsSince(before)).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(tenant().state.factorSettings.guardian).toMatchObject({ display_remember_me_checkbox: false, remember_me_default_value: true, mfa_session_overall_timeout: 90000 });

    // Destroy puts back the two managed settings, and the checkbox changed by hand stays as the tenant has it.
    const beforeDelete = apiCalls().length;
    await handler.delete(made.id, updated.outs);
    expect(callsSince(beforeDelete)).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(tenant().state.factorSettings.guardian).toEqual({
      display_remember_me_checkbox: false,
      remember_me_default_value: true,
      mfa_session_inactivity_timeout: 604800,
      mfa_session_overall_timeout: 2592000,
    });
  });

  it("a setting the program starts to manage is recorded as the tenant had it, and one it stops managing is forgotten", async () => {
    const made = await created({ sessionOverallTimeout: 2_000_000 });
    tenant().state.factorSettings.guardian.remember_me_default_value = true;
    const before = apiCalls().length;
    const updated = await handler.update(made.id, made.outs, { rememberMeDefaultValue: false });
    expect(callsSince(before)).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(updated.outs?.previousSettings).toEqual({ rememberMeDefaultValue: true });
    const refreshed = await handler.read(made.id, updated.outs);
    expect(refreshed.inputs).toEqual({ rememberMeDefaultValue: false });
    await handler.delete(made.id, refreshed.props);
    // The overall timeout the stack no longer manages keeps the value it set.
    expect(tenant().state.factorSettings.guardian).toMatchObject({ remember_me_default_value: true, mfa_session_overall_timeout: 2_000_000 });
  });

  it("a drift of a managed setting is found by refresh and shows as a change", async () => {
    const made = await created(EIGHT_HOURS);
    tenant().state.factorSettings.guardian.mfa_session_overall_timeout = 3600;
    tenant().state.factorSettings.guardian.mfa_session_inactivity_timeout = 3600;
    const refreshed = await handler.read(made.id, made.outs);
    expect(refreshed.props).toMatchObject({ sessionOverallTimeout: 3600, previousSettings: FRESH });
    await expect(handler.diff(made.id, refreshed.props, EIGHT_HOURS)).resolves.toMatchObject({ changes: true, diffs: ["sessionInactivityTimeout", "sessionOverallTimeout"] });
  });

  it("an inactivity timeout above the tenant's overall one, the overall left out, fails before the write", async () => {
    tenant().state.factorSettings.guardian.mfa_session_overall_timeout = 7200;
    const error = await rejectionOf(created({ sessionInactivityTimeout: 86400 }));
    expect(error.message).toBe(
      "MfaSettings: sessionInactivityTimeout (86400) must not be greater than sessionOverallTimeout (7200); sessionOverallTimeout, " +
        "left out of the program, is the tenant's. Set both; nothing was changed.",
    );
    expect(apiCalls()).toEqual([`GET ${PATH}`]);
  });
});

describe("MfaSettings get, import and other tenants", () => {
  it("reads by the tenant's domain with nothing to restore; delete then leaves the settings", async () => {
    const read = await handler.read(tenantHostOf(tenant()), {});
    expect(read).toEqual({ id: tenantHostOf(tenant()), props: { ...FRESH, previousSettings: null, schemaVersion: 1 }, inputs: FRESH });
    const before = apiRequests(tenant());
    await handler.delete(tenantHostOf(tenant()), read.props);
    expect(apiRequests(tenant())).toBe(before);
  });

  it("get of another id fails naming the tenant's domain; state of another tenant is refused; no call made", async () => {
    expect((await rejectionOf(handler.read("other.example.com", { __provider: "text" }))).message).toMatch(
      /^MfaSettings.get\("other.example.com"\): the configured tenant has no MFA settings with this id: its id is the tenant's domain/,
    );
    const outs = { ...EIGHT_HOURS, previousSettings: FRESH, schemaVersion: 1 };
    for (const call of [handler.read("other.example.com", outs), handler.update("other.example.com", outs, EIGHT_HOURS), handler.delete("other.example.com", outs)]) {
      expect((await rejectionOf(call)).message).toMatch(/belongs to another tenant .* than the configured one/);
    }
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("MfaSettings refusals", () => {
  it.each(["not_entitled", "insufficient_entitlement"] as const)("a plan's refusal (%s) is one error saying so, never retried", async (kind) => {
    tenant().injectFault({ method: "GET", path: PATH, count: 5, kind });
    const error = await rejectionOf(created(EIGHT_HOURS));
    expect(error.name).toBe("PlanRefusalError");
    expect(error.message).toBe(
      `MfaSettings: the tenant's plan does not offer the MFA settings (the service answered 403 ${kind}: The requestor is not ` +
        `entitled to perform this operation.) [GET ${PATH}]. Nothing was changed; it was not retried. Leave the resource out of ` +
        "the program for this tenant, or change the tenant's plan.",
    );
    expect(apiRequests(tenant())).toBe(1);
  });

  it("a missing scope is named, and nothing is written", async () => {
    const token = await tenant().issueToken("resources-test-client", { scopes: ["read:tenant_settings"] });
    await handler.configure(configureRequest({ "tenant:domain": tenant().url, "tenant:apiToken": token }));
    try {
      const error = await rejectionOf(created(EIGHT_HOURS));
      expect(error.message).toMatch(/^set MFA settings failed: 403 Forbidden: Insufficient scope, expected any of: update:tenant_settings \(insufficient_scope\)/);
      expect(tenant().state.factorSettings.guardian.mfa_session_overall_timeout).toBe(2592000);
    } finally {
      await handler.configure(configureRequest(tenantConfig(tenant())));
    }
  });
});

describe("MfaSettings check", () => {
  it.each([
    [{ sessionInactivityTimeout: 3599 }, "sessionInactivityTimeout", "must be a whole number from 3600 to 2592000 (seconds, 1 hour to 30 days)"],
    [{ sessionInactivityTimeout: 7200.5 }, "sessionInactivityTimeout", "must be a whole number from 3600 to 2592000 (seconds, 1 hour to 30 days)"],
    [{ sessionOverallTimeout: 7776001 }, "sessionOverallTimeout", "must be a whole number from 3600 to 7776000 (seconds, 1 hour to 90 days)"],
    [{ sessionOverallTimeout: "8h" }, "sessionOverallTimeout", "must be a whole number from 3600 to 7776000 (seconds, 1 hour to 90 days)"],
    [{ displayRememberMeCheckbox: "yes" }, "displayRememberMeCheckbox", "must be a boolean"],
    [{ sessionInactivityTimeout: 86400, sessionOverallTimeout: 7200 }, "sessionInactivityTimeout", "must not be greater than sessionOverallTimeout"],
  ])("%j is refused before any call", async (inputs, property, reason) => {
    expect((await handler.check({}, inputs)).failures).toEqual([{ property, reason }]);
    expect(apiRequests(tenant())).toBe(0);
  });

  it("accepts equal timeouts, nothing at all, and unknowns in preview", async () => {
    for (const inputs of [{ sessionInactivityTimeout: 3600, sessionOverallTimeout: 3600 }, {}, { sessionInactivityTimeout: UNKNOWN, sessionOverallTimeout: 3600 }]) {
      expect((await handler.check({}, inputs)).failures).toEqual([]);
    }
  });
});
