/** RiskAssessmentSettings, declared once (see common/definition.ts for the shape): whether Adaptive MFA assesses each login's risk. */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting } from "../common/definition";
import { strictShape } from "../common/validation";

const inputs = strictShape({
  enabled: property(z.boolean(), {
    description:
      "Whether risk assessment is on: each login is assessed for risk (a new device, an impossible journey, an untrusted " +
      'IP), which the `"confidence-score"` MFA policy acts on.',
  }),
});

const outputs = z.object({
  enabled: property(z.boolean(), { description: "Whether risk assessment is on, as the service reports it.", fallback: false }),
  previousEnabled: property(z.boolean().nullable(), {
    description:
      "Whether risk assessment was on when this resource was created, put back on delete; `null` after `get` or an " +
      "import, and delete then leaves it as it is.",
  }),
});

export const riskAssessmentSettingsDefinition = defineResource({
  name: "RiskAssessmentSettings",
  module: "riskAssessmentSettings",
  description:
    "Turns the tenant's risk assessment (Adaptive MFA) on or off. The tenant has one such switch, so the resource id is " +
    "the tenant's domain and a stack should declare at most one per tenant. It needs the Adaptive MFA add-on: a tenant " +
    "without it refuses every call, and create fails with one message saying so.\n\n" +
    "Create reads the switch, records it as `previousEnabled`, and sets `enabled` only when it differs; `pulumi " +
    "destroy` reads it again and puts `previousEnabled` back (a change made by hand is undone too), with no write when " +
    "the tenant holds it. Refresh is one read, so a change made outside Pulumi shows up as drift. A " +
    '`"confidence-score"` `MfaPolicy` turns risk assessment on when it is set: declare this resource with `dependsOn` ' +
    "that policy, so it is written after the policy and holds.",
  getDescription:
    "Reads the tenant's risk assessment switch without managing it. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. `pulumi import` works " +
    "only with the native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "Whether risk assessment is on.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "Adaptive MFA risk assessment settings", record: { output: "previousEnabled" }, scopes: settingScopes("attack_protection") }),
  exported: { name: { fixed: "risk-assessment" }, order: 820, dependsOn: [{ on: "MfaPolicy" }], fresh: { enabled: false }, skippedWithoutScope: true },
});
