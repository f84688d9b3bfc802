/** TenantMfaFlags, declared once (see common/definition.ts for the shape): the tenant's two MFA switches in its settings. */
import { z } from "zod";
import { optionalProperties, property } from "../../shapes/property";
import { defineResource, fieldsSettingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { strictShape } from "../common/validation";

const NOT_MANAGED = "Left out, it is not managed: never compared nor written.";

const inputs = strictShape({
  customizeMfaInPostLoginAction: property(z.boolean().optional(), {
    description:
      "Whether a PostLogin Action may choose which MFA factors a login is offered (the dashboard's \"Customize MFA " +
      `factors using Actions"; the service's default: \`false\`). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
  showFactorListOnEnrollment: property(z.boolean().optional(), {
    description:
      "Whether a user enrolling in MFA picks the factor from the list of those on (the dashboard's \"Show the list of " +
      `factors at enrollment"; the service's default: \`false\`). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
});

const flagOutputs = {
  customizeMfaInPostLoginAction: property(z.boolean(), {
    description: "Whether a PostLogin Action may choose the MFA factors, as the tenant's settings hold it (`false` when never set).",
    fallback: false,
  }),
  showFactorListOnEnrollment: property(z.boolean(), {
    description: "Whether enrollment shows the list of factors, as the tenant's settings hold it (`false` when never set).",
    fallback: false,
  }),
};

const outputs = z.object({
  ...flagOutputs,
  previousFlags: property(z.object(optionalProperties(flagOutputs)).nullable(), {
    description:
      "Each switch the program manages as the tenant had it before the stack first managed it (`false` when never " +
      "set), put back on delete (a switch the program leaves out is not recorded, and destroy leaves it as the tenant " +
      "holds it); `null` after `get` or an import, and delete then leaves them as they are.",
    typeName: "TenantMfaFlagsPreviousFlags",
  }),
});

export const tenantMfaFlagsDefinition = defineResource({
  name: "TenantMfaFlags",
  module: "tenantMfaFlags",
  description:
    "The two switches of the tenant's settings that shape MFA: whether a PostLogin Action may choose the factors " +
    "(`customizeMfaInPostLoginAction`) and whether enrollment shows the list of factors (`showFactorListOnEnrollment`). " +
    "The tenant has one set, so the resource id is the tenant's domain and a stack should declare at most one per " +
    "tenant.\n\n" +
    "Each input may be left out, and is then not managed. Create reads the tenant's settings, records the switches it " +
    "manages as `previousFlags`, and writes only when a given one differs, sending those switches alone: every other " +
    "setting and flag of the tenant is left as it is. A switch the tenant never set reads as `false`. Refresh is one " +
    "read, so a change made outside Pulumi shows up as drift; `pulumi destroy` reads the settings and puts " +
    "`previousFlags` back (a change made by hand undone too, a switch left out not touched), with no write when the " +
    "tenant holds them. Put back off, `customizeMfaInPostLoginAction` is removed (as on a tenant that never set it) " +
    "and `showFactorListOnEnrollment` is written `false`, since the service cannot remove a flag: both read as off.",
  getDescription:
    "Reads the tenant's MFA switches without managing them. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. `pulumi import` works " +
    "only with the native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The switches to manage; each one left out keeps the tenant's.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "MFA switches", record: { output: "previousFlags" }, scopes: fieldsSettingScopes("tenant_settings") }),
  warnsOnDestroy: true,
  exported: {
    name: { fixed: "tenant-mfa-flags" },
    order: 860,
    // A tenant whose switches are both off (or never set) holds nothing to declare.
    fresh: { customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: false },
    skippedWithoutScope: true,
  },
});

export type TenantMfaFlagsInputs = InputsOf<typeof tenantMfaFlagsDefinition>;
