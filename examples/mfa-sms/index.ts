// MFA by SMS, as code: the phone provider that sends the codes, the message types the phone factor offers,
// the `sms` factor, and the policy that requires MFA on every login. Run from this folder, with connection
// settings in stack config (tenant:domain, tenant:clientId, tenant:clientSecret) or the TENANT_* variables:
//   pulumi config set --secret smsAuthToken <token>
//
// The dependencies order the changes: `up` sets the provider, then the message types, then turns the factor on,
// and only then requires MFA; `destroy` undoes them in reverse, putting back what each resource found, so a
// tenant that had no MFA before the first `up` has none after `destroy`.
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

const smsFactor = new tenant.MfaFactor("sms", { factor: "sms", enabled: config.getBoolean("smsEnabled") ?? true }, { dependsOn: [phoneProvider, messageTypes] });

// The factors the policy relies on are its dependencies: MFA is required only once a factor is on.
const policy = new tenant.MfaPolicy("policy", { policy: policyName }, { dependsOn: [smsFactor] });

export const smsEnabled = smsFactor.enabled;
export const smsPreviouslyEnabled = smsFactor.previousEnabled;
export const mfaPolicy = policy.policy;
export const phoneMessageTypes = messageTypes.messageTypes;
