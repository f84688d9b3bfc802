// MFA by SMS, as code: the phone provider that sends the codes, the message types the phone factor offers,
// the texts of the verification and enrollment codes, the `sms` factor, and the policy that requires MFA on every
// login. Run from this folder, with connection settings in stack config (tenant:domain, tenant:clientId,
// tenant:clientSecret) or the TENANT_* variables:
//   pulumi config set --secret smsAuthToken <token>
//
// The dependencies order the changes: `up` sets the provider, then the message types and the texts, then turns the
// factor on, and only then requires MFA; `destroy` undoes them in reverse, putting back what each resource found, so
// a tenant that had no MFA before the first `up` has none after `destroy`, and its texts are the service's defaults.
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const config = new pulumi.Config();

// Stack config is plain strings; the type guard narrows one to the values the resource accepts.
const policyName = config.get("mfaPolicy") ?? "all-applications";
if (!tenant.isMfaPolicyName(policyName)) {
  throw new pulumi.RunError(`The stack config "mfaPolicy" must be one of ${tenant.MFA_POLICY_NAMES.join(", ")} (got "${policyName}").`);
}

const phoneProvider = new tenant.PhoneProvider("sms-provider", {
  name: "vendor_a",
  credentials: { authToken: config.requireSecret("smsAuthToken") },
  configuration: {
    sid: config.get("smsSid") ?? "AC0000000000000000000000000000demo",
    deliveryMethods: ["text", "voice"],
    defaultFrom: config.get("smsFrom") ?? "+15550100",
  },
});

// A set: the order does not matter, and listing a type twice is refused before any call.
const messageTypes = new tenant.PhoneMessageTypes(
  "message-types",
  { messageTypes: config.getBoolean("smsVoice") === false ? ["sms"] : ["sms", "voice"] },
  { dependsOn: [phoneProvider] },
);

// The SMS texts of the codes, reviewed with the rest of the program (Liquid: `{{ code | escape }}` is the code). The
// service lets templates be customized once an external phone provider is configured: the provider comes first. The
// voice scripts are left out, so they stay the service's (neither compared nor changed).
const signOff = config.get("smsSignOff") ?? "Never share this code.";
const verifyText = new tenant.PhoneTemplate(
  "otp-verify",
  { type: "otp_verify", content: { body: { text: `{{ code | escape }} is your verification code for {{ friendly_name | escape }}. ${signOff}` } } },
  { dependsOn: [phoneProvider] },
);
const enrollText = new tenant.PhoneTemplate(
  "otp-enroll",
  { type: "otp_enroll", content: { body: { text: `{{ code | escape }} is your enrollment code for {{ friendly_name | escape }}. ${signOff}` } } },
  { dependsOn: [phoneProvider] },
);

// The factor goes on once its texts are in place.
const smsFactor = new tenant.MfaFactor(
  "sms",
  { factor: "sms", enabled: config.getBoolean("smsEnabled") ?? true },
  { dependsOn: [phoneProvider, messageTypes, verifyText, enrollText] },
);

// The factors the policy relies on are its dependencies: MFA is required only once a factor is on.
const policy = new tenant.MfaPolicy("policy", { policy: policyName }, { dependsOn: [smsFactor] });

export const smsEnabled = smsFactor.enabled;
export const smsPreviouslyEnabled = smsFactor.previousEnabled;
export const mfaPolicy = policy.policy;
export const phoneMessageTypes = messageTypes.messageTypes;
export const verifyTemplateId = verifyText.id;
export const verifyTemplateText = verifyText.content.body.text;
