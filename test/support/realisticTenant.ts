/**
 * A tenant as a team would bring one under code, seeded into the emulator through the API (and its controls for
 * MFA and streams): a phone provider sending both ways, message types `sms` and `voice`, `sms`, `otp`,
 * `push-notification`, `duo` and `webauthn-roaming` on, the policy `all-applications`, SNS (selected) and APNs
 * configurations, Duo's integration, security keys that verify their user, a custom push app, an eight-hour MFA
 * session and eight-digit SMS codes, MFA factors chosen by a PostLogin Action, risk assessment on with devices
 * remembered for 90 days, two customized phone templates, and event streams of the three destination
 * types, webhooks with each authorization method.
 * Every secret is a sentinel (the webhooks' are the emulator's own), so leak scans know what to look for; and the
 * tenant can be read back whole, secrets included, to prove it unchanged.
 */
import { SEED_DESTINATIONS, type Emulator } from "../../tools/emulator";

export const PHONE_TOKEN = "sentinel-export-phone-token-6b1f";
export const AWS_SECRET = "sentinel-export-aws-secret-0c7e";
/** Base64, as the certificate must be; a sentinel all the same. */
export const P12 = Buffer.from("sentinel-export-p12-certificate-5a2d").toString("base64");
/** Duo's secret key, which the service returns (never exported). */
export const DUO_SECRET = "sentinel-export-duo-secret-8e3c";

async function call(emulator: Emulator, token: string, method: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${emulator.url}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`seeding ${method} ${path} failed: ${response.status} ${await response.text()}`);
}

/** Seeds the tenant; answers every secret it holds (the sentinels above and the webhooks' secrets). */
export async function seedRealisticTenant(emulator: Emulator, clientId: string, streams: number): Promise<string[]> {
  const token = await emulator.issueToken(clientId);
  emulator.seedMfa({
    factors: { sms: true, otp: true, "push-notification": true, duo: true, "webauthn-roaming": true },
    policies: ["all-applications"],
    messageTypes: ["sms", "voice"],
  });
  await call(emulator, token, "PUT", "/guardian/factors/duo/settings", { ikey: "DIEXPORTSEED00000001", skey: DUO_SECRET, host: "api-export.duosecurity.com" });
  await call(emulator, token, "PUT", "/guardian/factors/webauthn-roaming/settings", { userVerification: "required" });
  await call(emulator, token, "PATCH", "/prompts/mfa-push", {
    app_name: "Tenant Authenticator",
    apple_app_link: "https://apps.apple.com/app/id100200300",
    google_app_link: "https://play.google.com/store/apps/details?id=com.example.tenant",
  });
  await call(emulator, token, "PUT", "/guardian/settings", {
    display_remember_me_checkbox: true,
    remember_me_default_value: false,
    mfa_session_inactivity_timeout: 28800,
    mfa_session_overall_timeout: 28800,
  });
  await call(emulator, token, "PUT", "/guardian/factors/phone/settings", { otp_length: 8, otp_expiration_time: 120 });
  await call(emulator, token, "PATCH", "/tenants/settings", { friendly_name: "Realistic Tenant", customize_mfa_in_postlogin_action: true });
  await call(emulator, token, "PATCH", "/risk-assessments/settings", { enabled: true });
  await call(emulator, token, "PATCH", "/risk-assessments/settings/new-device", { remember_for: 90 });
  await call(emulator, token, "POST", "/branding/phone/providers", {
    name: "vendor_a",
    credentials: { auth_token: PHONE_TOKEN },
    configuration: { sid: "AC0000000000000000000000000000seed", delivery_methods: ["text", "voice"], default_from: "+15550100" },
  });
  await call(emulator, token, "PUT", "/guardian/factors/push-notification/providers/sns", {
    aws_access_key_id: "AKIAEXPORTSEED",
    aws_secret_access_key: AWS_SECRET,
    aws_region: "eu-west-1",
    sns_apns_platform_application_arn: "arn:aws:sns:eu-west-1:123456789012:app/APNS/tenant-app",
    sns_gcm_platform_application_arn: "arn:aws:sns:eu-west-1:123456789012:app/GCM/tenant-app",
  });
  await call(emulator, token, "PUT", "/guardian/factors/push-notification/providers/apns", { bundle_id: "com.example.tenant", sandbox: false, p12: P12 });
  await call(emulator, token, "PUT", "/guardian/factors/push-notification/selected-provider", { provider: "sns" });
  await call(emulator, token, "POST", "/branding/phone/templates", {
    type: "otp_verify",
    content: { body: { text: "{{ code | escape }} is your verification code.", voice: "Your code is {{ code | escape }}." } },
  });
  await call(emulator, token, "POST", "/branding/phone/templates", {
    type: "otp_enroll",
    content: { from: "+15550111", body: { text: "Enroll with {{ code | escape }}." } },
  });
  emulator.seedEventStreams(streams, { destinations: SEED_DESTINATIONS });
  const webhookSecrets = emulator.state.eventStreams.flatMap((stream) => {
    if (stream.destination.type !== "webhook") return [];
    const { password, token: bearer, header_value } = stream.destination.configuration.webhook_authorization;
    return [password, bearer, header_value].filter((secret): secret is string => secret !== undefined);
  });
  return [PHONE_TOKEN, AWS_SECRET, P12, Buffer.from(P12, "base64").toString(), DUO_SECRET, ...webhookSecrets];
}

/**
 * Adds a stream whose destination type the service added after this release ("kafka"): `getEventStreams` lists it as
 * `other`, and no EventStream can hold it. Answers its id and name.
 */
export function seedUnmanagedStream(emulator: Emulator, name: string): { id: string; name: string } {
  emulator.seedEventStreams(1, { namePrefix: name, destinations: ["action"] });
  const stream = emulator.state.eventStreams[emulator.state.eventStreams.length - 1];
  stream.name = name;
  (stream.destination as unknown) = { type: "kafka", configuration: { topic: `${name}-events`, partitions: 3 } };
  return { id: stream.id, name };
}

/** Everything the tenant holds, secrets and timestamps included (a write would change `updated_at`), as a copy. */
export function tenantSnapshot(emulator: Emulator): unknown {
  const { state } = emulator;
  return structuredClone({
    pushProvider: state.pushProvider,
    phoneProviders: [...state.phoneProviders.values()],
    eventStreams: state.eventStreams,
    pushCredentials: { sns: state.pushCredentials.sns, apns: state.pushCredentials.apns, fcmv1: state.pushCredentials.fcmv1 },
    mfa: state.mfa.snapshot(),
    factorSettings: { duo: state.factorSettings.duo, webauthn: state.factorSettings.webauthn, customApp: state.factorSettings.customApp, guardian: state.factorSettings.guardian, otp: state.factorSettings.otp },
    phoneTemplates: [...state.phoneTemplates.custom.values()],
    tenantSettings: state.tenantSettings.settings,
    riskAssessment: { settings: state.riskAssessment.settings, newDevice: state.riskAssessment.newDevice },
  });
}

/** A snapshot with every `updated_at` dropped: what a write that puts a value back leaves the same. */
export function withoutUpdateTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUpdateTimes);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "updated_at").map(([key, inner]) => [key, withoutUpdateTimes(inner)]));
}
