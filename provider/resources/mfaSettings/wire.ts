/**
 * The tenant's MFA settings on the wire (`/guardian/settings`, snake_case, the session timeouts prefixed `mfa_`)
 * and the translations: `expand` (the four settings → the PUT's body, which the service takes whole) and `flatten`
 * (an answer → outputs). The only place that maps them.
 */
import { z } from "zod";

export const GUARDIAN_SETTINGS_PATH = "/guardian/settings";

/** The GET's and the PUT's answer: all four, always (the generated clients mark them required). */
export const guardianSettingsResponse = z.object({
  display_remember_me_checkbox: z.boolean(),
  remember_me_default_value: z.boolean(),
  mfa_session_inactivity_timeout: z.number(),
  mfa_session_overall_timeout: z.number(),
});
export type GuardianSettingsResponse = z.infer<typeof guardianSettingsResponse>;
export type GuardianSettingsRequest = GuardianSettingsResponse;

export interface MfaSettingValues {
  displayRememberMeCheckbox: boolean;
  rememberMeDefaultValue: boolean;
  sessionInactivityTimeout: number;
  sessionOverallTimeout: number;
}

export function expandMfaSettings(values: MfaSettingValues): GuardianSettingsRequest {
  return {
    display_remember_me_checkbox: values.displayRememberMeCheckbox,
    remember_me_default_value: values.rememberMeDefaultValue,
    mfa_session_inactivity_timeout: values.sessionInactivityTimeout,
    mfa_session_overall_timeout: values.sessionOverallTimeout,
  };
}

export function flattenMfaSettings(response: GuardianSettingsResponse): MfaSettingValues {
  return {
    displayRememberMeCheckbox: response.display_remember_me_checkbox,
    rememberMeDefaultValue: response.remember_me_default_value,
    sessionInactivityTimeout: response.mfa_session_inactivity_timeout,
    sessionOverallTimeout: response.mfa_session_overall_timeout,
  };
}
