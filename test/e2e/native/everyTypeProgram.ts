/**
 * A YAML program (project `tenant-every-type`) declaring one resource of every type the plugin offers and calling both
 * of its functions, ordered as the README's MFA section orders them: credentials before the selection, the phone
 * provider, message types and templates before the factor, the factor before the policy. Its secrets come from
 * stack config (EVERY_TYPE_SECRETS, keys without the project's namespace).
 */

export const EVERY_TYPE_SECRETS = {
  smsAuthToken: "sentinel-every-type-sms-token-51be",
  awsSecretAccessKey: "sentinel-every-type-aws-secret-key-0c2f94d7aa",
  apnsP12: Buffer.from("sentinel-every-type-p12-certificate-3d81").toString("base64"),
  fcmServiceAccount: JSON.stringify({ type: "service_account", project_id: "every-type", private_key: "sentinel-every-type-fcm-key-77ae" }),
  webhookToken: "sentinel-every-type-webhook-token-e41c",
} as const;

const secretConfig = Object.fromEntries(Object.keys(EVERY_TYPE_SECRETS).map((key) => [key, { type: "string", secret: true }]));

const template = (type: string, text: string) => ({
  type: "tenant:index:PhoneTemplate",
  properties: { type, content: { body: { text } } },
  options: { dependsOn: ["${sms}"] },
});

/** The program, its plugin in `pluginPath` (relative to the project, as the README's `plugins.providers` entry). */
export function everyTypeProgram(pluginPath: string): Record<string, unknown> {
  return {
    name: "tenant-every-type",
    runtime: "yaml",
    plugins: { providers: [{ name: "tenant", path: pluginPath }] },
    config: secretConfig,
    resources: {
      sns: {
        type: "tenant:index:SnsPushProvider",
        properties: {
          awsAccessKeyId: "AKIAEVERYTYPE0000000",
          awsSecretAccessKey: "${awsSecretAccessKey}",
          awsRegion: "us-east-1",
          snsApnsPlatformApplicationArn: "arn:aws:sns:us-east-1:123456789012:app/APNS/every-type",
        },
      },
      apns: { type: "tenant:index:ApnsPushProvider", properties: { bundleId: "com.example.everytype", p12: "${apnsP12}", sandbox: true } },
      // The YAML runtime decodes a config value holding JSON (pulumi/pulumi-yaml#577): fn::toJSON makes it text again.
      fcm: { type: "tenant:index:FcmPushProvider", properties: { serverCredentials: { "fn::toJSON": "${fcmServiceAccount}" } } },
      push: { type: "tenant:index:PushProviderSelection", properties: { provider: "sns" }, options: { dependsOn: ["${sns}", "${apns}", "${fcm}"] } },
      pushFactor: {
        type: "tenant:index:MfaFactor",
        properties: { factor: "push-notification", enabled: true },
        options: { dependsOn: ["${push}"] },
      },
      sms: {
        type: "tenant:index:PhoneProvider",
        properties: {
          name: "vendor_a",
          credentials: { authToken: "${smsAuthToken}" },
          configuration: { sid: "AC0000000000000000000000000000demo", deliveryMethods: ["text"], defaultFrom: "+15550100" },
        },
      },
      messageTypes: { type: "tenant:index:PhoneMessageTypes", properties: { messageTypes: ["sms"] }, options: { dependsOn: ["${sms}"] } },
      verifyText: template("otp_verify", "{{ code | escape }} is your code for {{ friendly_name | escape }}."),
      smsFactor: {
        type: "tenant:index:MfaFactor",
        properties: { factor: "sms", enabled: true },
        options: { dependsOn: ["${sms}", "${messageTypes}", "${verifyText}"] },
      },
      policy: { type: "tenant:index:MfaPolicy", properties: { policy: "all-applications" }, options: { dependsOn: ["${smsFactor}", "${pushFactor}"] } },
      ticket: {
        type: "tenant:index:EnrollmentTicket",
        properties: { userId: "auth0|every-type", factor: "phone", sendMail: false },
        options: { dependsOn: ["${smsFactor}"] },
      },
      audit: {
        type: "tenant:index:EventStream",
        properties: {
          name: "audit",
          subscriptions: [{ eventType: "user.created" }],
          destination: {
            type: "webhook",
            configuration: { webhookEndpoint: "https://hooks.example.com/audit", webhookAuthorization: { method: "bearer", token: "${webhookToken}" } },
          },
        },
      },
    },
    variables: {
      streams: { "fn::invoke": { function: "tenant:index:getEventStreams", arguments: {} } },
      templates: { "fn::invoke": { function: "tenant:index:getPhoneTemplates", arguments: {} } },
    },
    outputs: {
      streams: "${streams.eventStreams}",
      templates: "${templates.templates}",
      ticketUrl: "${ticket.ticketUrl}",
    },
  };
}
