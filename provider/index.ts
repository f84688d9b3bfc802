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
export { EventStream, type EventStreamArgs } from "./resources/eventStream/resource";
export {
  DELIVERY_METHODS,
  ENROLLMENT_FACTORS,
  PHONE_PROVIDER_NAMES,
  PUSH_PROVIDER_NAMES,
  isDeliveryMethod,
  isEnrollmentFactor,
  isPhoneProviderName,
  isPushProviderName,
  type DeliveryMethod,
  type EnrollmentFactor,
  type PhoneProviderName,
  type PushProviderName,
} from "./resources/enums";
export { Provider, type ProviderArgs } from "./provider";
export * from "./functions/getEventStreams";
