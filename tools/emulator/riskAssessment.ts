// Adaptive MFA's risk assessment (api-wire §12.1): whether it is on and how many days a new device is remembered,
// plus two switches of the emulated tenant: whether it holds the Adaptive MFA add-on, and whether the
// `confidence-score` MFA policy turns risk assessment on (a user's report, never recorded; see the README).

/** `entitled`: the tenant holds the add-on. Otherwise the errorCode its 403 refusals carry. */
export const ADAPTIVE_MFA_ENTITLEMENTS = ["entitled", "insufficient_entitlement", "not_entitled"] as const;
export type AdaptiveMfaEntitlement = (typeof ADAPTIVE_MFA_ENTITLEMENTS)[number];

/** `remember_for`'s documented range, in days. */
export const REMEMBER_FOR_MIN = 1;
export const REMEMBER_FOR_MAX = 365;

/** GET/PATCH /risk-assessments/settings. */
export interface StoredRiskAssessment {
  enabled: boolean;
}

/** GET/PATCH /risk-assessments/settings/new-device. */
export interface StoredNewDevice {
  remember_for: number;
}

/** The tenant's switches as it starts and as a reset puts them back (the emulator's options). */
export interface RiskAssessmentSwitches {
  entitlement: AdaptiveMfaEntitlement;
  confidenceScoreSideEffect: boolean;
}

/** What the seeding controls set; anything left out keeps its current value. */
export interface RiskAssessmentSeed {
  enabled?: boolean;
  /** Whole days, 1–365. */
  rememberFor?: number;
  entitlement?: AdaptiveMfaEntitlement;
  /** Whether a PUT of the `confidence-score` policy turns risk assessment on. */
  confidenceScoreSideEffect?: boolean;
}

const isEntitlement = (value: unknown): value is AdaptiveMfaEntitlement =>
  typeof value === "string" && (ADAPTIVE_MFA_ENTITLEMENTS as readonly string[]).includes(value);

/** A seed from JSON (the control's body), or what is wrong with it. */
export function parseRiskAssessmentSeed(value: unknown): RiskAssessmentSeed | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "the body must be an object";
  const { enabled, rememberFor, entitlement, confidenceScoreSideEffect, ...extra } = value as Record<string, unknown>;
  if (Object.keys(extra).length > 0) return `unknown fields: ${Object.keys(extra).join(", ")}`;
  if (enabled !== undefined && typeof enabled !== "boolean") return "enabled must be a boolean";
  const wholeDays = typeof rememberFor === "number" && Number.isInteger(rememberFor);
  if (rememberFor !== undefined && (!wholeDays || (rememberFor as number) < REMEMBER_FOR_MIN || (rememberFor as number) > REMEMBER_FOR_MAX)) {
    return `rememberFor must be a whole number of days from ${REMEMBER_FOR_MIN} to ${REMEMBER_FOR_MAX}`;
  }
  if (entitlement !== undefined && !isEntitlement(entitlement)) return `entitlement must be one of ${ADAPTIVE_MFA_ENTITLEMENTS.join(", ")}`;
  if (confidenceScoreSideEffect !== undefined && typeof confidenceScoreSideEffect !== "boolean") return "confidenceScoreSideEffect must be a boolean";
  return value as RiskAssessmentSeed;
}

/** Throws on switches that are not valid (startEmulator's options). */
export function checkRiskAssessmentSwitches(switches: Partial<RiskAssessmentSwitches>): void {
  if (switches.entitlement !== undefined && !isEntitlement(switches.entitlement)) {
    throw new Error(`adaptiveMfa must be one of ${ADAPTIVE_MFA_ENTITLEMENTS.join(", ")}, got ${String(switches.entitlement)}`);
  }
  if (switches.confidenceScoreSideEffect !== undefined && typeof switches.confidenceScoreSideEffect !== "boolean") {
    throw new Error("confidenceScoreSideEffect must be a boolean");
  }
}

export const DEFAULT_RISK_ASSESSMENT_SWITCHES: Readonly<RiskAssessmentSwitches> = { entitlement: "entitled", confidenceScoreSideEffect: true };

export class RiskAssessment {
  /** Off on a fresh tenant (two untouched tenants recorded). */
  settings: StoredRiskAssessment = { enabled: false };
  /** 30 days on a fresh tenant (recorded; the SDK's test says "Default value is 30 days"). */
  newDevice: StoredNewDevice = { remember_for: 30 };
  entitlement: AdaptiveMfaEntitlement = "entitled";
  confidenceScoreSideEffect = true;

  constructor(private readonly startSwitches: Readonly<RiskAssessmentSwitches> = DEFAULT_RISK_ASSESSMENT_SWITCHES) {
    this.clear();
  }

  /** A fresh tenant, with the switches the emulator was started with. */
  clear(): void {
    this.settings = { enabled: false };
    this.newDevice = { remember_for: 30 };
    this.entitlement = this.startSwitches.entitlement;
    this.confidenceScoreSideEffect = this.startSwitches.confidenceScoreSideEffect;
  }

  /** Applies a seed; throws on a bad one (the control answers 400 before calling this). */
  seed(seed: RiskAssessmentSeed): void {
    const parsed = parseRiskAssessmentSeed(seed);
    if (typeof parsed === "string") throw new Error(`seedRiskAssessment: ${parsed}`);
    if (parsed.enabled !== undefined) this.settings.enabled = parsed.enabled;
    if (parsed.rememberFor !== undefined) this.newDevice.remember_for = parsed.rememberFor;
    if (parsed.entitlement !== undefined) this.entitlement = parsed.entitlement;
    if (parsed.confidenceScoreSideEffect !== undefined) this.confidenceScoreSideEffect = parsed.confidenceScoreSideEffect;
  }

  /**
   * A PUT of the `confidence-score` policy was applied. Modelled on a user's report, never recorded
   * (auth0/terraform-provider-auth0#851, 2023): the policy turns risk assessment on, and changing the policy back
   * leaves it on.
   */
  confidenceScorePolicyApplied(): void {
    if (this.confidenceScoreSideEffect) this.settings.enabled = true;
  }

  /** What the seeding controls read back, in their own shape. */
  snapshot(): Required<RiskAssessmentSeed> {
    return {
      enabled: this.settings.enabled,
      rememberFor: this.newDevice.remember_for,
      entitlement: this.entitlement,
      confidenceScoreSideEffect: this.confidenceScoreSideEffect,
    };
  }
}
