/** MfaPolicy, declared once (see common/definition.ts for the shape). */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting } from "../common/definition";
import { strictShape } from "../common/validation";

const inputs = strictShape({
  policy: property(z.enum(["never", "all-applications", "confidence-score"]), {
    description:
      'When MFA is required: `"never"`, `"all-applications"` (every login) or `"confidence-score"` (when the risk ' +
      "assessment finds a login unusual; setting it also turns risk assessment on, which destroy puts back as it was " +
      "before: declare `RiskAssessmentSettings` with `dependsOn` this policy to manage it while the policy stands).",
    exportedAs: "MfaPolicyName",
  }),
});

const outputs = z.object({
  policy: property(z.string(), {
    description: 'The policy as the service reports it: `"never"` when it lists none.',
    fallback: "",
  }),
  previousPolicy: property(z.string().nullable(), {
    description:
      "The policy the tenant had when this resource was created, put back on delete; `null` after `get` or an import, " +
      "and delete then leaves the policy as it is.",
  }),
  previousRiskAssessment: property(z.boolean().nullable(), {
    description:
      'Whether risk assessment was on before this resource set `"confidence-score"` (which turns it on): when it was ' +
      "off, delete turns it off again after putting the policy back; `null` when the resource never set that policy, when the client lacked " +
      "`read:attack_protection` then, or after `get` or an import.",
  }),
});

export const mfaPolicyDefinition = defineResource({
  name: "MfaPolicy",
  module: "mfaPolicy",
  description:
    "Sets when the tenant requires MFA. The tenant has exactly one policy, so the resource id is the tenant's domain " +
    "and a stack should declare at most one per tenant.\n\n" +
    "Create reads the current policy, records it as `previousPolicy`, and sets `policy` only when it differs; " +
    "`pulumi destroy` puts `previousPolicy` back (the API cannot delete a policy) after reading the tenant, so a change made by hand is undone too, with no write when the tenant holds it. Refresh is one read, so a change made outside Pulumi " +
    "shows up as drift. Declare the factors the policy relies on (`MfaFactor`) as its dependencies, so MFA is never " +
    'required before a factor is on. Setting `"confidence-score"` also turns the tenant\'s risk assessment on: the ' +
    "resource records it first as `previousRiskAssessment` and destroy puts it back after the policy (with the scopes " +
    "`read:attack_protection` and `update:attack_protection`; without them destroy says so, with the command that does it by hand).",
  getDescription:
    "Reads the tenant's current policy without managing it. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. This (or declaring the " +
    "resource) is the way in; `pulumi import` works only with the native `tenant` plugin, not with the TypeScript " +
    "dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The policy to apply.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "policy", record: { output: "previousPolicy" }, scopes: settingScopes("mfa_policies") }),
  optionalScopes: {
    scopes: { create: ["read:attack_protection"], update: ["read:attack_protection"], delete: ["read:attack_protection", "update:attack_protection"] },
    serve: 'recording risk assessment before a `"confidence-score"` policy turns it on, and putting it back on destroy',
  },
  warnsOnDestroy: true,
  exported: { name: { fixed: "mfa-policy" }, order: 800, dependsOn: [{ on: "MfaFactor" }] },
});
