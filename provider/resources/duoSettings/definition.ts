/** DuoSettings, declared once (see common/definition.ts for the shape): the Duo integration the duo factor uses. */
import { z } from "zod";
import { optionalProperties, property } from "../../shapes/property";
import { defineResource, fieldsSettingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { HOST_NAME_EXPECTED, isHostName, strictShape } from "../common/validation";

const NOT_MANAGED = "Left out, it is not managed: never compared, and a write sends the tenant's.";

const inputs = strictShape({
  integrationKey: property(z.string().min(1).max(10_000).optional(), {
    description: `The integration key (client id) of the Duo Web SDK application, as Duo's admin panel shows it. ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
    wireName: "ikey",
  }),
  secretKey: property(z.string().min(1).max(10_000).optional(), {
    description:
      "That application's secret key (client secret), at least 4 characters. Secret: encrypted in state however it is " +
      "passed, never shown in a diff, log or error. The service returns the tenant's, so it is compared with it: a key " +
      "changed outside the program shows as a change of this input (the tenant's key itself is never stored). " +
      NOT_MANAGED,
    secret: true,
    returnedInClear: true,
    unmanagedWhenOmitted: true,
    wireName: "skey",
  }),
  hostname: property(
    z
      .string()
      .max(10_000)
      .refine((value) => isHostName(value), HOST_NAME_EXPECTED)
      .optional(),
    { description: `The application's API hostname, e.g. \`"api-1a2b3c4d.duosecurity.com"\`. ${NOT_MANAGED}`, unmanagedWhenOmitted: true, wireName: "host" },
  ),
});

const reported = (what: string) => property(z.string().nullable(), { description: `${what} as the service reports it; \`null\` when unset.` });

const outputs = z.object({
  integrationKey: reported("The integration key"),
  hostname: reported("The API hostname"),
  secretKey: property(z.string().optional(), {
    description:
      "The secret key as the program gave it, never the tenant's; always secret. Absent when the program leaves it out, " +
      "after `get`, and after a refresh found that the tenant's is another (a drift: the next `up` sends the program's).",
    secret: true,
    returnedInClear: true,
    wireName: "skey",
  }),
  secretKeyReplaced: property(z.boolean(), {
    description:
      "Whether this stack replaced a secret key the tenant held. That key is never stored, so destroy then cannot put " +
      "the integration back: it leaves it as the stack set it, and says so.",
    fallback: false,
  }),
  previousSettings: property(
    z.object(optionalProperties({ integrationKey: reported("The integration key"), hostname: reported("The API hostname") })).nullable(),
    {
      description:
        "The integration key and hostname the tenant had before the stack first managed them (`null` each when it had " +
        "no integration), put back on delete with the tenant's secret key; one the program leaves out is not recorded, " +
        "and destroy leaves it as the tenant holds it; `null` after `get` or an import.",
      typeName: "DuoSettingsPreviousSettings",
    },
  ),
});

export const duoSettingsDefinition = defineResource({
  name: "DuoSettings",
  module: "duoSettings",
  description:
    "The Duo Security integration the tenant's `duo` MFA factor sends users to: its integration key, secret key and API " +
    "hostname. The tenant has one, so the resource id is the tenant's domain and a stack should declare at most one " +
    "per tenant; turn the factor itself on with `MfaFactor`.\n\n" +
    "Each input may be left out, and is then not managed. Create reads the integration, records the fields it manages as " +
    "`previousSettings`, and writes only when a given input differs — the secret key included, which the service " +
    "returns — sending all three (a key left out is the tenant's, read just before). Refresh is one read, so a change " +
    "made outside Pulumi shows up as drift, a secret key's too; `pulumi destroy` reads the tenant and puts " +
    "`previousSettings` back with the tenant's key (a change made by hand undone too, a field left out not touched), " +
    "with no write when the tenant holds it. Two things cannot be put back, and destroy leaves them and " +
    "says so: a secret key the stack replaced (the tenant's is never stored), and no integration at all (no known call " +
    "clears one).",
  getDescription:
    "Reads the tenant's Duo integration (without its secret key) without managing it. `id` is the tenant's domain, " +
    "e.g. `\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. `pulumi import` works " +
    "only with the native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The Duo integration to set; each input left out keeps the tenant's.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "Duo settings", record: { output: "previousSettings", heldWhen: ["integrationKey"], secretReplacedAs: "secretKeyReplaced" }, scopes: fieldsSettingScopes("guardian_factors") }),
  warnsOnDestroy: true,
  exported: {
    name: { fixed: "duo-settings" },
    order: 710,
    dependsOn: [{ on: "MfaFactor", to: { factor: "duo" } }],
    skippedWithoutScope: true,
    note: "Only when the tenant holds an integration key; without its secret key, which the tenant keeps",
  },
});

export type DuoSettingsInputs = InputsOf<typeof duoSettingsDefinition>;
