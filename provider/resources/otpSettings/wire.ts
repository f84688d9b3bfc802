/**
 * A factor's one-time-code settings on the wire and the translations (`otp_length` ↔ `otpLength`,
 * `otp_expiration_time` ↔ `otpExpirationTime`). The only place that maps them, and the factor to its path: the phone
 * factor, `"sms"` as `MfaFactor` names it, is `…/phone/settings` (the deprecated `…/sms/…` paths answer 403).
 */
import { z } from "zod";

/** `"sms"` → `/guardian/factors/phone/settings`; `"email"` → `/guardian/factors/email/settings`. */
export function otpSettingsPath(factor: string): string {
  return `/guardian/factors/${factor === "sms" ? "phone" : encodeURIComponent(factor)}/settings`;
}

/** The GET's and the PUT's answer: both fields. */
export const otpSettingsResponse = z.object({ otp_length: z.number(), otp_expiration_time: z.number() });
export type OtpSettingsResponse = z.infer<typeof otpSettingsResponse>;
export type OtpSettingsRequest = OtpSettingsResponse;

export interface OtpSettingValues {
  otpLength: number;
  otpExpirationTime: number;
}

export function expandOtpSettings(values: OtpSettingValues): OtpSettingsRequest {
  return { otp_length: values.otpLength, otp_expiration_time: values.otpExpirationTime };
}

export function flattenOtpSettings(response: OtpSettingsResponse): OtpSettingValues {
  return { otpLength: response.otp_length, otpExpirationTime: response.otp_expiration_time };
}
