// Event streams declared in code: an audit-log webhook authenticated with a bearer token kept as a stack
// secret, and an archive stream to Amazon EventBridge whose partner event source is exported for the AWS side.
//
//   pulumi config set tenant:domain my-tenant.example.com     (and tenant:clientId / --secret tenant:clientSecret)
//   pulumi config set --secret webhookToken …
//   pulumi config set archiveAwsAccountId <your 12-digit AWS account id>   (and archiveAwsRegion; 123456789012 is a placeholder)
//   pulumi config set archiveActionId act_…                    (optional: archive to an Action instead)
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const config = new pulumi.Config();

const audit = new tenant.EventStream("audit-webhook", {
  name: "audit-webhook",
  subscriptions: [{ eventType: "user.created" }, { eventType: "user.deleted" }],
  destination: {
    type: "webhook",
    configuration: {
      webhookEndpoint: config.get("webhookEndpoint") ?? "https://hooks.example.com/audit",
      webhookAuthorization: { method: "bearer", token: config.requireSecret("webhookToken") },
    },
  },
});

// Another destination type replaces the stream (the service cannot change it in place).
const archiveActionId = config.get("archiveActionId");
const archive = new tenant.EventStream("archive", {
  name: "archive",
  subscriptions: [{ eventType: "user.created" }],
  destination: archiveActionId
    ? { type: "action", configuration: { actionId: archiveActionId } }
    : {
        type: "eventbridge",
        configuration: { awsAccountId: config.get("archiveAwsAccountId") ?? "123456789012", awsRegion: config.get("archiveAwsRegion") ?? "us-east-1" },
      },
});

export const auditStreamId = audit.id;
export const auditStatus = audit.status;
// null, not undefined, until the service assigns it (the preview of a new stream) or for another destination type: a
// stack output that is undefined is left out, with a warning on every run.
export const archivePartnerEventSource = archive.destination.apply((destination) =>
  destination.type === "eventbridge" ? (destination.configuration.awsPartnerEventSource ?? null) : null,
);
