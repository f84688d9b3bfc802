/** MfaFactor, declared once (see common/definition.ts for the shape). */
import { z } from "zod";
import { property, TENANT_DOMAIN } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting } from "../common/definition";
import { strictShape } from "../common/validation";

const inputs = strictShape({
  factor: property(z.enum(["sms", "push-notification", "otp", "email", "duo", "webauthn-roaming", "webauthn-platform", "recovery-code"]), {
    description:
      'The factor: `"sms"`, `"push-notification"`, `"otp"`, `"email"`, `"duo"`, `"webauthn-roaming"`, ' +
      '`"webauthn-platform"` or `"recovery-code"`. The phone factor is `"sms"` here (an enrollment ticket calls it ' +
      '`"phone"`). Changing it replaces the resource.',
    onChange: "replace",
    exportedAs: "MfaFactorName",
  }),
  enabled: property(z.boolean().default(true), {
    description: "Whether the factor is on; default `true`.",
  }),
});

const outputs = z.object({
  factor: property(z.string(), { description: "The factor's name.", fallback: "" }),
  enabled: property(z.boolean(), { description: "Whether the factor is on, as the service reports it.", fallback: false }),
  trialExpired: property(z.boolean(), { description: "Whether the factor's trial period is over, as the service reports it.", fallback: false }),
  previousEnabled: property(z.boolean().nullable(), {
    description:
      "Whether the factor was on when this resource was created, put back on delete; `null` after `get` or an " +
      "import, and delete then leaves the factor as it is.",
  }),
  tenantDomain: property(z.string(), {
    description:
      "The domain of the tenant the factor belongs to: a later call with another tenant configured fails instead of " +
      "switching that tenant's factor.",
    fallback: TENANT_DOMAIN,
  }),
});

export const mfaFactorDefinition = defineResource({
  name: "MfaFactor",
  module: "mfaFactor",
  description:
    "Turns one of the tenant's MFA factors on or off. The resource id is the factor's name, so a stack should " +
    "declare each factor at most once per tenant.\n\n" +
    "Create reads the tenant's factors once, records whether this one was on as `previousEnabled`, and sets " +
    "`enabled` only when it differs (declaring a factor as the tenant has it writes nothing); `pulumi destroy` puts " +
    "`previousEnabled` back after reading the factor (a change made by hand is undone too), with no write when it already is so, and touches no other factor, so destroying a " +
    "stack never switches off a factor it did not switch on. Refresh reads the factor list once, so a factor switched by hand " +
    "shows up as drift.",
  getDescription:
    'Reads one factor without managing it. `id` is the factor\'s name, e.g. `"sms"`; an unknown name fails, ' +
    "listing the known ones. This (or declaring the resource) is the way in; `pulumi import` works only with the " +
    "native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The factor and whether it is on.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "factor", key: "factor", record: { output: "previousEnabled" }, scopes: settingScopes("guardian_factors") }),
  exported: {
    name: { input: "factor", identifierSuffix: "Factor" },
    order: 700,
    dependsOn: [
      { on: "PhoneMessageTypes", when: { factor: "sms" } },
      { on: "PushProviderSelection", when: { factor: "push-notification" } },
    ],
    only: { inputs: { enabled: true }, allFlag: "all-factors", described: "off" },
  },
});
