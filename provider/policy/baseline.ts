/**
 * The rules of a security baseline (advisory unless set otherwise): MFA required, more than the phone factor, codes
 * and remembered sessions no weaker than the service's defaults. Thresholds are the definitions' own defaults.
 */
import type { DeclaredResource } from "./declared";
import { KINDS } from "./definitions";
import { flagAt, named, numberAt, serviceDefault, textAt, type Finding, type ResourceRule, type StackRule } from "./rule";

/** The service's defaults: 6-digit codes valid 300 seconds, a remembered browser asked again after 30 days. */
const OTP_LENGTH = serviceDefault(KINDS.otpSettings, "otpLength");
const OTP_LIFETIME = serviceDefault(KINDS.otpSettings, "otpExpirationTime");
const SESSION_LIMIT = serviceDefault(KINDS.mfaSettings, "sessionOverallTimeout");
const SESSION_DAYS = SESSION_LIMIT / 86_400;

/** Factors that are no second factor of their own beside the phone factor: recovery codes only stand in for one. */
const NOT_A_FACTOR_BESIDE_SMS = new Set(["sms", "recovery-code"]);

export const mfaPolicyRequired: StackRule<"mfa-policy-required"> = {
  name: "mfa-policy-required",
  scope: "stack",
  level: "advisory",
  reads: [KINDS.policy, KINDS.factor],
  description:
    "MFA is required: an `MfaPolicy` other than `never`, and a stack that turns a factor on declares the policy too " +
    "(else whether MFA is asked for is left to the tenant's current policy).",
  check(tenant) {
    const policies = tenant.of(KINDS.policy);
    const findings: Finding[] = policies
      .filter((policy) => textAt(policy, "policy") === "never")
      .map((policy) => ({ urn: policy.urn, message: `${named(policy)} never requires MFA: the factors the tenant offers are never asked for.` }));
    const firstOn = tenant.of(KINDS.factor).find((factor) => flagAt(factor, "enabled") === true);
    if (policies.length === 0 && firstOn) {
      findings.push({
        urn: firstOn.urn,
        message: `${named(firstOn)} turns a factor on, but the stack declares no MfaPolicy for its tenant: whether MFA is asked for is left to the tenant's current policy, "never" on a new tenant.`,
      });
    }
    return findings;
  },
};

export const smsNotOnlyFactor: StackRule<"sms-not-only-factor"> = {
  name: "sms-not-only-factor",
  scope: "stack",
  level: "advisory",
  reads: [KINDS.factor],
  description:
    "The phone factor (`sms`: text and voice codes) is not the only factor the stack turns on: NIST SP 800-63B calls it " +
    "restricted, since a SIM swap or a forwarded message defeats it.",
  check(tenant) {
    const factors = tenant.of(KINDS.factor);
    const state = factors.map((factor) => ({ factor, name: textAt(factor, "factor"), enabled: flagAt(factor, "enabled") }));
    // One not known yet may be the stronger factor: nothing to hold against the stack.
    if (state.some(({ name, enabled }) => typeof name !== "string" || typeof enabled !== "boolean")) return [];
    const on = state.filter(({ enabled }) => enabled);
    const sms = on.find(({ name }) => name === "sms");
    if (!sms || !on.every(({ name }) => NOT_A_FACTOR_BESIDE_SMS.has(name as string))) return [];
    return [
      {
        urn: sms.factor.urn,
        message: `${named(sms.factor)} is the only factor the stack turns on for its tenant (recovery codes aside): turn on a stronger one beside it, such as otp, webauthn-roaming, webauthn-platform or push-notification.`,
      },
    ];
  },
};

export const otpCodeStrength: ResourceRule<"otp-code-strength"> = {
  name: "otp-code-strength",
  scope: "resource",
  level: "advisory",
  kind: KINDS.otpSettings,
  reads: [KINDS.otpSettings],
  description: `One-time codes have at least ${OTP_LENGTH} digits and stay valid at most ${OTP_LIFETIME} seconds, the service's defaults.`,
  check(resource: DeclaredResource) {
    const messages: string[] = [];
    const length = numberAt(resource, "otpLength");
    const lifetime = numberAt(resource, "otpExpirationTime");
    if (typeof length === "number" && length < OTP_LENGTH) {
      messages.push(`${named(resource)} makes codes shorter than ${OTP_LENGTH} digits (\`otpLength\`): fewer guesses find one.`);
    }
    if (typeof lifetime === "number" && lifetime > OTP_LIFETIME) {
      messages.push(`${named(resource)} keeps codes valid longer than ${OTP_LIFETIME} seconds (\`otpExpirationTime\`): a code seen by someone else stays usable longer.`);
    }
    return messages;
  },
};

export const mfaSessionLength: ResourceRule<"mfa-session-length"> = {
  name: "mfa-session-length",
  scope: "resource",
  level: "advisory",
  kind: KINDS.mfaSettings,
  reads: [KINDS.mfaSettings],
  description: `A browser remembered at the MFA prompt is asked again within ${SESSION_DAYS} days (\`sessionOverallTimeout\`), the service's default.`,
  check(resource: DeclaredResource) {
    const overall = numberAt(resource, "sessionOverallTimeout");
    if (typeof overall !== "number" || overall <= SESSION_LIMIT) return [];
    return [`${named(resource)} remembers a browser for longer than ${SESSION_DAYS} days (\`sessionOverallTimeout\`) before asking for MFA again.`];
  },
};

export const BASELINE_RULES = [mfaPolicyRequired, smsNotOnlyFactor, otpCodeStrength, mfaSessionLength] as const;
