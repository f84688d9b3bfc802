// MfaFactor handlers against the emulator over real HTTP: one GET per read, restore on delete touching no other
// factor, drift, get/import, another tenant refused, validation before any call.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/mfaFactor/handler";
import { MFA_FACTOR_NAMES } from "../../provider/resources/enums.generated";
import { UNKNOWN, apiRequests, rejectionOf, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const enabledFactors = (): string[] => tenant().state.mfa.factorList().filter((factor) => factor.enabled).map((factor) => factor.name);

async function createFactor(news: Record<string, unknown>) {
  const checked = await handler.check({}, news);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

describe("MfaFactor lifecycle", () => {
  it("create reads the list once then PUTs; update PUTs; read is one GET; delete restores only this factor, only when needed", async () => {
    tenant().seedMfa({ factors: { otp: true } });
    const created = await createFactor({ factor: "sms" });
    expect(created.id).toBe("sms");
    expect(created.outs).toEqual({
      factor: "sms",
      enabled: true,
      trialExpired: false,
      previousEnabled: false,
      tenantDomain: tenantHostOf(tenant()),
      schemaVersion: 1,
    });
    const apiCalls = tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/"));
    expect(apiCalls.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      "GET /api/v2/guardian/factors",
      "PUT /api/v2/guardian/factors/sms",
    ]);
    expect(enabledFactors()).toEqual(["sms", "otp"]);

    await expect(handler.diff("sms", created.outs, { factor: "sms" })).resolves.toMatchObject({ changes: false });
    await expect(handler.diff("sms", created.outs, { factor: "sms", enabled: true })).resolves.toMatchObject({ changes: false });
    await expect(handler.diff("sms", created.outs, { factor: "sms", enabled: false })).resolves.toMatchObject({ changes: true, replaces: [] });
    await expect(handler.diff("sms", created.outs, { factor: "otp" })).resolves.toMatchObject({ changes: true, replaces: ["factor"] });

    const before = apiRequests(tenant());
    const updated = await handler.update("sms", created.outs, { factor: "sms", enabled: false });
    expect(updated.outs).toEqual({ ...created.outs, enabled: false });
    expect(apiRequests(tenant()) - before).toBe(1);

    const beforeRead = apiRequests(tenant());
    const read = await handler.read("sms", updated.outs);
    expect(read).toEqual({ id: "sms", props: updated.outs, inputs: { factor: "sms", enabled: false } });
    expect(apiRequests(tenant()) - beforeRead).toBe(1);

    // Destroy decides from the tenant: one read, and no write when it holds what create found (off) ...
    const [beforeDelete, writesBefore] = [apiRequests(tenant()), tenant().count("PUT", "/api/v2")];
    await handler.delete("sms", updated.outs);
    expect(apiRequests(tenant()) - beforeDelete).toBe(1);
    expect(tenant().count("PUT", "/api/v2") - writesBefore).toBe(0);
    // ... while a change made by hand since the last refresh, which the state does not show, is put back.
    tenant().state.mfa.factors.get("sms")!.enabled = true;
    await handler.delete("sms", updated.outs);
    expect(enabledFactors()).toEqual(["otp"]);
  });

  it("a factor that was on before create stays on after destroy", async () => {
    tenant().seedMfa({ factors: { "push-notification": true } });
    const created = await createFactor({ factor: "push-notification", enabled: true });
    expect(created.outs?.previousEnabled).toBe(true);
    await handler.delete("push-notification", created.outs);
    expect(enabledFactors()).toEqual(["push-notification"]);
  });

  it("enabled: false switches a factor off, and destroy switches it back on", async () => {
    tenant().seedMfa({ factors: { email: true } });
    const created = await createFactor({ factor: "email", enabled: false });
    expect(created.outs).toMatchObject({ enabled: false, previousEnabled: true });
    expect(enabledFactors()).toEqual([]);
    await handler.delete("email", created.outs);
    expect(enabledFactors()).toEqual(["email"]);
  });
});

describe("MfaFactor drift", () => {
  it("a factor switched by hand is read back and diff reports it", async () => {
    const created = await createFactor({ factor: "sms" });
    tenant().seedMfa({ factors: { sms: { enabled: false, trialExpired: true } } });
    const read = await handler.read("sms", created.outs);
    expect(read.props).toEqual({ ...created.outs, enabled: false, trialExpired: true });
    expect(read.inputs).toEqual({ factor: "sms", enabled: false });
    await expect(handler.diff("sms", read.props, { factor: "sms" })).resolves.toMatchObject({ changes: true, diffs: ["enabled"] });
  });
});

describe("MfaFactor get and import", () => {
  it("reads a factor by its name with nothing to restore, and delete then leaves it", async () => {
    tenant().seedMfa({ factors: { duo: { enabled: true, trialExpired: true } } });
    const read = await handler.read("duo", { __provider: "serialized provider" });
    expect(read).toEqual({
      id: "duo",
      props: { factor: "duo", enabled: true, trialExpired: true, previousEnabled: null, tenantDomain: tenantHostOf(tenant()), schemaVersion: 1 },
      inputs: { factor: "duo", enabled: true },
    });
    const before = apiRequests(tenant());
    await handler.delete("duo", read.props);
    expect(apiRequests(tenant())).toBe(before);
    expect(enabledFactors()).toEqual(["duo"]);
  });

  it("get of an unknown name fails listing the known factors, without touching the API", async () => {
    const error = await rejectionOf(handler.read("phone", {}));
    expect(error.message).toBe(
      `MfaFactor.get("phone"): no such factor; the known factors are ${MFA_FACTOR_NAMES.map((name) => `"${name}"`).join(", ")}.`,
    );
    expect(apiRequests(tenant())).toBe(0);
  });

  it("state recorded for another tenant is refused on refresh, update and delete, without touching the API", async () => {
    const outs = { factor: "sms", enabled: true, trialExpired: false, previousEnabled: false, tenantDomain: "other-tenant.example.com", schemaVersion: 1 };
    for (const call of [handler.read("sms", outs), handler.update("sms", outs, { factor: "sms" }), handler.delete("sms", outs)]) {
      const error = await rejectionOf(call);
      expect(error.message).toBe(
        `MfaFactor "sms" belongs to another tenant ("other-tenant.example.com") than the configured one ("${tenantHostOf(tenant())}"). ` +
          "Point the resource at that tenant (tenant:domain or an explicit Provider).",
      );
    }
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("MfaFactor check", () => {
  it.each([
    [{}, [{ property: "factor", reason: `is required; must be one of ${MFA_FACTOR_NAMES.map((name) => `"${name}"`).join(", ")}` }]],
    [{ factor: "phone" }, [{ property: "factor", reason: `must be one of ${MFA_FACTOR_NAMES.map((name) => `"${name}"`).join(", ")}` }]],
    [{ factor: "sms", enabled: "yes" }, [{ property: "enabled", reason: "must be a boolean" }]],
    // Named in the reason: the engine would print an undeclared input's value, which may be a secret.
    [{ factor: "sms", on: true }, [{ property: "", reason: "on unknown property; allowed: factor, enabled" }]],
  ])("%j fails before any call", async (news, failures) => {
    expect((await handler.check({}, news)).failures).toEqual(failures);
    expect(apiRequests(tenant())).toBe(0);
  });

  it("accepts unknowns in preview and reports a change", async () => {
    expect((await handler.check({}, { factor: UNKNOWN, enabled: UNKNOWN })).failures).toEqual([]);
    const outs = { factor: "sms", enabled: true, trialExpired: false, previousEnabled: false, tenantDomain: "x", schemaVersion: 1 };
    await expect(handler.diff("sms", outs, { factor: "sms", enabled: UNKNOWN })).resolves.toMatchObject({ changes: true });
  });
});

describe("MfaFactor calls", () => {
  it("three factors refreshed make three GETs of the list: nothing is shared or cached between resources", async () => {
    const created = [];
    for (const factor of ["sms", "otp", "email"]) created.push(await createFactor({ factor }));
    const before = tenant().count("GET", "/api/v2/guardian/factors");
    for (const { id, outs } of created) await handler.read(id, outs);
    expect(tenant().count("GET", "/api/v2/guardian/factors") - before).toBe(3);
  });

  it("a 429 on the factor list is waited out, and create still makes one PUT", async () => {
    tenant().injectFault({ method: "GET", path: "/api/v2/guardian/factors", count: 1, kind: "429", resetSeconds: 1 });
    const created = await createFactor({ factor: "otp" });
    expect(created.outs).toMatchObject({ enabled: true, previousEnabled: false });
    const calls = tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
    expect(calls).toEqual(["GET /api/v2/guardian/factors 429", "GET /api/v2/guardian/factors 200", "PUT /api/v2/guardian/factors/otp 200"]);
  });
});
