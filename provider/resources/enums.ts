/**
 * The allowed values of every enumerated property, each list written once. The definitions validate with
 * them, the handlers test against them, and the package exports them with their literal types. No zod here:
 * this module is part of the public typings.
 */

/** Push-notification providers the tenant's MFA can use (PushProviderSelection `provider`). */
export const PUSH_PROVIDER_NAMES = ["guardian", "sns", "direct"] as const;
export type PushProviderName = (typeof PUSH_PROVIDER_NAMES)[number];

/** Phone provider kinds (PhoneProvider `name`). */
export const PHONE_PROVIDER_NAMES = ["vendor_a", "custom"] as const;
export type PhoneProviderName = (typeof PHONE_PROVIDER_NAMES)[number];

/** How a phone provider delivers messages (PhoneProvider `configuration.deliveryMethods`). */
export const DELIVERY_METHODS = ["text", "voice"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Factors an enrollment ticket can require (EnrollmentTicket `factor`). */
export const ENROLLMENT_FACTORS = [
  "push-notification",
  "phone",
  "email",
  "otp",
  "webauthn-roaming",
  "webauthn-platform",
] as const;
export type EnrollmentFactor = (typeof ENROLLMENT_FACTORS)[number];

function isOneOf<Value extends string>(values: readonly Value[], candidate: unknown): candidate is Value {
  return typeof candidate === "string" && (values as readonly string[]).includes(candidate);
}

export function isPushProviderName(value: unknown): value is PushProviderName {
  return isOneOf(PUSH_PROVIDER_NAMES, value);
}
