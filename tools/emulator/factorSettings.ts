// The rest of the MFA settings (api-wire §11): Duo's keys, the two WebAuthn factors' options, the push factor's
// custom app, the tenant's MFA session settings, and the phone and email one-time-code settings. The stored records
// keep Duo's secret key as sent; the routes (routes/factorSettings.ts) decide what the API shows of each.

/** Duo's integration: each key absent until written (a tenant never configured was never recorded: `{}`). */
export interface StoredDuo {
  ikey?: string;
  skey?: string;
  host?: string;
}

export type UserVerification = "discouraged" | "preferred" | "required";
export const USER_VERIFICATIONS: readonly UserVerification[] = ["discouraged", "preferred", "required"];

/** A WebAuthn factor's options, camelCase as on the wire; the platform factor has no `userVerification`. */
export interface StoredWebAuthn {
  userVerification?: UserVerification;
  overrideRelyingParty: boolean;
  relyingPartyIdentifier?: string;
}

export type WebAuthnFactor = "webauthn-roaming" | "webauthn-platform";

/** The push factor's own app: each field absent until written (the recorded first read was `{}`). */
export interface StoredCustomApp {
  app_name?: string;
  apple_app_link?: string;
  google_app_link?: string;
}

export interface StoredGuardianSettings {
  display_remember_me_checkbox: boolean;
  remember_me_default_value: boolean;
  mfa_session_inactivity_timeout: number;
  mfa_session_overall_timeout: number;
}

export interface StoredOtpSettings {
  otp_length: number;
  otp_expiration_time: number;
}

export type OtpFactor = "phone" | "email";

/** The documented defaults (never read on a fresh tenant: the emulator's choice). */
const defaultGuardianSettings = (): StoredGuardianSettings => ({
  display_remember_me_checkbox: true,
  remember_me_default_value: false,
  mfa_session_inactivity_timeout: 604_800,
  mfa_session_overall_timeout: 2_592_000,
});
const defaultOtp = (): StoredOtpSettings => ({ otp_length: 6, otp_expiration_time: 300 });

export class FactorSettings {
  duo: StoredDuo = {};
  /** Roaming as the first read of the 2026 run found it; platform as every recording. */
  webauthn: Record<WebAuthnFactor, StoredWebAuthn> = FactorSettings.freshWebAuthn();
  customApp: StoredCustomApp = {};
  guardian: StoredGuardianSettings = defaultGuardianSettings();
  otp: Record<OtpFactor, StoredOtpSettings> = { phone: defaultOtp(), email: defaultOtp() };

  private static freshWebAuthn(): Record<WebAuthnFactor, StoredWebAuthn> {
    return {
      "webauthn-roaming": { userVerification: "discouraged", overrideRelyingParty: false },
      "webauthn-platform": { overrideRelyingParty: false },
    };
  }

  /** A fresh tenant. */
  clear(): void {
    this.duo = {};
    this.webauthn = FactorSettings.freshWebAuthn();
    this.customApp = {};
    this.guardian = defaultGuardianSettings();
    this.otp = { phone: defaultOtp(), email: defaultOtp() };
  }

  /** For /__emulator/state: what is set, Duo's secret key only as whether one is held. */
  snapshot(): Record<string, unknown> {
    const { skey, ...duo } = this.duo;
    return {
      duo: { ...duo, has_skey: skey !== undefined },
      webauthn: structuredClone(this.webauthn),
      customApp: { ...this.customApp },
      guardian: { ...this.guardian },
      otp: structuredClone(this.otp),
    };
  }
}
