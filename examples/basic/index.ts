// The basic pulumi-tenant program: run it from the repository root (Pulumi.yaml points here), or copy it
// into your own project with `npm install pulumi-tenant @pulumi/pulumi`.
//
// Connection settings come from stack config (tenant:domain, tenant:clientId, tenant:clientSecret) or
// the TENANT_* environment variables; the SMS vendor's auth token is a secret in this project's config:
//   pulumi config set --secret smsAuthToken <token>
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const config = new pulumi.Config();

// Which push-notification provider MFA uses. Destroying the stack restores the previous selection.
// Config values are plain strings; the type guard narrows one to the values the resource accepts.
const pushProviderName = config.get("pushProvider") ?? "sns";
if (!tenant.isPushProviderName(pushProviderName)) {
  throw new pulumi.RunError(
    `The stack config "pushProvider" must be one of ${tenant.PUSH_PROVIDER_NAMES.join(", ")} (got "${pushProviderName}").`,
  );
}
const push = new tenant.PushProviderSelection("push", { provider: pushProviderName });

// The tenant's SMS/voice provider. Its credentials stay secret in state, even though the API never returns them.
const sms = new tenant.PhoneProvider("sms", {
  name: "vendor_a",
  credentials: { authToken: config.requireSecret("smsAuthToken") },
  disabled: config.getBoolean("smsDisabled") ?? false,
  // A tenant has one phone provider at most: smsAdoptExisting=true manages the one it already has.
  adoptExisting: config.getBoolean("smsAdoptExisting"),
  configuration: {
    sid: config.get("smsSid") ?? "AC0000000000000000000000000000demo",
    deliveryMethods: ["text", "voice"],
    defaultFrom: "+15550100",
  },
});

// A link that lets a user enroll an MFA factor. The URL is a secret: anyone holding it can enroll.
const ticket = new tenant.EnrollmentTicket("alice-push", {
  userId: config.get("ticketUserId") ?? "auth0|alice",
  factor: "push-notification",
  sendMail: false,
});

// Every event stream of the tenant, across all pages.
const streams = tenant.getEventStreamsOutput({});

export const pushProvider = push.provider;
export const previousPushProvider = push.previousProvider;
export const phoneProviderId = sms.id;
export const phoneChannel = sms.channel;
export const smsDisabled = sms.disabled;
export const ticketId = ticket.ticketId;
export const ticketUrl = ticket.ticketUrl;
export const eventStreamCount = streams.eventStreams.apply((s) => s.length);
export const eventStreamNames = streams.eventStreams.apply((s) => s.slice(0, 5).map((stream) => stream.name));
// Streams per destination type; narrowing on `type` reaches each type's configuration, and a type newer
// than this package comes as "other" with the service's name for it.
export const eventStreamTypes = streams.eventStreams.apply((s) =>
  s.reduce<Record<string, number>>((counts, { destination }) => {
    const type = destination.type === "other" ? destination.serviceType : destination.type;
    counts[type] = (counts[type] ?? 0) + 1;
    return counts;
  }, {}),
);
