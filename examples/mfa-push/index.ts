// MFA by push notification through Amazon SNS, as code: the SNS credentials the tenant publishes with, the
// selection of SNS as the push provider, and the push-notification factor. Run from this folder, with connection
// settings in stack config (tenant:domain, tenant:clientId, tenant:clientSecret) or the TENANT_* variables:
//   pulumi config set awsAccessKeyId AKIA...
//   pulumi config set --secret awsSecretAccessKey <secret access key>
//   pulumi config set snsApnsArn arn:aws:sns:...:app/APNS/<app>      (and/or snsGcmArn for Android)
//
// The dependencies order the changes: `up` sets the credentials, then selects SNS, and only then turns the factor
// on, so push MFA never points at a provider without credentials. Rotating the secret key in stack config is an
// update of the credentials alone. `destroy` turns the factor back to what it was and puts the previous selection
// back. The SNS credentials: on a tenant with no SNS configuration before the stack, destroy clears them; on one that
// held a configuration, destroy leaves the one the stack set, its secret key included (the key it replaced cannot be
// put back), and says so in a warning.
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const config = new pulumi.Config();

// Create overwrites whatever SNS configuration the tenant holds, and records what it found (see destroy above).
const sns = new tenant.SnsPushProvider("sns", {
  awsAccessKeyId: config.require("awsAccessKeyId"),
  awsSecretAccessKey: config.requireSecret("awsSecretAccessKey"),
  awsRegion: config.get("awsRegion") ?? "us-east-1",
  snsApnsPlatformApplicationArn: config.get("snsApnsArn"),
  snsGcmPlatformApplicationArn: config.get("snsGcmArn"),
});

const selection = new tenant.PushProviderSelection("push-provider", { provider: "sns" }, { dependsOn: [sns] });

const pushFactor = new tenant.MfaFactor("push", { factor: "push-notification", enabled: true }, { dependsOn: [selection] });

export const pushProvider = selection.provider;
export const pushEnabled = pushFactor.enabled;
export const snsRegion = sns.awsRegion;
export const snsAccessKeyId = sns.awsAccessKeyId;
