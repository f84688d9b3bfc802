/** MfaSettings, declared once (see common/definition.ts for the shape): the tenant's remember-me and MFA session settings. */
import { z } from "zod";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { optionalProperties, property } from "../../shapes/property";
import { defineResource, fieldsSettingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { isUnknown, type PropertyBag } from "../common/jsonValues";
import { strictShape, wholeNumber } from "../common/validation";

const NOT_MANAGED = "Left out, it is not managed: never compared, and a write keeps the tenant's value.";

/** The service's ranges (its generated clients' comments, the Terraform provider's checks). */
export const INACTIVITY_RANGE = { min: 3600, max: 2_592_000 } as const;
export const OVERALL_RANGE = { min: 3600, max: 7_776_000 } as const;

const inputs = strictShape({
  displayRememberMeCheckbox: property(z.boolean().optional(), {
    description: `Whether the MFA prompt offers "remember this browser" (the service's default: \`true\`). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
  rememberMeDefaultValue: property(z.boolean().optional(), {
    description: `Whether that checkbox starts ticked (the service's default: \`false\`). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
  sessionInactivityTimeout: property(wholeNumber(INACTIVITY_RANGE.min, INACTIVITY_RANGE.max, "seconds, 1 hour to 30 days").optional(), {
    description:
      "After how many seconds without use a remembered browser is asked for MFA again: 3600 (1 hour) to 2592000 " +
      "(30 days), not above `sessionOverallTimeout` (the service's default: 604800, 7 days). " +
      NOT_MANAGED,
    unmanagedWhenOmitted: true,
  }),
  sessionOverallTimeout: property(wholeNumber(OVERALL_RANGE.min, OVERALL_RANGE.max, "seconds, 1 hour to 90 days").optional(), {
    description:
      "After how many seconds a remembered browser is asked for MFA again however often it is used: 3600 (1 hour) to " +
      `7776000 (90 days) (the service's default: 2592000, 30 days). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
});

const settingsOutputs = {
  displayRememberMeCheckbox: property(z.boolean(), { description: 'Whether "remember this browser" is offered, as the service reports it.', fallback: true }),
  rememberMeDefaultValue: property(z.boolean(), { description: "Whether that checkbox starts ticked, as the service reports it.", fallback: false }),
  sessionInactivityTimeout: property(z.number(), { description: "The inactivity timeout in seconds, as the service reports it.", fallback: 604_800 }),
  sessionOverallTimeout: property(z.number(), { description: "The overall timeout in seconds, as the service reports it.", fallback: 2_592_000 }),
};

const outputs = z.object({
  ...settingsOutputs,
  previousSettings: property(z.object(optionalProperties(settingsOutputs)).nullable(), {
    description:
      "Each setting the program manages as the tenant had it before the stack first managed it, put back on delete (" +
      "a setting the program leaves out is not recorded, and destroy leaves it as the tenant holds it); `null` after " +
      "`get` or an import, and delete then leaves them all as they are.",
    typeName: "MfaSettingsPreviousSettings",
  }),
});

/** The inactivity timeout may not exceed the overall one (both given; with one left out, the write checks the tenant's). */
function timeoutsInOrder(given: PropertyBag): CheckFailure[] {
  const { sessionInactivityTimeout: inactivity, sessionOverallTimeout: overall } = given;
  if (typeof inactivity !== "number" || typeof overall !== "number" || isUnknown(inactivity) || isUnknown(overall) || inactivity <= overall) return [];
  return [{ property: "sessionInactivityTimeout", reason: "must not be greater than sessionOverallTimeout" }];
}

export const mfaSettingsDefinition = defineResource({
  name: "MfaSettings",
  module: "mfaSettings",
  description:
    'The tenant\'s MFA remember-me and session settings: whether the MFA prompt offers "remember this browser", ' +
    "whether it starts ticked, and after how long (idle, and in all) a remembered browser is asked again. The tenant " +
    "has one set, so the resource id is the tenant's domain and a stack should declare at most one per tenant.\n\n" +
    "Each input may be left out, and is then not managed. Create reads the settings, records those it manages as " +
    "`previousSettings`, and writes only when a given one differs, sending all four (the service's PUT replaces them " +
    "whole; those left out keep the tenant's values). An update reads the tenant's first when an input is left out. " +
    "Refresh is one read, so a setting changed outside Pulumi shows up as drift; `pulumi destroy` reads the tenant and " +
    "puts `previousSettings` back — a change made by hand is undone too, a setting left out is not touched — with no " +
    "write when the tenant holds them.",
  getDescription:
    "Reads the tenant's MFA settings without managing them. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. `pulumi import` works " +
    "only with the native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The settings to manage; each one left out keeps the tenant's.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "MFA settings", record: { output: "previousSettings" }, scopes: fieldsSettingScopes("tenant_settings") }),
  rules: timeoutsInOrder,
  unpublishedScopes: {
    scopes: ["read:tenant_settings", "update:tenant_settings"],
    basis: "the Terraform provider's maintainers name them; the service's reference documents no scope for `/guardian/settings`",
  },
  warnsOnDestroy: true,
  exported: { name: { fixed: "mfa-settings" }, order: 850, skippedWithoutScope: true },
});

export type MfaSettingsInputs = InputsOf<typeof mfaSettingsDefinition>;
