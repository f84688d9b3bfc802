/**
 * pulumi-tenant: an identity-service tenant's MFA push provider, phone provider, enrollment tickets and
 * event streams, managed with Pulumi. Resources are dynamic resources with type tokens
 * `pulumi-nodejs:dynamic/tenant:<Name>`; connection settings come from the `tenant:*` stack config,
 * `TENANT_*` environment variables, or an explicit `Provider`. The resources are those of
 * resources/registry.ts (a test keeps this list equal to it).
 */
export { PushProviderSelection, type PushProviderSelectionArgs } from "./resources/pushProviderSelection/resource";
export {
  PhoneProvider,
  type PhoneProviderArgs,
  type PhoneProviderConfiguration,
  type PhoneProviderConfigurationArgs,
  type PhoneProviderCredentialsArgs,
} from "./resources/phoneProvider/resource";
export { EnrollmentTicket, type EnrollmentTicketArgs } from "./resources/enrollmentTicket/resource";
export { MfaFactor, type MfaFactorArgs } from "./resources/mfaFactor/resource";
export { MfaPolicy, type MfaPolicyArgs } from "./resources/mfaPolicy/resource";
export { PhoneMessageTypes, type PhoneMessageTypesArgs } from "./resources/phoneMessageTypes/resource";
export { SnsPushProvider, type SnsPushProviderArgs } from "./resources/snsPushProvider/resource";
export { ApnsPushProvider, type ApnsPushProviderArgs } from "./resources/apnsPushProvider/resource";
export { FcmPushProvider, type FcmPushProviderArgs } from "./resources/fcmPushProvider/resource";
export { EventStream, type EventStreamArgs } from "./resources/eventStream/resource";
export {
  DELIVERY_METHODS,
  ENROLLMENT_FACTORS,
  MFA_FACTOR_NAMES,
  MFA_POLICY_NAMES,
  PHONE_MESSAGE_TYPES,
  PHONE_PROVIDER_NAMES,
  PUSH_PROVIDER_NAMES,
  isDeliveryMethod,
  isEnrollmentFactor,
  isMfaFactorName,
  isMfaPolicyName,
  isPhoneMessageType,
  isPhoneProviderName,
  isPushProviderName,
  type DeliveryMethod,
  type EnrollmentFactor,
  type MfaFactorName,
  type MfaPolicyName,
  type PhoneMessageType,
  type PhoneProviderName,
  type PushProviderName,
} from "./resources/enums";
export { Provider, type ProviderArgs } from "./provider";
export * from "./functions/getEventStreams";
