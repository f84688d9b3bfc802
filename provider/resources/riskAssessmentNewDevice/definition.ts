/** RiskAssessmentNewDevice, declared once (see common/definition.ts for the shape): how long risk assessment remembers a device. */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting } from "../common/definition";
import { strictShape, wholeNumber } from "../common/validation";

/** `remember_for`'s documented range, in days. */
export const REMEMBER_FOR_RANGE = { min: 1, max: 365 } as const;

const inputs = strictShape({
  rememberFor: property(wholeNumber(REMEMBER_FOR_RANGE.min, REMEMBER_FOR_RANGE.max, "days"), {
    description:
      "For how many days risk assessment remembers a device a user logged in from, so a login from it is not a new " +
      "device: 1 to 365 (a fresh tenant's: 30).",
  }),
});

const outputs = z.object({
  rememberFor: property(z.number(), { description: "For how many days a device is remembered, as the service reports it.", fallback: 30 }),
  previousRememberFor: property(z.number().nullable(), {
    description:
      "The number of days the tenant had when this resource was created, put back on delete; `null` after `get` or an " +
      "import, and delete then leaves it as it is.",
  }),
});

export const riskAssessmentNewDeviceDefinition = defineResource({
  name: "RiskAssessmentNewDevice",
  module: "riskAssessmentNewDevice",
  description:
    "For how many days risk assessment (Adaptive MFA) remembers a device, so that a login from it is not a new " +
    "device. The tenant has one such setting, so the resource id is the tenant's domain and a stack should declare at " +
    "most one per tenant. It needs the Adaptive MFA add-on: a tenant without it refuses every call, and create fails " +
    "with one message saying so.\n\n" +
    "Create reads the setting, records it as `previousRememberFor`, and sets `rememberFor` only when it differs; " +
    "`pulumi destroy` reads it again and puts `previousRememberFor` back (a change made by hand is undone too), with no " +
    "write when the tenant holds it. Refresh is one read, so a change made outside Pulumi shows up as drift.",
  getDescription:
    "Reads the tenant's new-device setting without managing it. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. `pulumi import` works " +
    "only with the native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "For how many days a device is remembered.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "Adaptive MFA new-device settings", record: { output: "previousRememberFor" }, scopes: settingScopes("attack_protection") }),
  exported: { name: { fixed: "risk-assessment-new-device" }, order: 830, fresh: { rememberFor: 30 }, skippedWithoutScope: true },
});
