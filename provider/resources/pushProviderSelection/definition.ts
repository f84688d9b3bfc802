/** PushProviderSelection, declared once (see common/definition.ts for the shape). */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { strictShape } from "../common/validation";

const inputs = strictShape({
  provider: property(z.enum(["guardian", "sns", "direct"]), {
    description: 'The push-notification provider the tenant\'s multi-factor authentication uses: `"guardian"`, `"sns"` or `"direct"`.',
    typeName: "PushProviderName",
    exportedAs: "PushProviderName",
  }),
});

const outputs = z.object({
  provider: property(z.string().nullable(), {
    description:
      'The selected provider as the service reports it (`"guardian"`, `"sns"` or `"direct"`); `null` when the ' +
      "service's answer names none.",
  }),
  previousProvider: property(z.string().nullable(), {
    description:
      "The provider that was selected when this resource was created, restored on delete; `null` when the service " +
      "did not report one (nothing is restored then).",
  }),
});

export const pushProviderSelectionDefinition = defineResource({
  name: "PushProviderSelection",
  module: "pushProviderSelection",
  description:
    "Selects the tenant's push-notification provider for MFA. The tenant has exactly one selection, so the resource " +
    "id is the tenant's domain and a stack should declare at most one per tenant.\n\n" +
    "Create reads the current selection, records it as `previousProvider`, and sets `provider` only when it differs; " +
    "`pulumi destroy` puts `previousProvider` back (the API cannot delete a selection) after reading the tenant (a change made by hand is undone too), with no write when the tenant " +
    "holds it. Refresh reads the live selection, so a change " +
    "made outside Pulumi shows up as drift.",
  getDescription:
    "Reads the tenant's current selection without managing it. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. This (or " +
    "declaring the resource) is the way in; `pulumi import` works only with the native `tenant` plugin, not with the " +
    "TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The selection to apply.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "selection", record: { output: "previousProvider" }, scopes: settingScopes("guardian_factors") }),
  exported: {
    name: { fixed: "push-provider-selection" },
    order: 600,
    dependsOn: [
      { on: "SnsPushProvider", when: { provider: "sns" } },
      { on: "ApnsPushProvider", when: { provider: "direct" } },
    ],
  },
});

export type PushProviderSelectionInputs = InputsOf<typeof pushProviderSelectionDefinition>;
