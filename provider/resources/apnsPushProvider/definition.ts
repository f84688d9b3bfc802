/** ApnsPushProvider, declared once (see common/definition.ts for the shape). */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { strictShape } from "../common/validation";

/** Standard base64 with its padding, no line breaks: what the service takes as the certificate's bytes. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A reason only: the value is a secret and never appears in a failure. */
const NOT_BASE64 =
  "must be the base64 of the PKCS#12 (.p12) file: letters, digits, + and /, padded with = to a multiple of 4 " +
  'characters, without line breaks (e.g. `fs.readFileSync("push.p12").toString("base64")` or `base64 -w0 push.p12`)';

const inputs = strictShape({
  bundleId: property(z.string().min(1).max(1000), { description: 'The iOS app\'s bundle id, e.g. `"com.example.app"`.' }),
  sandbox: property(z.boolean().default(false), {
    description: "`true` sends through the APNs sandbox (development builds); omitted or `false` means production.",
  }),
  p12: property(
    z
      .string()
      .min(1)
      .max(10_000)
      .refine((value) => BASE64.test(value), NOT_BASE64),
    {
      description:
        "The APNs certificate: the base64 of its PKCS#12 (.p12) file, 4–10,000 characters, checked to be base64 before " +
        "any call. Secret: encrypted in state however it is passed, never shown in a diff, log or error. The service " +
        "never returns it, so it is compared with the program's previous value only: changing it is an update. On an " +
        "existing configuration (an imported one, say) it may be left out or empty: the tenant then keeps its certificate.",
      secret: true,
      writeOnly: true,
      keptWhenOmitted: true,
    },
  ),
});

const outputs = z.object({
  bundleId: property(z.string().nullable(), { description: "The bundle id as the service reports it; `null` when unset." }),
  sandbox: property(z.boolean(), { description: "Whether the APNs sandbox is used, as the service reports it." }),
  p12: property(z.string().optional(), {
    description: "The certificate as the program gave it (the service never returns it); always secret. Absent after `get`.",
    secret: true,
    writeOnly: true,
  }),
  previousConfiguration: property(
    z
      .object({
        bundleId: property(z.string().nullable(), { description: "The bundle id; `null` when unset." }),
        sandbox: property(z.boolean(), { description: "Whether the APNs sandbox was used." }),
      })
      .nullable(),
    {
      description:
        "The bundle id and sandbox flag the tenant had when this resource was created, put back on delete when the " +
        "stack sent no certificate; `null` after `get` or an import.",
      typeName: "ApnsPushProviderPreviousConfiguration",
    },
  ),
});

export const apnsPushProviderDefinition = defineResource({
  name: "ApnsPushProvider",
  module: "apnsPushProvider",
  description:
    "The Apple Push Notification service (APNs) certificate the tenant's push-notification factor uses when " +
    '`PushProviderSelection` selects `"direct"`. The tenant has one APNs configuration, so the resource id is the ' +
    "tenant's domain and a stack should declare at most one per tenant.\n\n" +
    "Create reads the tenant's configuration first and records it as `previousConfiguration`. Given the certificate, " +
    "it sends the whole configuration (the service's PUT replaces it whole; a secret cannot be compared: it is sent " +
    "once); without it, it adopts the configuration the tenant holds, keeping its certificate and sending the bundle " +
    "id and sandbox flag only where they differ, and fails before any write when the tenant has none. Every update " +
    "sends the certificate again, except one without it. Refresh is one read and finds a bundle id or sandbox flag " +
    "changed outside Pulumi; the certificate cannot be read back. No API clears a certificate: `pulumi destroy` puts " +
    "back the bundle id and sandbox flag create found when the stack sent no certificate, after reading the tenant (a change made by " +
    "hand is undone too; no write when the tenant holds them); otherwise the configuration stays on the tenant as the stack left it, and destroy says so.",
  getDescription:
    "Reads the tenant's APNs bundle id and sandbox flag (never the certificate) without managing them. `id` is the " +
    "tenant's domain, e.g. `\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. " +
    "`pulumi import` works only with the native `tenant` plugin (pulumi/pulumi#16175); it cannot read the " +
    'certificate, and the generated code\'s `p12: ""` keeps the tenant\'s certificate until the program sets one.',
  argsDescription: "The APNs configuration to apply.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "APNs configuration", record: { output: "previousConfiguration", heldWhen: ["bundleId"] }, scopes: settingScopes("guardian_factors") }),
  exported: { name: { fixed: "apns-push-provider" }, order: 500 },
  warnsOnDestroy: true,
});

export type ApnsPushProviderInputs = InputsOf<typeof apnsPushProviderDefinition>;
