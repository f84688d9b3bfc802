/** SnsPushProvider, declared once (see common/definition.ts for the shape). */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, settingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { strictShape } from "../common/validation";

/** The service's limit on each of the five fields. */
const text = () => z.string().min(1).max(1000);

const ARN_NOTE = "Leave it out when the app has no such platform; it is then cleared on the tenant.";

const inputs = strictShape({
  awsAccessKeyId: property(text(), { description: "The AWS access key id of the IAM user that publishes to Amazon SNS." }),
  awsSecretAccessKey: property(text(), {
    description:
      "That key's secret access key, at least 4 characters. Secret: encrypted in state however it is passed, never shown in a diff, log or " +
      "error. The service never returns it, so it is compared with the program's previous value only: changing it " +
      "(a rotation) is an update. On an existing configuration (an imported one, say) it may be left out or empty: the " +
      "tenant then keeps the key it holds.",
    secret: true,
    writeOnly: true,
    keptWhenOmitted: true,
  }),
  awsRegion: property(text(), { description: 'The AWS region of the SNS platform applications, e.g. `"us-west-2"`.' }),
  snsApnsPlatformApplicationArn: property(text().optional(), {
    description: `The ARN of the SNS platform application for Apple devices (APNs). ${ARN_NOTE}`,
  }),
  snsGcmPlatformApplicationArn: property(text().optional(), {
    description: `The ARN of the SNS platform application for Android devices (FCM/GCM). ${ARN_NOTE}`,
  }),
});

const reported = (what: string) =>
  property(z.string().nullable(), { description: `${what} as the service reports it; \`null\` when unset.` });

const outputs = z.object({
  awsAccessKeyId: reported("The AWS access key id"),
  awsSecretAccessKey: property(z.string().optional(), {
    description:
      "The secret access key as the program gave it (the service never returns it); always secret. Absent after `get`.",
    secret: true,
    writeOnly: true,
  }),
  awsRegion: reported("The AWS region"),
  snsApnsPlatformApplicationArn: reported("The APNs platform application ARN"),
  snsGcmPlatformApplicationArn: reported("The FCM/GCM platform application ARN"),
  previousConfiguration: property(
    z
      .object({
        awsAccessKeyId: reported("The AWS access key id"),
        awsRegion: reported("The AWS region"),
        snsApnsPlatformApplicationArn: reported("The APNs platform application ARN"),
        snsGcmPlatformApplicationArn: reported("The FCM/GCM platform application ARN"),
      })
      .nullable(),
    {
      description:
        "The configuration the tenant had when this resource was created (all `null` when it had none), put back on " +
        "delete with the tenant's key; `null` after `get` or an import, and delete then leaves the configuration as it is.",
      typeName: "SnsPushProviderPreviousConfiguration",
    },
  ),
});

export const snsPushProviderDefinition = defineResource({
  name: "SnsPushProvider",
  module: "snsPushProvider",
  description:
    "The Amazon SNS credentials the tenant's push-notification factor uses when `PushProviderSelection` selects " +
    '`"sns"`. The tenant has one SNS configuration, so the resource id is the tenant\'s domain and a stack should ' +
    "declare at most one per tenant.\n\n" +
    "Create reads the tenant's configuration first and records it as `previousConfiguration`. Given the secret key, it " +
    "sends all five fields (a secret cannot be compared: it is sent once); without it, it adopts the configuration the " +
    "tenant holds, keeping its key and sending the four other fields only where they differ (nothing when none does), " +
    "and fails before any write when the tenant has none. An update sends all five, or the other four without the key. " +
    "Refresh is one read and finds a key id, region or ARN changed outside Pulumi; the secret key cannot be read back. " +
    "`pulumi destroy` puts back what create found — its four fields with the tenant's key, or no configuration at all " +
    "if it found none — after reading the tenant (a change made by hand is undone too), with no write when the tenant holds it; a stack that sent a key leaves the configuration as it " +
    "is (the replaced key cannot be put back) and says so. If the service refuses, destroy says so and still succeeds.",
  getDescription:
    "Reads the tenant's SNS configuration (without the secret key) without managing it. `id` is the tenant's " +
    "domain, e.g. `\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. " +
    "`pulumi import` works only with the native `tenant` plugin (pulumi/pulumi#16175); it cannot read the secret " +
    'key, and the generated code\'s `awsSecretAccessKey: ""` keeps the tenant\'s key until the program sets one.',
  argsDescription: "The SNS configuration to apply.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "SNS configuration", record: { output: "previousConfiguration", heldWhen: ["awsAccessKeyId", "awsRegion"] }, scopes: settingScopes("guardian_factors") }),
  // Adopted without its key, it records what it found, and destroy puts that back (no write when the tenant holds it).
  exported: { name: { fixed: "sns-push-provider" }, order: 400 },
  warnsOnDestroy: true,
});

export type SnsPushProviderInputs = InputsOf<typeof snsPushProviderDefinition>;
