// RiskAssessmentSettings and RiskAssessmentNewDevice against the emulator over real HTTP: two one-field tenant settings
// (common/settingLifecycle.ts) — create reads first and writes only when it differs, an equal tenant is adopted with
// no write, refresh is one read and shows a change by hand, destroy reads the tenant and puts back what create found —
// and a tenant without the Adaptive MFA add-on (one error saying so, never retried; destroy of a setting the stack
// never changed succeeds), a missing scope named, the checks before any call.
import { describe, expect, it } from "vitest";
import * as newDevice from "../../provider/resources/riskAssessmentNewDevice/handler";
import * as settings from "../../provider/resources/riskAssessmentSettings/handler";
import { apiRequests, configureRequest, createChecked, rejectionOf, tenantConfig, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(settings);
const SETTINGS_PATH = "/api/v2/risk-assessments/settings";
const NEW_DEVICE_PATH = "/api/v2/risk-assessments/settings/new-device";
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const callsSince = (before: number): string[] => apiCalls().slice(before);
const risk = () => tenant().state.riskAssessment;

describe("RiskAssessmentSettings lifecycle", () => {
  it("create reads, records and writes; refresh is one read and finds a change by hand; destroy puts it back", async () => {
    const made = await createChecked(settings, { enabled: true });
    expect(made.id).toBe(tenantHostOf(tenant()));
    expect(made.outs).toEqual({ enabled: true, previousEnabled: false, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${SETTINGS_PATH}`, `PATCH ${SETTINGS_PATH}`]);
    expect(risk().settings).toEqual({ enabled: true });

    const idle = apiCalls().length;
    const read = await settings.read(made.id, made.outs);
    expect(read).toEqual({ id: made.id, props: made.outs, inputs: { enabled: true } });
    expect(callsSince(idle)).toEqual([`GET ${SETTINGS_PATH}`]);
    await expect(settings.diff(made.id, read.props, { enabled: true })).resolves.toMatchObject({ changes: false });

    // Turned off by hand: refresh shows it, the program's value is a change.
    risk().settings = { enabled: false };
    const drifted = await settings.read(made.id, made.outs);
    expect(drifted.props).toEqual({ enabled: false, previousEnabled: false, schemaVersion: 1 });
    await expect(settings.diff(made.id, drifted.props, { enabled: true })).resolves.toMatchObject({ changes: true, diffs: ["enabled"] });
    const before = apiCalls().length;
    const repaired = await settings.update(made.id, drifted.props, { enabled: true });
    expect(callsSince(before)).toEqual([`PATCH ${SETTINGS_PATH}`]);
    expect(repaired.outs).toEqual({ enabled: true, previousEnabled: false, schemaVersion: 1 });

    const beforeDelete = apiCalls().length;
    await settings.delete(made.id, repaired.outs);
    expect(callsSince(beforeDelete)).toEqual([`GET ${SETTINGS_PATH}`, `PATCH ${SETTINGS_PATH}`]);
    expect(risk().settings).toEqual({ enabled: false });
  });

  it("an equal tenant is adopted with no write, and destroy then reads once and writes nothing", async () => {
    tenant().seedRiskAssessment({ enabled: true });
    const made = await createChecked(settings, { enabled: true });
    expect(made.outs).toEqual({ enabled: true, previousEnabled: true, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${SETTINGS_PATH}`]);
    await settings.delete(made.id, made.outs);
    expect(apiCalls()).toEqual([`GET ${SETTINGS_PATH}`, `GET ${SETTINGS_PATH}`]);
    expect(risk().settings).toEqual({ enabled: true });
  });

  it("destroy decides from the tenant: a change made by hand since the last refresh is put back too", async () => {
    const made = await createChecked(settings, { enabled: false });
    expect(apiCalls()).toEqual([`GET ${SETTINGS_PATH}`]);
    risk().settings = { enabled: true };
    await settings.delete(made.id, made.outs);
    expect(risk().settings).toEqual({ enabled: false });
  });

  it("get reads by the tenant's domain and records nothing: delete then leaves it", async () => {
    tenant().seedRiskAssessment({ enabled: true });
    const read = await settings.read(tenantHostOf(tenant()), {});
    expect(read).toEqual({ id: tenantHostOf(tenant()), props: { enabled: true, previousEnabled: null, schemaVersion: 1 }, inputs: { enabled: true } });
    const before = apiRequests(tenant());
    await settings.delete(tenantHostOf(tenant()), read.props);
    expect(apiRequests(tenant())).toBe(before);
    expect((await rejectionOf(settings.read("other.example.com", { __provider: "text" }))).message).toMatch(
      /^RiskAssessmentSettings.get\("other.example.com"\): the configured tenant has no Adaptive MFA risk assessment settings with this id/,
    );
  });

  it("a non-boolean is refused before any call, naming the property", async () => {
    expect((await settings.check({}, { enabled: "yes" })).failures).toEqual([{ property: "enabled", reason: "must be a boolean" }]);
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("RiskAssessmentNewDevice lifecycle", () => {
  it("create reads, records and writes; refresh finds a change by hand; destroy puts the days back", async () => {
    const made = await createChecked(newDevice, { rememberFor: 90 });
    expect(made.outs).toEqual({ rememberFor: 90, previousRememberFor: 30, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${NEW_DEVICE_PATH}`, `PATCH ${NEW_DEVICE_PATH}`]);
    expect(risk().newDevice).toEqual({ remember_for: 90 });

    risk().newDevice = { remember_for: 7 };
    const drifted = await newDevice.read(made.id, made.outs);
    expect(drifted).toEqual({ id: made.id, props: { rememberFor: 7, previousRememberFor: 30, schemaVersion: 1 }, inputs: { rememberFor: 7 } });
    await expect(newDevice.diff(made.id, drifted.props, { rememberFor: 90 })).resolves.toMatchObject({ changes: true, diffs: ["rememberFor"] });

    const before = apiCalls().length;
    await newDevice.delete(made.id, drifted.props);
    expect(callsSince(before)).toEqual([`GET ${NEW_DEVICE_PATH}`, `PATCH ${NEW_DEVICE_PATH}`]);
    expect(risk().newDevice).toEqual({ remember_for: 30 });
  });

  it("an equal tenant is adopted with no write", async () => {
    const made = await createChecked(newDevice, { rememberFor: 30 });
    expect(made.outs).toEqual({ rememberFor: 30, previousRememberFor: 30, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${NEW_DEVICE_PATH}`]);
  });

  it.each([0, 366, 1.5, "30"])("rememberFor %j is refused before any call, naming the range", async (rememberFor) => {
    expect((await newDevice.check({}, { rememberFor })).failures).toEqual([
      { property: "rememberFor", reason: "must be a whole number from 1 to 365 (days)" },
    ]);
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("a tenant without the Adaptive MFA add-on", () => {
  it.each([
    ["insufficient_entitlement", "Please upgrade your subscription to use Adaptive MFA"],
    ["not_entitled", "The requestor is not entitled to perform this operation."],
  ] as const)("create gets one error naming the plan (%s), sent once, never retried", async (entitlement, serviceMessage) => {
    tenant().seedRiskAssessment({ entitlement });
    for (const [handler, inputs, what, noun, path] of [
      [settings, { enabled: true }, "RiskAssessmentSettings", "Adaptive MFA risk assessment settings", SETTINGS_PATH],
      [newDevice, { rememberFor: 60 }, "RiskAssessmentNewDevice", "Adaptive MFA new-device settings", NEW_DEVICE_PATH],
    ] as const) {
      const before = apiRequests(tenant());
      const error = await rejectionOf(createChecked(handler, inputs));
      expect(error.name).toBe("PlanRefusalError");
      expect(error.message).toBe(
        `${what}: the tenant's plan does not offer the ${noun} (the service answered 403 ${entitlement}: ${serviceMessage}) ` +
          `[GET ${path}]. Nothing was changed; it was not retried. Leave the resource out of the program for this tenant, or change the tenant's plan.`,
      );
      expect(apiRequests(tenant()) - before).toBe(1);
    }
  });

  it("destroy of a setting the stack never changed succeeds; one it changed says why it cannot be put back", async () => {
    const adopted = await createChecked(settings, { enabled: false });
    const changed = await createChecked(newDevice, { rememberFor: 60 });
    tenant().seedRiskAssessment({ entitlement: "insufficient_entitlement" });
    await settings.delete(adopted.id, adopted.outs);
    const error = await rejectionOf(newDevice.delete(changed.id, changed.outs));
    expect(error.name).toBe("PlanRefusalError");
    expect(error.message).toMatch(/^RiskAssessmentNewDevice: the tenant's plan does not offer the Adaptive MFA new-device settings/);
  });
});

describe("a missing scope", () => {
  it("is named, and nothing is written", async () => {
    const token = await tenant().issueToken("resources-test-client", { scopes: ["read:attack_protection"] });
    await settings.configure(configureRequest({ "tenant:domain": tenant().url, "tenant:apiToken": token }));
    try {
      const error = await rejectionOf(createChecked(settings, { enabled: true }));
      expect(error.message).toMatch(
        /^set risk assessment settings failed: 403 Forbidden: Insufficient scope, expected any of: update:attack_protection \(insufficient_scope\)/,
      );
      expect(risk().settings).toEqual({ enabled: false });
    } finally {
      await settings.configure(configureRequest(tenantConfig(tenant())));
    }
  });
});
