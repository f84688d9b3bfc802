/** OtpSettings, declared once (see common/definition.ts for the shape): one factor's one-time codes, by SMS or by email. */
import { z } from "zod";
import { optionalProperties, property, TENANT_DOMAIN } from "../../shapes/property";
import { defineResource, fieldsSettingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { strictShape, wholeNumber } from "../common/validation";

const NOT_MANAGED = "Left out, it is not managed: never compared, and a write keeps the tenant's value.";

const inputs = strictShape({
  factor: property(z.enum(["sms", "email"]), {
    description:
      'Whose codes: `"sms"` (the phone factor, as `MfaFactor` names it: its text and voice codes) or `"email"`. ' +
      "Changing it replaces the resource.",
    onChange: "replace",
    exportedAs: "OtpFactorName",
  }),
  otpLength: property(wholeNumber(4, 10, "digits").optional(), {
    description: `How many digits a code has: 4 to 10 (the service's default: 6). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
  otpExpirationTime: property(wholeNumber(30, 3600, "seconds").optional(), {
    description: `How many seconds a code stays valid: 30 to 3600 (the service's default: 300, 5 minutes). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
});

const settingsOutputs = {
  otpLength: property(z.number(), { description: "How many digits a code has, as the service reports it.", fallback: 6 }),
  otpExpirationTime: property(z.number(), { description: "How many seconds a code stays valid, as the service reports it.", fallback: 300 }),
};

const outputs = z.object({
  factor: property(z.string(), { description: "Whose codes: `\"sms\"` or `\"email\"`.", fallback: "" }),
  ...settingsOutputs,
  previousSettings: property(z.object(optionalProperties(settingsOutputs)).nullable(), {
    description:
      "The code length and lifetime the tenant had before the stack first managed them, each one the program manages, " +
      "put back on delete (one the program leaves out is not recorded, and destroy leaves it as the tenant holds it); " +
      "`null` after `get` or an import, and delete then leaves them as they are.",
    typeName: "OtpSettingsPreviousSettings",
  }),
  tenantDomain: property(z.string(), {
    description: "The domain of the tenant the settings belong to: a later call with another tenant configured fails instead of changing that tenant's.",
    fallback: TENANT_DOMAIN,
  }),
});

export const otpSettingsDefinition = defineResource({
  name: "OtpSettings",
  module: "otpSettings",
  description:
    "How long the one-time codes of the phone (SMS and voice) or email factor are, and how long they stay valid. The " +
    "resource id is the factor's name, so a stack should declare each factor's at most once per tenant; the settings " +
    "hold whether or not the factor is on.\n\n" +
    "Each of `otpLength` and `otpExpirationTime` may be left out, and is then not managed. Create reads the settings, " +
    "records those it manages as `previousSettings`, and writes only when a given one differs, sending both (the service's PUT takes " +
    "them together; one left out keeps the tenant's value). Refresh is one read, so a change made outside Pulumi shows up " +
    "as drift; `pulumi destroy` reads the settings and puts `previousSettings` back (a change made by hand undone too, " +
    "one left out not touched), with no write when the tenant holds them.",
  getDescription:
    'Reads one factor\'s code settings without managing them. `id` is the factor, `"sms"` or `"email"`. `pulumi import` ' +
    "works only with the native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The factor, and the code settings to manage.",
  inputs,
  outputs,
  // Every field is always set, so delete writes back what create found without reading.
  ...tenantSetting({ noun: "one-time-code settings", key: "factor", record: { output: "previousSettings" }, scopes: fieldsSettingScopes("guardian_factors") }),
  unpublishedScopes: {
    scopes: ["read:guardian_factors", "update:guardian_factors"],
    basis: "the package's choice for `sms` (its path, `…/phone/settings`, is documented nowhere); the docs name them for `email`",
  },
  warnsOnDestroy: true,
  exported: {
    name: { input: "factor", identifierSuffix: "OtpSettings" },
    order: 730,
    dependsOn: [{ on: "MfaFactor", to: { factor: { input: "factor" } } }],
    skippedWithoutScope: true,
  },
});

export type OtpSettingsInputs = InputsOf<typeof otpSettingsDefinition>;
