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

/** The tenant's MFA factors (MfaFactor `factor`). The phone factor is `sms` here; an enrollment ticket calls it `phone`. */
export const MFA_FACTOR_NAMES = [
  "sms",
  "push-notification",
  "otp",
  "email",
  "duo",
  "webauthn-roaming",
  "webauthn-platform",
  "recovery-code",
] as const;
/** One MFA factor, as the resource arguments accept it. */
export type MfaFactorName = (typeof MFA_FACTOR_NAMES)[number];

/** When MFA is required (MfaPolicy `policy`): `never` is the API's empty policy list. */
export const MFA_POLICY_NAMES = ["never", "all-applications", "confidence-score"] as const;
/** One MFA policy, as the resource arguments accept it. */
export type MfaPolicyName = (typeof MFA_POLICY_NAMES)[number];

/** The message types the phone factor can offer (PhoneMessageTypes `messageTypes`). */
export const PHONE_MESSAGE_TYPES = ["sms", "voice"] as const;
/** One phone message type, as the resource arguments accept it. */
export type PhoneMessageType = (typeof PHONE_MESSAGE_TYPES)[number];

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

/** `true` when `value` is one of {@link MFA_FACTOR_NAMES}: usable as MfaFactor `factor`. */
export function isMfaFactorName(value: unknown): value is MfaFactorName {
  return isOneOf(MFA_FACTOR_NAMES, value);
}

/** `true` when `value` is one of {@link MFA_POLICY_NAMES}: usable as MfaPolicy `policy`. */
export function isMfaPolicyName(value: unknown): value is MfaPolicyName {
  return isOneOf(MFA_POLICY_NAMES, value);
}

/** `true` when `value` is one of {@link PHONE_MESSAGE_TYPES}: usable in PhoneMessageTypes `messageTypes`. */
export function isPhoneMessageType(value: unknown): value is PhoneMessageType {
  return isOneOf(PHONE_MESSAGE_TYPES, value);
}
