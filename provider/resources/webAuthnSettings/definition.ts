/** WebAuthnSettings, declared once (see common/definition.ts for the shape): a WebAuthn factor's options. */
import { z } from "zod";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { optionalProperties, property, TENANT_DOMAIN } from "../../shapes/property";
import { defineResource, fieldsSettingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { isUnknown, type PropertyBag } from "../common/jsonValues";
import { HOST_NAME_EXPECTED, isHostName, strictShape } from "../common/validation";

const NOT_MANAGED = "Left out, it is not managed: never compared nor sent.";

const inputs = strictShape({
  factor: property(z.enum(["webauthn-roaming", "webauthn-platform"]), {
    description:
      'Which factor: `"webauthn-roaming"` (security keys) or `"webauthn-platform"` (the device\'s own biometrics). ' +
      "Changing it replaces the resource.",
    onChange: "replace",
    exportedAs: "WebAuthnFactorName",
  }),
  userVerification: property(z.enum(["discouraged", "preferred", "required"]).optional(), {
    description:
      'Whether a security key must verify its user (a PIN, a fingerprint): `"discouraged"` (never; the service\'s ' +
      'default), `"preferred"` (if the key supports it) or `"required"`. Security keys only: refused for ' +
      `\`"webauthn-platform"\`. ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
    exportedAs: "UserVerification",
  }),
  overrideRelyingParty: property(z.boolean().optional(), {
    description:
      "`true` registers credentials for `relyingPartyIdentifier` instead of the login domain (given together; the " +
      `service's default: \`false\`). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
  relyingPartyIdentifier: property(
    z
      .string()
      .refine((value) => isHostName(value), HOST_NAME_EXPECTED)
      .optional(),
    {
      description:
        'The relying party identifier, a registrable domain suffix of the tenant\'s custom domain (e.g. `"example.com"` ' +
        "for `login.example.com`); only with `overrideRelyingParty: true`, and needed with it. " +
        NOT_MANAGED,
      unmanagedWhenOmitted: true,
    },
  ),
});

const settingsOutputs = {
  userVerification: property(z.string().nullable(), {
    description: "The security keys' user verification as the service reports it; `null` for the platform factor.",
  }),
  overrideRelyingParty: property(z.boolean(), { description: "Whether the relying party is overridden, as the service reports it.", fallback: false }),
  relyingPartyIdentifier: property(z.string().nullable(), { description: "The relying party identifier as the service reports it; `null` when unset." }),
};

const outputs = z.object({
  factor: property(z.string(), { description: "Which WebAuthn factor.", fallback: "" }),
  ...settingsOutputs,
  previousSettings: property(z.object(optionalProperties(settingsOutputs)).nullable(), {
    description:
      "Each option the program manages as the factor had it before the stack first managed it, put back on delete (an " +
      "option the program leaves out is not recorded, and destroy leaves it as the tenant holds it); `null` after `get` " +
      "or an import, and delete then leaves them all as they are.",
    typeName: "WebAuthnSettingsPreviousSettings",
  }),
  tenantDomain: property(z.string(), {
    description: "The domain of the tenant the settings belong to: a later call with another tenant configured fails instead of changing that tenant's.",
    fallback: TENANT_DOMAIN,
  }),
});

/**
 * User verification is the security keys' alone; the relying party is overridden only to an identifier, and an
 * identifier only with the override (a package choice: neither was ever recorded).
 */
function optionRules(given: PropertyBag): CheckFailure[] {
  const known = (value: unknown): boolean => value !== undefined && !isUnknown(value);
  const failures: CheckFailure[] = [];
  if (given.factor === "webauthn-platform" && known(given.userVerification)) {
    failures.push({ property: "userVerification", reason: 'is for "webauthn-roaming" (security keys) only; leave it out for "webauthn-platform"' });
  }
  if (known(given.relyingPartyIdentifier) && given.overrideRelyingParty !== true && !isUnknown(given.overrideRelyingParty)) {
    failures.push({ property: "overrideRelyingParty", reason: "must be true when relyingPartyIdentifier is set (they are given together)" });
  }
  if (given.overrideRelyingParty === true && given.relyingPartyIdentifier === undefined) {
    failures.push({ property: "relyingPartyIdentifier", reason: "is required when overrideRelyingParty is true (they are given together)" });
  }
  return failures;
}

export const webAuthnSettingsDefinition = defineResource({
  name: "WebAuthnSettings",
  module: "webAuthnSettings",
  description:
    "The options of a WebAuthn MFA factor: whether security keys must verify their user, and the relying party " +
    "credentials are registered for. The resource id is the factor's name, so a stack should declare each factor's at " +
    "most once per tenant; turn the factor itself on with `MfaFactor`.\n\n" +
    "Each option may be left out, and is then not managed. Create reads the options, records those it manages as " +
    "`previousSettings`, and writes only when a given one differs, sending the options given and reading them back " +
    "(the service's answer holds only what was sent). Refresh is one read, so a change made outside Pulumi shows up as " +
    "drift; `pulumi destroy` reads the factor and puts `previousSettings` back (a change made by hand undone too, an " +
    "option left out not touched), with no write when the tenant holds them. No known call " +
    "clears a relying party identifier: one the factor did not have stays, unused once the override is off again, and " +
    "destroy says so.",
  getDescription:
    'Reads one WebAuthn factor\'s options without managing them. `id` is the factor, `"webauthn-roaming"` or ' +
    '`"webauthn-platform"`. `pulumi import` works only with the native `tenant` plugin, not with the TypeScript dynamic ' +
    "resources (pulumi/pulumi#16175).",
  argsDescription: "The factor, and the options to manage.",
  inputs,
  outputs,
  // Create and update read the options back (the PUT's answer holds only what was sent); delete only writes.
  ...tenantSetting({ noun: "WebAuthn settings", key: "factor", record: { output: "previousSettings" }, scopes: fieldsSettingScopes("guardian_factors") }),
  rules: optionRules,
  unpublishedScopes: {
    scopes: ["read:guardian_factors", "update:guardian_factors"],
    basis: "the package's choice (the service documents neither WebAuthn settings endpoint)",
  },
  warnsOnDestroy: true,
  exported: {
    name: { input: "factor", identifierSuffix: "Settings" },
    order: 720,
    dependsOn: [{ on: "MfaFactor", to: { factor: { input: "factor" } } }],
    onlyBeside: { on: "MfaFactor", to: { factor: { input: "factor" }, enabled: true }, allFlag: "all-factors", described: "of a factor that is off" },
    skippedWithoutScope: true,
  },
});

export type WebAuthnSettingsInputs = InputsOf<typeof webAuthnSettingsDefinition>;
