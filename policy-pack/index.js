// The tenant's MFA rules as a policy pack: `pulumi preview --policy-pack <this folder>`.
const { PolicyPack } = require("@pulumi/policy");
const { tenantMfaPolicies } = require("pulumi-tenant/policy");

// Each rule at its default level: what cannot work is mandatory, the baseline advisory. Change one here, e.g.
// tenantMfaPolicies({ "sms-not-only-factor": "mandatory" }), or with `--policy-pack-config <file>`.
new PolicyPack("tenant-mfa", { policies: tenantMfaPolicies() });
