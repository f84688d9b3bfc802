/**
 * An event stream declared once, in camelCase: the properties getEventStreams' results (EventStreamInfo)
 * and the EventStream resource share, and the listing's item type. The wire shapes and their translation
 * are in wire.ts; the public typings are generated from these schemas. In the resource's folder, as the
 * phone templates' are in theirs: functions/ sits above resources/ and reads them here.
 */
import { z } from "zod";
import { property } from "../../shapes/property";

export const streamId = property(z.string().min(1), { description: "Opaque id of the stream, e.g. `est_jmj7QpymGFqmysiCpWAcZe`." });
export const streamName = property(z.string(), { description: "Name of the stream (1 to 128 characters)." });

export const subscription = property(
  z.object({ eventType: property(z.string().min(1), { description: "The event type, e.g. `user.created`." }) }).strict(),
  { description: "One event type the stream is subscribed to.", typeName: "EventStreamSubscription" },
);
export const streamSubscriptions = property(z.array(subscription), { description: "Event types the stream delivers." });

export const streamCreatedAt = property(z.string(), { description: "Creation time, ISO 8601 UTC." });
export const streamUpdatedAt = property(z.string(), { description: "Time of the last update, ISO 8601 UTC." });

export const webhookEndpoint = property(z.string(), { description: "The HTTPS URL events are delivered to." });
export const awsAccountId = property(z.string(), { description: "The AWS account that receives the events (12 digits)." });
export const awsRegion = property(z.string(), { description: "The AWS region of the event source, e.g. `us-east-1`." });
const partnerEventSourceDescription = "The partner event source the service created in that account (set by the service).";
export const awsPartnerEventSource = property(z.string(), { description: partnerEventSourceDescription });
const listedPartnerEventSource = property(z.string().optional(), { description: partnerEventSourceDescription });
export const actionId = property(z.string(), { description: "Id of the Action that receives the events." });

const typeTag = <Type extends string>(type: Type) =>
  property(z.literal(type), { description: `\`"${type}"\`: narrows the destination to this type.` });

/** A destination variant: `{ type, configuration }`, named `typeName` in the typings and the plugin schema. */
export function destinationVariant<Type extends string, Configuration extends z.ZodObject>(
  type: Type,
  configuration: Configuration,
  meta: { description: string; typeName: string },
) {
  return property(
    z.object({ type: typeTag(type), configuration: property(configuration, { description: `The ${type} destination's settings.` }) }).strict(),
    meta,
  );
}

export const eventBridgeDescription = "Events delivered to an Amazon EventBridge partner event source.";
export const actionDescription = "Events delivered to an Action of the tenant.";

// The listing's destination: what the service returns (secrets never are), and `other` for a type this
// package does not know, so a listing never fails on a destination.
const listedAuthorization = property(
  z.object({
    method: property(z.string(), { description: "`basic`, `bearer` or `custom_header`; a method the API adds later passes through as-is." }),
    username: property(z.string().optional(), { description: "User name of `basic` authorization." }),
    headerKey: property(z.string().optional(), { description: "Name of the header `custom_header` authorization sends (its value is never returned)." }),
  }),
  {
    description: "How a webhook destination authenticates. Secrets (password, token, header value) are never returned.",
    typeName: "WebhookAuthorization",
  },
);

export const listedDestination = property(
  z.discriminatedUnion("type", [
    destinationVariant(
      "webhook",
      z.object({ webhookEndpoint, webhookAuthorization: listedAuthorization }),
      { description: "Events delivered to an HTTPS endpoint.", typeName: "WebhookDestination" },
    ),
    destinationVariant("eventbridge", z.object({ awsAccountId, awsRegion, awsPartnerEventSource: listedPartnerEventSource }), {
      description: eventBridgeDescription,
      typeName: "EventBridgeDestination",
    }),
    destinationVariant("action", z.object({ actionId }), { description: actionDescription, typeName: "ActionDestination" }),
    property(
      z.object({
        type: property(z.literal("other"), { description: '`"other"`: a destination this package does not type; see `serviceType`.' }),
        serviceType: property(z.string(), { description: "The destination type as the API names it." }),
        configuration: property(z.record(z.string(), z.unknown()), {
          description:
            "The configuration as the API sent it (snake_case), without any secret field of any resource (`token`, " +
            "`password`, `header_value`, …, at any depth); `{}` when it sent none.",
        }),
      }),
      {
        description:
          "A destination this package does not know (a type the API added later), or a known type whose configuration " +
          "lacked a field it always has: the service's type name and its configuration exactly as sent (snake_case).",
        typeName: "OtherDestination",
      },
    ),
  ]),
  { description: "Where events are delivered; narrow on `type` to reach each type's configuration." },
);

/** An event stream as getEventStreams lists it (named so it never collides with the EventStream resource). */
export const eventStreamInfo = property(
  z.object({
    id: streamId,
    name: streamName,
    status: property(z.string().optional(), {
      description: "Whether the stream forwards events: `enabled` or `disabled`; absent only if the API leaves it out.",
    }),
    subscriptions: streamSubscriptions,
    destination: listedDestination,
    createdAt: streamCreatedAt,
    updatedAt: streamUpdatedAt,
  }),
  { description: "An event stream of the tenant, as returned by the management API.", typeName: "EventStreamInfo" },
);
