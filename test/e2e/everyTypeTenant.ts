/**
 * The every-type program's tenant side, the same in both doors: its sentinel secrets and stack config, what the
 * tenant holds of each resource (read from the emulator's state), what it should hold at each phase, and what the
 * program's two functions listed.
 */
import type { Emulator } from "../../tools/emulator";
import type { StackConfig } from "../../tools/pulumi-cli/driver";
import { everyTypeInputs, type EveryTypeSecretKey, type Phase } from "../support/fixtures/everyTypeProgram/inputs";

export const EVERY_TYPE_CLIENT = { id: "every-type-ci", secret: "sentinel-every-type-client-secret-a3f0" };

const P12_CERTIFICATE = "sentinel-every-type-p12-certificate-3d81";
/** The FCM service account's private key before and after the rotation of phase 2. */
const FCM_PRIVATE_KEYS = { 1: "sentinel-every-type-fcm-key-77ae", 2: "sentinel-every-type-fcm-key-rotated-19cd" } as const;

/** The program's secrets at `phase`: the FCM service account is rotated (its config set anew) for phase 2. */
export function everyTypeSecrets(phase: Phase): Record<EveryTypeSecretKey, string> {
  return {
    smsAuthToken: "sentinel-every-type-sms-token-51be",
    awsSecretAccessKey: "sentinel-every-type-aws-secret-key-0c2f94d7aa",
    apnsP12: Buffer.from(P12_CERTIFICATE).toString("base64"),
    fcmServiceAccount: JSON.stringify({ type: "service_account", project_id: "every-type", private_key: FCM_PRIVATE_KEYS[phase] }),
    webhookToken: "sentinel-every-type-webhook-token-e41c",
    duoSecretKey: "sentinel-every-type-duo-secret-key-6b90",
  };
}

/** Every secret value of both phases, by what it is, for expectNoSecrets (the certificate decoded too). */
export const EVERY_TYPE_SENTINELS: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(everyTypeSecrets(1)).map(([key, value]) => [key, [value]])),
  "the APNs certificate, decoded": [P12_CERTIFICATE],
  "the FCM private keys": Object.values(FCM_PRIVATE_KEYS),
  "the client secret": [EVERY_TYPE_CLIENT.secret],
};

/** The secrets as the stack's secret config at `phase`. */
export function everyTypeSecretConfig(phase: Phase): StackConfig {
  return Object.fromEntries(Object.entries(everyTypeSecrets(phase)).map(([key, value]) => [`tenant-every-type:${key}`, { value, secret: true }]));
}

/** What the tenant holds of each resource the program declares (null where it holds none), by the resource's name. */
export function tenantHolds({ state }: Emulator) {
  const { sns, apns, fcmv1 } = state.pushCredentials;
  const stream = state.eventStreams.find((candidate) => candidate.name === "audit");
  const archive = state.eventStreams.find((candidate) => candidate.name === "archive");
  const authorization = stream?.destination.type === "webhook" ? stream.destination.configuration.webhook_authorization : undefined;
  return {
    sns: { accessKeyId: sns.aws_access_key_id, secretAccessKey: sns.aws_secret_access_key, region: sns.aws_region, apnsArn: sns.sns_apns_platform_application_arn },
    apns: { ...apns },
    // Parsed: the YAML door's text is the service account as fn::toJSON writes it again.
    fcm: fcmv1.server_credentials === null ? null : (JSON.parse(fcmv1.server_credentials) as unknown),
    push: state.pushProvider,
    pushFactor: state.mfa.factors.get("push-notification")?.enabled,
    customApp: { ...state.factorSettings.customApp },
    sms: [...state.phoneProviders.values()].map((provider) => ({
      name: provider.name,
      defaultFrom: provider.configuration.default_from,
      authToken: provider.credentials.auth_token,
    })),
    messageTypes: [...state.mfa.messageTypes],
    verifyText: state.phoneTemplates.findByType("otp_verify")?.content.body.text ?? null,
    otp: { ...state.factorSettings.otp.phone },
    smsFactor: state.mfa.factors.get("sms")?.enabled,
    policy: [...state.mfa.policies],
    /** Every ticket minted, by its user: the API can revoke none. */
    tickets: state.enrollmentTickets.map((ticket) => ticket.request.user_id),
    audit: stream ? { status: stream.status, events: stream.subscriptions.map((subscription) => subscription.event_type), token: authorization?.token } : null,
    archive: archive?.destination.type === "eventbridge" ? { region: archive.destination.configuration.aws_region } : null,
    duo: { ...state.factorSettings.duo },
    securityKeys: { ...state.factorSettings.webauthn["webauthn-roaming"] },
    sessions: { ...state.factorSettings.guardian },
    /** The tenant's whole settings object: the program manages two switches of it, and nothing else may move. */
    mfaSwitches: structuredClone(state.tenantSettings.settings),
    risk: { ...state.riskAssessment.settings },
    newDevice: { ...state.riskAssessment.newDevice },
  };
}

export type TenantHolds = ReturnType<typeof tenantHolds>;

/** What the tenant holds once `up` ran the program at `phase` (the tickets minted so far listed by the caller). */
export function heldAfterUp(phase: Phase, before: TenantHolds, tickets: string[]): TenantHolds {
  const secrets = everyTypeSecrets(phase);
  const inputs = everyTypeInputs(phase, (key) => secrets[key]);
  return {
    sns: { accessKeyId: inputs.sns.awsAccessKeyId, secretAccessKey: secrets.awsSecretAccessKey, region: inputs.sns.awsRegion, apnsArn: inputs.sns.snsApnsPlatformApplicationArn },
    apns: { bundle_id: inputs.apns.bundleId, sandbox: inputs.apns.sandbox, p12: secrets.apnsP12 },
    fcm: JSON.parse(secrets.fcmServiceAccount) as unknown,
    push: inputs.push.provider,
    pushFactor: inputs.pushFactor.enabled,
    customApp: { app_name: inputs.customApp.appName, apple_app_link: inputs.customApp.appleAppLink, google_app_link: inputs.customApp.googleAppLink },
    sms: [
      inputs.sms.name === "custom"
        ? { name: "custom", defaultFrom: undefined, authToken: undefined }
        : { name: "vendor_a", defaultFrom: inputs.sms.configuration.defaultFrom, authToken: secrets.smsAuthToken },
    ],
    messageTypes: inputs.messageTypes.messageTypes,
    verifyText: inputs.verifyText.content.body.text,
    otp: { otp_length: inputs.otp.otpLength, otp_expiration_time: inputs.otp.otpExpirationTime },
    smsFactor: inputs.smsFactor.enabled,
    policy: [inputs.policy.policy],
    tickets,
    audit: { status: "enabled", events: inputs.audit.subscriptions.map((subscription) => subscription.eventType), token: secrets.webhookToken },
    archive: { region: inputs.archive.destination.configuration.awsRegion },
    duo: { ikey: inputs.duo.integrationKey, skey: secrets.duoSecretKey, host: inputs.duo.hostname },
    securityKeys: { ...before.securityKeys, userVerification: inputs.securityKeys.userVerification },
    sessions: { ...before.sessions, mfa_session_inactivity_timeout: inputs.sessions.sessionInactivityTimeout, mfa_session_overall_timeout: inputs.sessions.sessionOverallTimeout },
    mfaSwitches: {
      ...before.mfaSwitches,
      customize_mfa_in_postlogin_action: inputs.mfaSwitches.customizeMfaInPostLoginAction,
      // Left out of phase 1's program, the flag is the tenant's.
      flags: { ...before.mfaSwitches.flags, ...("showFactorListOnEnrollment" in inputs.mfaSwitches ? { mfa_show_factor_list_on_enrollment: inputs.mfaSwitches.showFactorListOnEnrollment } : {}) },
    },
    risk: { enabled: inputs.risk.enabled },
    newDevice: { remember_for: inputs.newDevice.rememberFor },
  };
}

interface ListedStream {
  name: string;
  status: string;
  subscriptions: { eventType: string }[];
}
interface ListedTemplate {
  type: string;
  id?: string;
  content: { body: { text?: string } };
}

/** What the stack outputs show of the two functions' answers: every stream's name, audit's status and events, the verify text. */
export function listedByFunctions(outputs: Record<string, unknown>) {
  const streams = outputs.streams as ListedStream[];
  const audit = streams.find((stream) => stream.name === "audit");
  const verify = (outputs.templates as ListedTemplate[]).find((template) => template.type === "otp_verify");
  return {
    streams: streams.map((stream) => stream.name).sort(),
    audit: audit && { status: audit.status, events: audit.subscriptions.map((subscription) => subscription.eventType) },
    // A default template has no id: only a customized one is the program's.
    verifyText: verify?.id === undefined ? null : verify.content.body.text,
  };
}

/** What the functions list once `up` ran the program at `phase` (audit's status as the tenant holds it). */
export function listedAfterUp(phase: Phase, seededStreams: string[], auditStatus = "enabled"): ReturnType<typeof listedByFunctions> {
  const inputs = everyTypeInputs(phase, (key) => key);
  return {
    streams: [...seededStreams, "archive", "audit"].sort(),
    audit: { status: auditStatus, events: inputs.audit.subscriptions.map((subscription) => subscription.eventType) },
    verifyText: inputs.verifyText.content.body.text,
  };
}
