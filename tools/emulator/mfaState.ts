// The tenant's MFA settings: the eight guardian factors, the MFA policy and the phone factor's message types.
// A fresh tenant has every factor off, no policy, and SMS as the phone factor's message type.

export const MFA_FACTORS = [
  "sms",
  "push-notification",
  "otp",
  "email",
  "duo",
  "webauthn-roaming",
  "webauthn-platform",
  "recovery-code",
] as const;
export type MfaFactorName = (typeof MFA_FACTORS)[number];

/** The policies are mutually exclusive: the stored array holds at most one. */
export const MFA_POLICIES = ["all-applications", "confidence-score"] as const;
export type MfaPolicyName = (typeof MFA_POLICIES)[number];

export const PHONE_MESSAGE_TYPES = ["sms", "voice"] as const;
export type PhoneMessageType = (typeof PHONE_MESSAGE_TYPES)[number];

export interface StoredFactor {
  enabled: boolean;
  trial_expired: boolean;
}

/** What the seeding controls set; anything left out keeps its current value. */
export interface MfaSeed {
  /** `true`/`false`, or `{enabled, trialExpired?}` to mark a factor's trial as over. */
  factors?: Partial<Record<MfaFactorName, boolean | { enabled: boolean; trialExpired?: boolean }>>;
  /** `[]` (never required) or one policy. */
  policies?: MfaPolicyName[];
  /** Any of "sms" / "voice", `[]` included. */
  messageTypes?: PhoneMessageType[];
}

const isOneOf = <Value extends string>(values: readonly Value[], candidate: unknown): candidate is Value =>
  typeof candidate === "string" && (values as readonly string[]).includes(candidate);

/** A seed from JSON (the control's body), or what is wrong with it. */
export function parseMfaSeed(value: unknown): MfaSeed | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "the body must be an object";
  const { factors, policies, messageTypes, ...extra } = value as Record<string, unknown>;
  if (Object.keys(extra).length > 0) return `unknown fields: ${Object.keys(extra).join(", ")}`;
  if (factors !== undefined) {
    if (typeof factors !== "object" || factors === null || Array.isArray(factors)) return "factors must be an object";
    for (const [name, setting] of Object.entries(factors)) {
      if (!isOneOf(MFA_FACTORS, name)) return `unknown factor "${name}"; known: ${MFA_FACTORS.join(", ")}`;
      const asObject = setting as { enabled?: unknown; trialExpired?: unknown } | null;
      const valid =
        typeof setting === "boolean" ||
        (typeof asObject === "object" &&
          asObject !== null &&
          typeof asObject.enabled === "boolean" &&
          (asObject.trialExpired === undefined || typeof asObject.trialExpired === "boolean") &&
          Object.keys(asObject).every((key) => key === "enabled" || key === "trialExpired"));
      if (!valid) return `factors.${name} must be a boolean or {enabled: boolean, trialExpired?: boolean}`;
    }
  }
  if (policies !== undefined && (!Array.isArray(policies) || policies.length > 1 || !policies.every((p) => isOneOf(MFA_POLICIES, p)))) {
    return `policies must be [] or one of ${MFA_POLICIES.join(", ")} in an array`;
  }
  if (messageTypes !== undefined && (!Array.isArray(messageTypes) || !messageTypes.every((t) => isOneOf(PHONE_MESSAGE_TYPES, t)))) {
    return `messageTypes must be an array of ${PHONE_MESSAGE_TYPES.join(", ")}`;
  }
  return value as MfaSeed;
}

export class MfaSettings {
  readonly factors = new Map<MfaFactorName, StoredFactor>();
  policies: MfaPolicyName[] = [];
  messageTypes: PhoneMessageType[] = ["sms"];

  constructor() {
    this.clear();
  }

  clear(): void {
    for (const name of MFA_FACTORS) this.factors.set(name, { enabled: false, trial_expired: false });
    this.policies = [];
    this.messageTypes = ["sms"];
  }

  /** Applies a seed; throws on a bad one (the control answers 400 before calling this). */
  seed(seed: MfaSeed): void {
    const parsed = parseMfaSeed(seed);
    if (typeof parsed === "string") throw new Error(`seedMfa: ${parsed}`);
    for (const [name, setting] of Object.entries(parsed.factors ?? {}) as [MfaFactorName, NonNullable<MfaSeed["factors"]>[MfaFactorName]][]) {
      const current = this.factors.get(name) as StoredFactor;
      if (typeof setting === "boolean") current.enabled = setting;
      else if (setting) {
        current.enabled = setting.enabled;
        if (setting.trialExpired !== undefined) current.trial_expired = setting.trialExpired;
      }
    }
    if (parsed.policies) this.policies = [...parsed.policies];
    if (parsed.messageTypes) this.messageTypes = [...parsed.messageTypes];
  }

  /** GET /guardian/factors: one item per factor, in the service's order. */
  factorList(): { name: MfaFactorName; enabled: boolean; trial_expired: boolean }[] {
    return MFA_FACTORS.map((name) => ({ name, ...(this.factors.get(name) as StoredFactor) }));
  }

  snapshot(): Record<string, unknown> {
    return { factors: this.factorList(), policies: [...this.policies], messageTypes: [...this.messageTypes] };
  }
}
