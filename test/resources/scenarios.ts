/**
 * One lifecycle per registered resource, for the suites that run every handler the same way: the inputs of a
 * create and of an in-place update (null for a resource that is only ever replaced). A resource added to the
 * registry without a scenario here fails those suites, naming it.
 */
import { AUTH_TOKEN } from "./harness";

export interface Scenario {
  /** Inputs of the create. */
  create: Record<string, unknown>;
  /** Inputs of an in-place update, or null for a resource that is only ever replaced. */
  update: Record<string, unknown> | null;
}

export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  pushProviderSelection: { create: { provider: "sns" }, update: { provider: "direct" } },
  phoneProvider: {
    create: { name: "vendor_a", credentials: { authToken: AUTH_TOKEN }, configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+15550100" } },
    update: { name: "vendor_a", credentials: { authToken: AUTH_TOKEN }, disabled: true, configuration: { sid: "AC1", deliveryMethods: ["voice"], mssid: "MG1" } },
  },
  enrollmentTicket: { create: { userId: "email|alice", factor: "otp" }, update: null },
  mfaFactor: { create: { factor: "sms" }, update: { factor: "sms", enabled: false } },
  mfaPolicy: { create: { policy: "all-applications" }, update: { policy: "confidence-score" } },
  // A fresh tenant offers ["sms"]: the create sets another value.
  phoneMessageTypes: { create: { messageTypes: ["voice"] }, update: { messageTypes: ["voice", "sms"] } },
  snsPushProvider: {
    create: { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: AUTH_TOKEN, awsRegion: "us-east-1" },
    update: { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: AUTH_TOKEN, awsRegion: "eu-west-1", snsGcmPlatformApplicationArn: "arn:gcm" },
  },
  apnsPushProvider: {
    create: { bundleId: "com.example.app", p12: "AAAA" },
    update: { bundleId: "com.example.app", sandbox: true, p12: "AAAA" },
  },
  fcmPushProvider: {
    create: { serverCredentials: '{"type":"service_account"}' },
    update: { serverCredentials: '{"type":"service_account","rotated":true}' },
  },
  eventStream: {
    create: {
      name: "audit",
      subscriptions: [{ eventType: "user.created" }],
      destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: { method: "bearer", token: AUTH_TOKEN } } },
    },
    update: {
      name: "audit-renamed",
      subscriptions: [{ eventType: "user.created" }, { eventType: "user.deleted" }],
      status: "disabled",
      destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: { method: "bearer", token: AUTH_TOKEN } } },
    },
  },
  phoneTemplate: {
    create: { type: "otp_verify", content: { from: "+15550100", body: { text: "{{ code | escape }} is your code" } } },
    update: { type: "otp_verify", disabled: true, content: { body: { text: "{{ code | escape }} is your code", voice: "Your code is {{ code | escape }}" } } },
  },
  duoSettings: {
    create: { integrationKey: "DIWJ8X6AEYOR5OMC6TQ1", secretKey: AUTH_TOKEN, hostname: "api-1a2b3c4d.duosecurity.com" },
    // The key left out: the tenant's, read just before the write.
    update: { integrationKey: "DIWJ8X6AEYOR5OMC6TQ1", hostname: "api-9z8y7x6w.duosecurity.com" },
  },
  webAuthnSettings: { create: { factor: "webauthn-roaming", userVerification: "required" }, update: { factor: "webauthn-roaming", userVerification: "preferred" } },
  pushCustomApp: {
    create: { appName: "Example Authenticator", appleAppLink: "https://apps.apple.com/app/id123456789", googleAppLink: "https://play.google.com/store/apps/details?id=com.example.auth" },
    update: { appName: "Example Authenticator 2" },
  },
  // A fresh tenant has the documented defaults: each create sets another value; each update leaves a field out.
  mfaSettings: {
    create: { displayRememberMeCheckbox: false, sessionInactivityTimeout: 28800, sessionOverallTimeout: 28800 },
    update: { displayRememberMeCheckbox: true, sessionInactivityTimeout: 28800, sessionOverallTimeout: 86400 },
  },
  otpSettings: { create: { factor: "sms", otpLength: 8 }, update: { factor: "sms", otpExpirationTime: 120 } },
  // Both switches are off on a fresh tenant; the update starts to manage the second, which it reads first to record.
  tenantMfaFlags: { create: { customizeMfaInPostLoginAction: true }, update: { customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: true } },
  // A fresh tenant has risk assessment off and remembers a device for 30 days.
  riskAssessmentSettings: { create: { enabled: true }, update: { enabled: false } },
  riskAssessmentNewDevice: { create: { rememberFor: 90 }, update: { rememberFor: 7 } },
};

/** The scenario of a registered resource; fails naming it when there is none. */
export function scenarioOf(module: string): Scenario {
  const scenario = SCENARIOS[module];
  if (!scenario) throw new Error(`no scenario for the registered resource "${module}": add one to test/resources/scenarios.ts`);
  return scenario;
}
