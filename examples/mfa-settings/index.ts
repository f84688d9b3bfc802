// Every MFA setting a factor needs, as code: security keys (WebAuthn roaming) that must verify their user, Duo with its
// integration's keys, and an MFA session of eight hours, idle or not. Run from this folder, with connection settings
// in stack config (tenant:domain, tenant:clientId, tenant:clientSecret) or the TENANT_* variables:
//   pulumi config set duoIntegrationKey DI...
//   pulumi config set --secret duoSecretKey <secret key>
//   pulumi config set duoHostname api-XXXXXXXX.duosecurity.com
//
// The dependencies order the changes: `up` configures each factor before turning it on, so users are never sent to a
// factor without its settings. A setting changed in the dashboard shows up on `pulumi preview --refresh` (Duo's secret
// key too: the service returns it, and the package compares it). `destroy` turns the factors back to what they were and
// puts back the WebAuthn and session settings the tenant had; Duo's integration stays when the stack replaced the
// tenant's secret key (that key is never stored), and destroy says so.
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const config = new pulumi.Config();

const securityKeySettings = new tenant.WebAuthnSettings("security-keys", { factor: "webauthn-roaming", userVerification: "required" });
const securityKeys = new tenant.MfaFactor("security-keys", { factor: "webauthn-roaming" }, { dependsOn: [securityKeySettings] });

const duoSettings = new tenant.DuoSettings("duo", {
  integrationKey: config.require("duoIntegrationKey"),
  secretKey: config.requireSecret("duoSecretKey"),
  hostname: config.require("duoHostname"),
});
const duo = new tenant.MfaFactor("duo", { factor: "duo" }, { dependsOn: [duoSettings] });

const eightHours = 8 * 60 * 60;
const sessions = new tenant.MfaSettings("mfa-sessions", {
  sessionInactivityTimeout: eightHours,
  sessionOverallTimeout: eightHours,
});

export const securityKeyUserVerification = securityKeySettings.userVerification;
export const securityKeysEnabled = securityKeys.enabled;
export const duoEnabled = duo.enabled;
export const duoHostname = duoSettings.hostname;
export const sessionOverallTimeout = sessions.sessionOverallTimeout;
