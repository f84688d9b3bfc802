/** PhoneMessageTypes, declared once (see common/definition.ts for the shape). */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting } from "../common/definition";
import { strictShape } from "../common/validation";

const inputs = strictShape({
  messageTypes: property(
    z.array(z.enum(["sms", "voice"])).min(1),
    {
      set: { repeats: "refused", item: "message type" },
      exportedAs: "PhoneMessageType",
      description:
        'The message types the phone factor offers: `"sms"` and/or `"voice"`, at least one. A set: the order ' +
        "never makes a difference.",
    },
  ),
});

const outputs = z.object({
  messageTypes: property(z.array(z.string()), { description: "The message types as the service reports them.", fallback: [] }),
  previousMessageTypes: property(z.array(z.string()).nullable(), {
    description:
      "The message types the tenant had when this resource was created (possibly none), put back on delete; `null` " +
      "after `get` or an import, and delete then leaves them as they are.",
  }),
});

export const phoneMessageTypesDefinition = defineResource({
  name: "PhoneMessageTypes",
  module: "phoneMessageTypes",
  description:
    "Chooses which message types (SMS, voice) the tenant's phone MFA factor offers. The tenant has one such " +
    "setting, so the resource id is the tenant's domain and a stack should declare at most one per tenant. The " +
    "phone provider that delivers the messages is `PhoneProvider`'s; this resource never calls the deprecated phone " +
    "endpoints.\n\n" +
    "Create reads the current message types, records them as `previousMessageTypes`, and sets `messageTypes` only " +
    "when they differ; `pulumi destroy` puts them back, an empty list included, after reading the tenant (a change made by hand is undone too), with no write when the tenant holds them. Refresh is one read, so a change made outside Pulumi " +
    "shows up as drift.",
  getDescription:
    "Reads the tenant's current message types without managing them. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. This (or declaring the " +
    "resource) is the way in; `pulumi import` works only with the native `tenant` plugin, not with the TypeScript " +
    "dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The message types to offer.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "message types", record: { output: "previousMessageTypes" }, scopes: settingScopes("guardian_factors") }),
  exported: { name: { fixed: "phone-message-types" }, order: 200, dependsOn: [{ on: "PhoneProvider" }] },
});
