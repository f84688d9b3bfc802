// Two tenants from one program: each explicit Provider carries its own connection settings, and every
// resource or data function that should talk to a tenant names it with `{ provider }`.
//
//   pulumi config set stagingDomain staging-tenant.example.com
//   pulumi config set --secret stagingClientSecret …   (and the same for production)
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const config = new pulumi.Config();

function tenantProvider(stage: string): tenant.Provider {
  return new tenant.Provider(stage, {
    domain: config.require(`${stage}Domain`),
    clientId: config.require(`${stage}ClientId`),
    clientSecret: config.requireSecret(`${stage}ClientSecret`),
  });
}

const staging = tenantProvider("staging");
const production = tenantProvider("production");

// Staging tries the direct provider; production stays on the service's own.
const stagingPush = new tenant.PushProviderSelection("staging-push", { provider: "direct" }, { provider: staging });
const productionPush = new tenant.PushProviderSelection("production-push", { provider: "guardian" }, { provider: production });

export const stagingPushProvider = stagingPush.provider;
export const productionPushProvider = productionPush.provider;
export const stagingStreams = tenant
  .getEventStreamsOutput({}, { provider: staging })
  .eventStreams.apply((s) => s.length);
export const productionStreams = tenant
  .getEventStreamsOutput({}, { provider: production })
  .eventStreams.apply((s) => s.length);
