/**
 * pulumi-tenant: an identity-service tenant's MFA push provider, phone provider, enrollment tickets and
 * event streams, managed with Pulumi. Resources are dynamic resources with type tokens
 * `pulumi-nodejs:dynamic/tenant:<Name>`; connection settings come from the `tenant:*` stack config,
 * `TENANT_*` environment variables, or an explicit `Provider`.
 */
export { PushProviderSelection, type PushProviderSelectionArgs } from "./resources/pushProviderSelection/resource";
export {
  PhoneProvider,
  type PhoneProviderArgs,
  type PhoneProviderConfiguration,
  type PhoneProviderConfigurationArgs,
  type PhoneProviderCredentialsArgs,
} from "./resources/phoneProvider/resource";
export { EnrollmentTicket, type EnrollmentTicketArgs, type EnrollmentFactor } from "./resources/enrollmentTicket/resource";
export { Provider, type ProviderArgs } from "./provider";
export * from "./functions/getEventStreams";
