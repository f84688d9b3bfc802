// The tenant 127.0.0.1:4417 as `pulumi-tenant export` (pulumi-tenant 0.1.0) found it: 32 resources.
// Each one takes over what the tenant holds, so the first `pulumi up` changes nothing there. Secrets are left out:
// the service keeps the ones it holds; set one (as a secret) to change it. Declare these resources here or through
// import.json (the native plugin), never both in one stack.
import * as tenant from "pulumi-tenant";

// PhoneProvider (1)
const phoneProvider = new tenant.PhoneProvider(
  "phone-provider",
  {
    name: "vendor_a",
    disabled: false,
    configuration: {
      sid: "AC0000000000000000000000000000seed",
      deliveryMethods: ["text", "voice"],
      defaultFrom: "+15550100",
    },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the phone provider from the tenant.
    retainOnDelete: true,
  },
);

// PhoneMessageTypes (1)
const phoneMessageTypes = new tenant.PhoneMessageTypes(
  "phone-message-types",
  { messageTypes: ["sms", "voice"] },
  { dependsOn: [phoneProvider] },
);

// PhoneTemplate (2)
const otpEnrollTemplate = new tenant.PhoneTemplate(
  "otp_enroll",
  {
    type: "otp_enroll",
    disabled: false,
    content: { from: "+15550111", body: { text: "Enroll with {{ code | escape }}." } },
    adoptExisting: true,
  },
  { dependsOn: [phoneProvider] },
);
const otpVerifyTemplate = new tenant.PhoneTemplate(
  "otp_verify",
  {
    type: "otp_verify",
    disabled: false,
    content: {
      body: { text: "{{ code | escape }} is your verification code.", voice: "Your code is {{ code | escape }}." },
    },
    adoptExisting: true,
  },
  { dependsOn: [phoneProvider] },
);

// SnsPushProvider (1)
const snsPushProvider = new tenant.SnsPushProvider(
  "sns-push-provider",
  {
    awsAccessKeyId: "AKIAEXPORTSEED",
    awsRegion: "eu-west-1",
    snsApnsPlatformApplicationArn: "arn:aws:sns:eu-west-1:123456789012:app/APNS/tenant-app",
    snsGcmPlatformApplicationArn: "arn:aws:sns:eu-west-1:123456789012:app/GCM/tenant-app",
  },
);

// ApnsPushProvider (1)
const apnsPushProvider = new tenant.ApnsPushProvider(
  "apns-push-provider",
  { bundleId: "com.example.tenant", sandbox: false },
);

// PushProviderSelection (1)
const pushProviderSelection = new tenant.PushProviderSelection(
  "push-provider-selection",
  { provider: "sns" },
  { dependsOn: [snsPushProvider] },
);

// PushCustomApp (1)
const pushCustomApp = new tenant.PushCustomApp(
  "push-custom-app",
  {
    appName: "Tenant Authenticator",
    appleAppLink: "https://apps.apple.com/app/id100200300",
    googleAppLink: "https://play.google.com/store/apps/details?id=com.example.tenant",
  },
  { dependsOn: [pushProviderSelection] },
);

// MfaFactor (5)
const duoFactor = new tenant.MfaFactor("duo", { factor: "duo", enabled: true });
const otpFactor = new tenant.MfaFactor("otp", { factor: "otp", enabled: true });
const pushNotificationFactor = new tenant.MfaFactor(
  "push-notification",
  { factor: "push-notification", enabled: true },
  { dependsOn: [pushProviderSelection] },
);
const smsFactor = new tenant.MfaFactor("sms", { factor: "sms", enabled: true }, { dependsOn: [phoneMessageTypes] });
const webauthnRoamingFactor = new tenant.MfaFactor("webauthn-roaming", { factor: "webauthn-roaming", enabled: true });

// DuoSettings (1)
const duoSettings = new tenant.DuoSettings(
  "duo-settings",
  { integrationKey: "DIEXPORTSEED00000001", hostname: "api-export.duosecurity.com" },
  { dependsOn: [duoFactor] },
);

// WebAuthnSettings (1)
const webauthnRoamingSettings = new tenant.WebAuthnSettings(
  "webauthn-roaming",
  { factor: "webauthn-roaming", userVerification: "required", overrideRelyingParty: false },
  { dependsOn: [webauthnRoamingFactor] },
);

// OtpSettings (2)
const emailOtpSettings = new tenant.OtpSettings("email", { factor: "email", otpLength: 6, otpExpirationTime: 300 });
const smsOtpSettings = new tenant.OtpSettings(
  "sms",
  { factor: "sms", otpLength: 8, otpExpirationTime: 120 },
  { dependsOn: [smsFactor] },
);

// MfaPolicy (1)
const mfaPolicy = new tenant.MfaPolicy(
  "mfa-policy",
  { policy: "all-applications" },
  { dependsOn: [duoFactor, otpFactor, pushNotificationFactor, smsFactor, webauthnRoamingFactor] },
);

// RiskAssessmentSettings (1)
const riskAssessment = new tenant.RiskAssessmentSettings(
  "risk-assessment",
  { enabled: true },
  { dependsOn: [mfaPolicy] },
);

// RiskAssessmentNewDevice (1)
const riskAssessmentNewDevice = new tenant.RiskAssessmentNewDevice("risk-assessment-new-device", { rememberFor: 90 });

// MfaSettings (1)
const mfaSettings = new tenant.MfaSettings(
  "mfa-settings",
  {
    displayRememberMeCheckbox: true,
    rememberMeDefaultValue: false,
    sessionInactivityTimeout: 28800,
    sessionOverallTimeout: 28800,
  },
);

// TenantMfaFlags (1)
const tenantMfaFlags = new tenant.TenantMfaFlags(
  "tenant-mfa-flags",
  { customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: false },
);

// EventStream (10)
const seededStream1Stream = new tenant.EventStream(
  "seeded-stream-1",
  {
    name: "seeded-stream-1",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: {
      type: "webhook",
      configuration: {
        webhookEndpoint: "https://hooks.example.com/seeded-stream-1",
        webhookAuthorization: { method: "basic", username: "seed" },
      },
    },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream10Stream = new tenant.EventStream(
  "seeded-stream-10",
  {
    name: "seeded-stream-10",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: { type: "action", configuration: { actionId: "5b2ce7d8-3141-436b-9bd4-7f79a957c04f" } },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream2Stream = new tenant.EventStream(
  "seeded-stream-2",
  {
    name: "seeded-stream-2",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: {
      type: "webhook",
      configuration: {
        webhookEndpoint: "https://hooks.example.com/seeded-stream-2",
        webhookAuthorization: { method: "bearer" },
      },
    },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream3Stream = new tenant.EventStream(
  "seeded-stream-3",
  {
    name: "seeded-stream-3",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: {
      type: "webhook",
      configuration: {
        webhookEndpoint: "https://hooks.example.com/seeded-stream-3",
        webhookAuthorization: { method: "custom_header", headerKey: "x-seed-key" },
      },
    },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream4Stream = new tenant.EventStream(
  "seeded-stream-4",
  {
    name: "seeded-stream-4",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: { type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1" } },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream5Stream = new tenant.EventStream(
  "seeded-stream-5",
  {
    name: "seeded-stream-5",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: { type: "action", configuration: { actionId: "84590a6e-19e3-46bd-a2f3-3662566d33ae" } },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream6Stream = new tenant.EventStream(
  "seeded-stream-6",
  {
    name: "seeded-stream-6",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: {
      type: "webhook",
      configuration: {
        webhookEndpoint: "https://hooks.example.com/seeded-stream-6",
        webhookAuthorization: { method: "basic", username: "seed" },
      },
    },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream7Stream = new tenant.EventStream(
  "seeded-stream-7",
  {
    name: "seeded-stream-7",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: {
      type: "webhook",
      configuration: {
        webhookEndpoint: "https://hooks.example.com/seeded-stream-7",
        webhookAuthorization: { method: "bearer" },
      },
    },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream8Stream = new tenant.EventStream(
  "seeded-stream-8",
  {
    name: "seeded-stream-8",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: {
      type: "webhook",
      configuration: {
        webhookEndpoint: "https://hooks.example.com/seeded-stream-8",
        webhookAuthorization: { method: "custom_header", headerKey: "x-seed-key" },
      },
    },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
const seededStream9Stream = new tenant.EventStream(
  "seeded-stream-9",
  {
    name: "seeded-stream-9",
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: { type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1" } },
    adoptExisting: true,
  },
  {
    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.
    retainOnDelete: true,
  },
);
