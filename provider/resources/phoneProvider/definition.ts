/** PhoneProvider, declared once (see common/definition.ts for the shape). Rules that depend on `name` are in rules.ts. */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, type InputsOf, type StoredOutputs } from "../common/definition";
import { strictShape } from "../common/validation";
import { phoneProviderRules } from "./rules";

const VENDOR_ONLY = '(`"vendor_a"` only); give exactly one of `defaultFrom` and `mssid`.';

const credentialsInput = strictShape({
  authToken: property(z.string().min(1).optional(), {
    description: 'The vendor\'s auth token, at least 4 characters; required for `"vendor_a"`. Never returned by the API; secret in state.',
    writeOnly: true,
  }),
});

const configurationInput = strictShape({
  sid: property(z.string().min(1).optional(), {
    description: 'The vendor account SID; required for `"vendor_a"`, not accepted for `"custom"`.',
  }),
  deliveryMethods: property(z.array(z.enum(["text", "voice"])).min(1).optional(), {
    description: 'How messages are delivered: `"text"` and/or `"voice"`, at least one; required for `"vendor_a"`.',
    typeName: "DeliveryMethod",
    exportedAs: "DeliveryMethod",
    set: { repeats: "counted" },
  }),
  defaultFrom: property(z.string().min(1).optional(), { description: `The sender phone number ${VENDOR_ONLY}` }),
  mssid: property(z.string().min(1).optional(), { description: `The messaging service SID ${VENDOR_ONLY}` }),
});

const inputs = strictShape({
  name: property(z.enum(["vendor_a", "custom"]), {
    description: 'The provider kind: `"vendor_a"` (the SMS vendor) or `"custom"` (a custom-phone-provider Action).',
    typeName: "PhoneProviderName",
    exportedAs: "PhoneProviderName",
  }),
  credentials: property(credentialsInput, {
    description:
      "Provider credentials. Always wrapped in `pulumi.secret`, so they are encrypted in state even when passed as " +
      'plain strings. Use `{}` for `"custom"`.',
    secret: true,
    writeOnly: true,
    keptWhenOmitted: true,
    typeName: "PhoneProviderCredentialsArgs",
  }),
  disabled: property(z.boolean().default(false), { description: "`true` disables the provider; omitted or `false` means enabled." }),
  configuration: property(configurationInput.optional(), {
    description:
      "Provider settings. The API replaces the whole object on every update, so keys left out are removed. When " +
      "omitted, the service's configuration is left as it is.",
    typeName: "PhoneProviderConfigurationArgs",
    unmanagedWhenOmitted: true,
  }),
  adoptExisting: property(z.boolean().default(false), {
    description:
      "The tenant may have only one phone provider. When one already exists, create fails unless this is `true`; " +
      "then the existing provider is updated to these inputs and managed (and deleted on destroy) by this resource. " +
      "Use this or `PhoneProvider.get`; `pulumi import` works only with the native `tenant` plugin, not with the " +
      "TypeScript dynamic resources (pulumi/pulumi#16175). Changing only this flag changes nothing.",
    onChange: "ignore",
  }),
});

const configurationOutput = z.object({
  sid: property(z.string().optional(), { description: "The vendor account SID." }),
  deliveryMethods: property(z.array(z.string()).optional(), { description: 'How messages are delivered (`"text"`, `"voice"`).' }),
  defaultFrom: property(z.string().optional(), { description: "The sender phone number." }),
  mssid: property(z.string().optional(), { description: "The messaging service SID." }),
});

const outputs = z.object({
  name: property(z.string(), { description: '`"vendor_a"` or `"custom"`.' }),
  disabled: property(z.boolean(), { description: "Whether the provider is disabled." }),
  configuration: property(configurationOutput.optional(), {
    description: "The provider's configuration as the service reports it.",
    typeName: "PhoneProviderConfiguration",
  }),
  tenant: property(z.string(), { description: "The tenant's name." }),
  channel: property(z.string(), { description: 'Always `"phone"`.' }),
  createdAt: property(z.string(), { description: "When the provider was created (ISO 8601)." }),
  updatedAt: property(z.string(), { description: "When the provider was last updated (ISO 8601)." }),
  credentials: property(z.object({ authToken: property(z.string().optional(), { description: "The vendor's auth token." }) }).optional(), {
    description: "The credentials as given (the API never returns them); always secret. Absent after `get`.",
    secret: true,
  }),
});

export const phoneProviderDefinition = defineResource({
  name: "PhoneProvider",
  module: "phoneProvider",
  description:
    "The tenant's phone (SMS/voice) notification provider. Read refreshes everything the API returns; " +
    "`credentials` are write-only, so the value in state is kept as given.",
  getDescription:
    "Reads an existing phone provider by id (e.g. `\"pro_3UzyS4veHQLMTCt3EzXgTt\"`) without managing it. To manage " +
    "an existing provider, declare it with `adoptExisting: true` (or, with the native `tenant` plugin, use " +
    "`pulumi import`, which the TypeScript dynamic resources do not support: pulumi/pulumi#16175).",
  argsDescription: "The desired phone provider.",
  inputs,
  outputs,
  identity: { kind: "service", noun: "phone provider", prefix: "pro_" },
  adopts: "whenAsked",
  echoedInputs: ["adoptExisting"],
  rules: phoneProviderRules,
  scopes: {
    // create adopts an existing provider (adoptExisting, or after a lost answer) by listing and updating it
    create: ["create:phone_providers", "read:phone_providers", "update:phone_providers"],
    read: ["read:phone_providers"],
    update: ["update:phone_providers"],
    delete: ["delete:phone_providers"],
  },
  // The tenant's one provider is adopted as it is, and kept on the tenant when the stack goes.
  exported: { name: { fixed: "phone-provider" }, order: 100, adoptExisting: true, retainOnDelete: true },
});

export type PhoneProviderInputs = InputsOf<typeof phoneProviderDefinition>;
export type PhoneConfiguration = z.infer<typeof configurationOutput>;
export type PhoneCredentials = z.infer<typeof credentialsInput>;
export type PhoneProviderOutputs = StoredOutputs<typeof phoneProviderDefinition>;
