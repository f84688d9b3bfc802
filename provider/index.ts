/**
 * pulumi-tenant: an identity-service tenant's configuration managed with Pulumi — its MFA (factors, policy, phone
 * message types, push-notification credentials and provider selection), its phone provider, enrollment tickets and
 * event streams. Resources are dynamic resources with type tokens `pulumi-nodejs:dynamic/tenant:<Name>`; connection
 * settings come from the `tenant:*` stack config, `TENANT_*` environment variables, or an explicit `Provider`.
 * Every resource of resources/registry.ts is exported, with its Args, named types and enums (generated from the
 * definitions: resources/exports.generated.ts).
 */
export * from "./resources/exports.generated";
export { Provider, type ProviderArgs } from "./provider";
export * from "./functions/getEventStreams";
export * from "./functions/getPhoneTemplates";
