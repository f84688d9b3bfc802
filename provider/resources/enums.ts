/**
 * The allowed values of every enumerated property, each list written once. The definitions validate with
 * them, the handlers test against them, and the package exports them with their literal types. No zod here:
 * this module is part of the public typings.
 */

/** Push-notification providers the tenant's MFA can use (PushProviderSelection `provider`). */
export const PUSH_PROVIDER_NAMES = ["guardian", "sns", "direct"] as const;
/** One push-notification provider, as the resource arguments accept it. */
export type PushProviderName = (typeof PUSH_PROVIDER_NAMES)[number];

/** Phone provider kinds (PhoneProvider `name`). */
export const PHONE_PROVIDER_NAMES = ["vendor_a", "custom"] as const;
/** One phone provider kind, as the resource arguments accept it. */
export type PhoneProviderName = (typeof PHONE_PROVIDER_NAMES)[number];

/** How a phone provider delivers messages (PhoneProvider `configuration.deliveryMethods`). */
export const DELIVERY_METHODS = ["text", "voice"] as const;
/** One delivery method, as the resource arguments accept it. */
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
/** One enrollment factor, as the resource arguments accept it. */
export type EnrollmentFactor = (typeof ENROLLMENT_FACTORS)[number];

function isOneOf<Value extends string>(values: readonly Value[], candidate: unknown): candidate is Value {
  return typeof candidate === "string" && (values as readonly string[]).includes(candidate);
}

// Type guards for values that arrive as plain strings (stack config, environment, JSON): after the check,
// the value has the literal type the resource arguments require.

/** `true` when `value` is one of {@link PUSH_PROVIDER_NAMES}: usable as PushProviderSelection `provider`. */
export function isPushProviderName(value: unknown): value is PushProviderName {
  return isOneOf(PUSH_PROVIDER_NAMES, value);
}

/** `true` when `value` is one of {@link PHONE_PROVIDER_NAMES}: usable as PhoneProvider `name`. */
export function isPhoneProviderName(value: unknown): value is PhoneProviderName {
  return isOneOf(PHONE_PROVIDER_NAMES, value);
}

/** `true` when `value` is one of {@link DELIVERY_METHODS}: usable in PhoneProvider `configuration.deliveryMethods`. */
export function isDeliveryMethod(value: unknown): value is DeliveryMethod {
  return isOneOf(DELIVERY_METHODS, value);
}

/** `true` when `value` is one of {@link ENROLLMENT_FACTORS}: usable as EnrollmentTicket `factor`. */
export function isEnrollmentFactor(value: unknown): value is EnrollmentFactor {
  return isOneOf(ENROLLMENT_FACTORS, value);
}
