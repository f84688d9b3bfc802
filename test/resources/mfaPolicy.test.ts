// MfaPolicy handlers against the emulator over real HTTP: one GET per read, restore on delete, drift, get,
// another tenant refused, validation before any call.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/mfaPolicy/handler";
import { UNKNOWN, apiRequests, rejectionOf, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const apiCalls = (): string[] =>
  tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);

async function createPolicy(policy: unknown) {
  const checked = await handler.check({}, { policy });
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

describe("MfaPolicy lifecycle", () => {
  it("create reads once then PUTs; update PUTs; read is one GET; delete puts the previous policy back", async () => {
    const created = await createPolicy("all-applications");
    expect(created.id).toBe(tenantHostOf(tenant()));
    expect(created.outs).toEqual({ policy: "all-applications", previousPolicy: "never", previousRiskAssessment: null, schemaVersion: 1 });
    expect(apiCalls()).toEqual(["GET /api/v2/guardian/policies", "PUT /api/v2/guardian/policies"]);
    expect(tenant().state.mfa.policies).toEqual(["all-applications"]);

    await expect(handler.diff(created.id, created.outs, { policy: "all-applications" })).resolves.toMatchObject({ changes: false });
    await expect(handler.diff(created.id, created.outs, { policy: "never" })).resolves.toMatchObject({ changes: true, replaces: [] });

    const updated = await handler.update(created.id, created.outs, { policy: "confidence-score" });
    expect(updated.outs).toEqual({ policy: "confidence-score", previousPolicy: "never", previousRiskAssessment: false, schemaVersion: 1 });
    expect(tenant().state.mfa.policies).toEqual(["confidence-score"]);
    expect(tenant().state.riskAssessment.settings).toEqual({ enabled: true });

    const before = apiRequests(tenant());
    const read = await handler.read(created.id, updated.outs);
    expect(read).toEqual({ id: created.id, props: updated.outs, inputs: { policy: "confidence-score" } });
    expect(apiRequests(tenant()) - before).toBe(1);

    await handler.delete(created.id, updated.outs);
    expect(tenant().state.mfa.policies).toEqual([]);
    expect(tenant().state.riskAssessment.settings).toEqual({ enabled: false });
  });

  it("a policy set before create is put back on delete; never clears it", async () => {
    tenant().seedMfa({ policies: ["confidence-score"] });
    const created = await createPolicy("never");
    expect(created.outs).toEqual({ policy: "never", previousPolicy: "confidence-score", previousRiskAssessment: null, schemaVersion: 1 });
    expect(tenant().state.mfa.policies).toEqual([]);
    await handler.delete(created.id, created.outs);
    expect(tenant().state.mfa.policies).toEqual(["confidence-score"]);
  });

  it("a policy changed by hand is drift", async () => {
    const created = await createPolicy("all-applications");
    tenant().state.mfa.policies = [];
    const read = await handler.read(created.id, created.outs);
    expect(read.props).toEqual({ policy: "never", previousPolicy: "never", previousRiskAssessment: null, schemaVersion: 1 });
    await expect(handler.diff(created.id, read.props, { policy: "all-applications" })).resolves.toMatchObject({ changes: true });
  });

  it("a recorded policy this package does not know (one the service reports that it added later) is left: delete makes no call", async () => {
    const created = await createPolicy("all-applications");
    const before = apiRequests(tenant());
    await handler.delete(created.id, { ...created.outs, previousPolicy: "risk-based" });
    expect(apiRequests(tenant())).toBe(before);
    expect(tenant().state.mfa.policies).toEqual(["all-applications"]);
  });
});

describe("MfaPolicy get, import and other tenants", () => {
  it("reads the policy by the tenant's domain with nothing to restore; delete then leaves it", async () => {
    tenant().seedMfa({ policies: ["all-applications"] });
    const read = await handler.read(tenantHostOf(tenant()), {});
    expect(read).toEqual({
      id: tenantHostOf(tenant()),
      props: { policy: "all-applications", previousPolicy: null, previousRiskAssessment: null, schemaVersion: 1 },
      inputs: { policy: "all-applications" },
    });
    const before = apiRequests(tenant());
    await handler.delete(tenantHostOf(tenant()), read.props);
    expect(apiRequests(tenant())).toBe(before);
    expect(tenant().state.mfa.policies).toEqual(["all-applications"]);
  });

  it("get of another id fails naming the tenant's domain; state of another tenant is refused; no call made", async () => {
    const error = await rejectionOf(handler.read("other-tenant.example.com", { __provider: "text" }));
    expect(error.message).toBe(
      `MfaPolicy.get("other-tenant.example.com"): the configured tenant has no policy with this id: its id is the ` +
        `tenant's domain, "${tenantHostOf(tenant())}". To read another tenant's policy, give the get an explicit ` +
        "tenant Provider for that tenant.",
    );
    const outs = { policy: "all-applications", previousPolicy: "never", schemaVersion: 1 };
    for (const call of [
      handler.read("other-tenant.example.com", outs),
      handler.update("other-tenant.example.com", outs, { policy: "never" }),
      handler.delete("other-tenant.example.com", outs),
    ]) {
      expect((await rejectionOf(call)).message).toMatch(/belongs to another tenant .* than the configured one/);
    }
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("MfaPolicy check", () => {
  it("refuses an unknown policy or a list, before any call; accepts an unknown in preview", async () => {
    expect((await handler.check({}, { policy: "always" })).failures).toEqual([
      { property: "policy", reason: 'must be one of "never", "all-applications", "confidence-score"' },
    ]);
    expect((await handler.check({}, { policy: ["all-applications"] })).failures).toHaveLength(1);
    expect((await handler.check({}, { policy: UNKNOWN })).failures).toEqual([]);
    expect(apiRequests(tenant())).toBe(0);
  });
});
