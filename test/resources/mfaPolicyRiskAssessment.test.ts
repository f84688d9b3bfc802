// The `confidence-score` MfaPolicy's side effect on risk assessment (the emulator models a user's report: a PUT of
// that policy turns risk assessment on). The policy records risk assessment before the write that sets it, and destroy
// puts it back after the policy; without the scopes for it, or from a state of an earlier version, it says what stays
// and the command that does it by hand.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/mfaPolicy/handler";
import { configureRequest, createChecked, stderrOf, tenantConfig, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const POLICIES = "/api/v2/guardian/policies";
const RISK = "/api/v2/risk-assessments/settings";
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const callsSince = (before: number): string[] => apiCalls().slice(before);
const riskOn = () => tenant().state.riskAssessment.settings.enabled;

/** Runs `work` as a client holding only `scopes`, then configures the full client again. */
async function withScopes<T>(scopes: string[], work: () => Promise<T>): Promise<T> {
  const token = await tenant().issueToken("resources-test-client", { scopes });
  await handler.configure(configureRequest({ "tenant:domain": tenant().url, "tenant:apiToken": token }));
  try {
    return await work();
  } finally {
    await handler.configure(configureRequest(tenantConfig(tenant())));
  }
}

const POLICY_SCOPES = ["read:mfa_policies", "update:mfa_policies"];
const BY_HAND = `curl -X PATCH "URL/api/v2/risk-assessments/settings" -H "Authorization: Bearer <token>" -H "Content-Type: application/json" -d '{"enabled":false}'`;

afterEach(() => vi.restoreAllMocks());

describe("a confidence-score MfaPolicy and risk assessment", () => {
  it("create records risk assessment before setting the policy; destroy puts the policy back, then risk assessment", async () => {
    const made = await createChecked(handler, { policy: "confidence-score" });
    expect(apiCalls()).toEqual([`GET ${POLICIES}`, `GET ${RISK}`, `PUT ${POLICIES}`]);
    expect(made.outs).toEqual({ policy: "confidence-score", previousPolicy: "never", previousRiskAssessment: false, schemaVersion: 1 });
    expect(riskOn()).toBe(true);

    // Refresh and an idle diff keep the record, with no call to risk assessment.
    const before = apiCalls().length;
    const read = await handler.read(made.id, made.outs);
    expect(read.props).toEqual(made.outs);
    expect(callsSince(before)).toEqual([`GET ${POLICIES}`]);

    const beforeDelete = apiCalls().length;
    await handler.delete(made.id, read.props);
    expect(callsSince(beforeDelete)).toEqual([`GET ${POLICIES}`, `PUT ${POLICIES}`, `GET ${RISK}`, `PATCH ${RISK}`]);
    expect(tenant().state.mfa.policies).toEqual([]);
    expect(riskOn()).toBe(false);
  });

  it("risk assessment on before the policy stays on after destroy, with no write to it", async () => {
    tenant().seedRiskAssessment({ enabled: true });
    const made = await createChecked(handler, { policy: "confidence-score" });
    expect(made.outs).toMatchObject({ previousRiskAssessment: true });
    const before = apiCalls().length;
    await handler.delete(made.id, made.outs);
    expect(callsSince(before)).toEqual([`GET ${POLICIES}`, `PUT ${POLICIES}`]);
    expect(riskOn()).toBe(true);
  });

  it("a policy the tenant already had, or another policy, records nothing and leaves risk assessment alone", async () => {
    tenant().seedMfa({ policies: ["confidence-score"] });
    const adopted = await createChecked(handler, { policy: "confidence-score" });
    const other = await createChecked(handler, { policy: "all-applications" });
    expect([adopted.outs?.previousRiskAssessment, other.outs?.previousRiskAssessment]).toEqual([null, null]);
    await handler.delete(adopted.id, adopted.outs);
    expect(apiCalls().filter((call) => call.endsWith(RISK))).toEqual([]);
  });

  it("an update to confidence-score records it then, and keeps that record through later updates", async () => {
    const made = await createChecked(handler, { policy: "all-applications" });
    const scored = await handler.update(made.id, made.outs, { policy: "confidence-score" });
    expect(scored.outs).toMatchObject({ previousRiskAssessment: false });
    const back = await handler.update(made.id, scored.outs, { policy: "never" });
    expect(back.outs).toMatchObject({ policy: "never", previousRiskAssessment: false });
    // The policy changed back leaves risk assessment on (the service's behaviour); destroy puts it back.
    expect(riskOn()).toBe(true);
    await handler.delete(made.id, back.outs);
    expect(riskOn()).toBe(false);
  });

  it("without read:attack_protection, create says it cannot record, and destroy names the scopes and the command", async () => {
    const made = await withScopes(POLICY_SCOPES, async () => {
      let resource: Awaited<ReturnType<typeof createChecked>> | undefined;
      const printed = await stderrOf(async () => (resource = await createChecked(handler, { policy: "confidence-score" })));
      expect(printed).toContain("the client lacks read:attack_protection and update:attack_protection to record it first");
      return resource!;
    });
    expect(made.outs).toMatchObject({ policy: "confidence-score", previousRiskAssessment: null });
    const printed = await withScopes(POLICY_SCOPES, () => stderrOf(() => handler.delete(made.id, made.outs)));
    expect(printed).toContain(
      `MfaPolicy with id "${tenantHostOf(tenant())}" was removed from the stack; risk assessment, which its "confidence-score" policy turned on, ` +
        "stays as the tenant holds it: what it was before was not recorded (the client lacked read:attack_protection and update:attack_protection, " +
        `or the state is from an earlier version). If it was off, turn it off by hand: ${BY_HAND.replace("URL", tenant().url)}`,
    );
    expect(tenant().state.mfa.policies).toEqual([]);
    expect(riskOn()).toBe(true);
  });

  it("risk assessment turned on by hand after the policy's record of it being on is left: the policy undoes only what it turned on", async () => {
    tenant().seedRiskAssessment({ enabled: true });
    const made = await createChecked(handler, { policy: "confidence-score" });
    // A RiskAssessmentSettings of the stack (or a hand) turns it off; the policy, recorded as finding it on, leaves that.
    tenant().seedRiskAssessment({ enabled: false });
    await handler.delete(made.id, made.outs);
    expect(riskOn()).toBe(false);
  });

  it("recorded, but the scopes gone by destroy: the policy is put back, and the warning says how to put risk assessment back", async () => {
    const made = await createChecked(handler, { policy: "confidence-score" });
    const printed = await withScopes(POLICY_SCOPES, () => stderrOf(() => handler.delete(made.id, made.outs)));
    expect(printed).toContain(`risk assessment, which its "confidence-score" policy turned on, was not put back off: the client lacks read:attack_protection`);
    expect(printed).toContain(BY_HAND.replace("URL", tenant().url));
    expect(tenant().state.mfa.policies).toEqual([]);
    expect(riskOn()).toBe(true);
  });

  it("a state of an earlier version (no record) reads, refreshes and destroys: the policy put back, risk assessment left, said so", async () => {
    tenant().seedMfa({ policies: ["confidence-score"] });
    tenant().seedRiskAssessment({ enabled: true });
    const earlier = { policy: "confidence-score", previousPolicy: "never", schemaVersion: 1 };
    const read = await handler.read(tenantHostOf(tenant()), earlier);
    expect(read.props).toEqual({ ...earlier, previousRiskAssessment: null });
    const printed = await stderrOf(() => handler.delete(tenantHostOf(tenant()), earlier));
    expect(printed).toContain("what it was before was not recorded");
    expect(tenant().state.mfa.policies).toEqual([]);
    expect(riskOn()).toBe(true);
  });
});
