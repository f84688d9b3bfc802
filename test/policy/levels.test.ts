// Enforcement levels as a pack sets them in code (awsguard's way: `all`, then a rule by its name), and the rules'
// facts the README's table is made from.
import { describe, expect, it } from "vitest";
import { TENANT_MFA_RULE_INFO, TENANT_MFA_RULES, tenantMfaPolicies, type TenantMfaLevels } from "../../provider/policy";

const levelsOf = (levels?: TenantMfaLevels) => Object.fromEntries(tenantMfaPolicies(levels).map((policy) => [policy.name, policy.enforcementLevel]));

describe("tenantMfaPolicies", () => {
  it("gives every rule its default level: what cannot work mandatory, the baseline advisory", () => {
    expect(levelsOf()).toEqual({
      "phone-messages-deliverable": "mandatory",
      "push-provider-has-credentials": "mandatory",
      "mfa-required-has-factor": "mandatory",
      "factor-settings-need-factor": "mandatory",
      "push-custom-app-needs-direct": "mandatory",
      "enrollment-ticket-factor-on": "mandatory",
      "mfa-policy-required": "advisory",
      "sms-not-only-factor": "advisory",
      "otp-code-strength": "advisory",
      "mfa-session-length": "advisory",
    });
  });

  it("sets every rule with `all`, and a rule by its name over `all`", () => {
    const levels = levelsOf({ all: "mandatory", "sms-not-only-factor": "advisory", "otp-code-strength": "disabled" });
    expect(Object.entries(levels).filter(([, level]) => level !== "mandatory")).toEqual([
      ["sms-not-only-factor", "advisory"],
      ["otp-code-strength", "disabled"],
    ]);
    expect(levelsOf({ "mfa-session-length": "mandatory" })["mfa-session-length"]).toBe("mandatory");
  });

  it("refuses a name of no rule, and a level the policy SDK does not know, naming what it takes", () => {
    expect(() => tenantMfaPolicies({ "sms-only": "advisory" } as TenantMfaLevels)).toThrow(/no rule is named "sms-only"; the rules are all, phone-messages-deliverable, .*mfa-session-length/);
    expect(() => tenantMfaPolicies({ all: "warn" } as unknown as TenantMfaLevels)).toThrow(/"all" must be one of advisory, mandatory, remediate, disabled/);
  });

  it("describes each rule once, with a unique name", () => {
    expect(new Set(TENANT_MFA_RULES.map((rule) => rule.name)).size).toBe(TENANT_MFA_RULES.length);
    for (const policy of tenantMfaPolicies()) expect(policy.description).toBe(TENANT_MFA_RULE_INFO.find((info) => info.name === policy.name)?.description);
    expect(TENANT_MFA_RULE_INFO.find((info) => info.name === "otp-code-strength")).toEqual({
      name: "otp-code-strength",
      description: "One-time codes have at least 6 digits and stay valid at most 300 seconds, the service's defaults.",
      defaultLevel: "advisory",
      reads: ["OtpSettings"],
      judges: "resource",
    });
  });
});
