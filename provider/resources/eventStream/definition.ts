/**
 * EventStream, declared once (see common/definition.ts for the shape). Inputs have the camelCase shape of a
 * stream getEventStreams lists (streamProperties.ts holds the properties both share); the webhook's secrets are
 * write-only: kept from the program's inputs, never read back, and kept by the service when an existing stream
 * leaves them out.
 */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, type InputsOf, type StoredOutputs } from "../common/definition";
import type { PropertyBag } from "../common/jsonValues";
import { strictShape } from "../common/validation";
import { isEventBridgeAwsRegion, NOT_AN_EVENTBRIDGE_REGION } from "./awsRegions";
import {
  actionDescription,
  actionId,
  awsAccountId,
  awsPartnerEventSource,
  awsRegion,
  eventBridgeDescription,
  streamCreatedAt,
  streamName,
  streamUpdatedAt,
  subscription,
  webhookEndpoint,
} from "./streamProperties";

export const EVENT_STREAM_STATUSES = ["enabled", "disabled"] as const;

const SECRET = "Secret and write-only: never returned by the service, kept from the program's inputs.";
const KEPT = "An existing stream may leave it out (as imported code does): the service keeps the one it holds.";
const secretText = (what: string) =>
  property(z.string().min(1), { description: `${what} At least 4 characters. ${SECRET} ${KEPT}`, secret: true, writeOnly: true, keptWhenOmitted: true });

// The shapes the service's API description gives a webhook's authorization (EventStreamWebhookBasicAuth,
// EventStreamWebhookCustomHeaderAuth): it refuses a user name with a colon or over 128 characters, and a header name
// that is not an HTTP token.
const NO_COLON = "must not contain a colon (Basic authorization joins the user name and the password with one)";
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const NOT_A_HEADER_NAME = "must be an HTTP header name: ASCII letters, digits and !#$%&'*+.^_`|~- only (no space or colon)";

const variant = <Shape extends z.ZodRawShape>(shape: Shape, description: string, typeName: string) =>
  property(strictShape(shape), { description, typeName });

/** How deliveries authenticate to the endpoint; narrow on `method`. */
const authorizationArgs = property(
  z.discriminatedUnion("method", [
    variant(
      { method: property(z.literal("bearer"), { description: '`"bearer"`' }), token: secretText("The bearer token.") },
      "Bearer-token authorization.",
      "EventStreamBearerAuthorizationArgs",
    ),
    variant(
      {
        method: property(z.literal("basic"), { description: '`"basic"`' }),
        username: property(z.string().min(1).max(128).regex(/^[^:]+$/, { message: NO_COLON }), {
          description: "The user name: 1 to 128 characters, no colon (Basic authorization joins it to the password with one).",
        }),
        password: secretText("The password."),
      },
      "Basic authorization.",
      "EventStreamBasicAuthorizationArgs",
    ),
    variant(
      {
        method: property(z.literal("custom_header"), { description: '`"custom_header"`' }),
        headerKey: property(z.string().regex(HEADER_NAME, { message: NOT_A_HEADER_NAME }), {
          description: "The header's name: ASCII letters, digits and ``!#$%&'*+.^_`|~-`` (an HTTP token: no space or colon).",
        }),
        headerValue: secretText("The header's value."),
      },
      "Authorization by a header of your choice.",
      "EventStreamCustomHeaderAuthorizationArgs",
    ),
  ]),
  { description: "How deliveries authenticate to the endpoint: `bearer`, `basic` or `custom_header`." },
);

const httpsEndpoint = property(
  z.string().refine((value) => /^https:\/\/[^\s/]+/.test(value), { message: "must be an https:// URL" }),
  { description: "The HTTPS URL events are delivered to (https only)." },
);

const typeTag = <Type extends string>(type: Type, onChange: "replace" = "replace") =>
  property(z.literal(type), { description: `\`"${type}"\`; another type replaces the stream.`, onChange });
const replacing = <Schema extends z.ZodType>(schema: Schema, description: string) =>
  property(schema, { description: `${description} Changing it replaces the stream.`, onChange: "replace" });

const destinationArgs = property(
  z.discriminatedUnion("type", [
    variant(
      {
        type: typeTag("webhook"),
        configuration: property(strictShape({ webhookEndpoint: httpsEndpoint, webhookAuthorization: authorizationArgs }), {
          description: "The endpoint and its authorization (updated in place).",
        }),
      },
      "Events delivered to an HTTPS endpoint.",
      "EventStreamWebhookDestinationArgs",
    ),
    variant(
      {
        type: typeTag("eventbridge"),
        configuration: property(
          strictShape({
            awsAccountId: replacing(z.string().regex(/^\d{12}$/, { message: "must be 12 digits" }), "The AWS account (12 digits)."),
            awsRegion: replacing(
              z.string().refine(isEventBridgeAwsRegion, { message: NOT_AN_EVENTBRIDGE_REGION }),
              "The AWS region, e.g. `us-east-1`: one the service offers EventBridge destinations in (`af-south-1` to " +
                "`us-west-2`, checked before any call).",
            ),
          }),
          { description: "The AWS account and region of the partner event source." },
        ),
      },
      eventBridgeDescription,
      "EventStreamEventBridgeDestinationArgs",
    ),
    variant(
      {
        type: typeTag("action"),
        configuration: property(strictShape({ actionId: replacing(z.string().min(1), "Id of the Action.") }), {
          description: "The Action that receives the events.",
        }),
      },
      actionDescription,
      "EventStreamActionDestinationArgs",
    ),
  ]),
  {
    description:
      "Where events are delivered; narrow on `type`. A change of type, of the EventBridge account or region, or of " +
      "the Action replaces the stream; the webhook's endpoint and authorization are updated in place.",
  },
);

const inputs = strictShape({
  name: property(z.string().min(1).max(128), { description: "Name of the stream (1 to 128 characters), unique in the tenant." }),
  subscriptions: property(
    z.array(property(strictShape({ eventType: property(z.string().min(1), { description: "The event type, e.g. `user.created`." }) }), {
      description: "One event type the stream is subscribed to.",
      typeName: "EventStreamSubscriptionArgs",
    })).min(1),
    { description: "Event types the stream delivers, at least one; a set: their order never makes a diff.", set: { repeats: "ignored" } },
  ),
  status: property(z.enum(EVENT_STREAM_STATUSES).default("enabled"), {
    description: 'Whether the stream forwards events: `"enabled"` (the default, always sent) or `"disabled"`.',
  }),
  destination: destinationArgs,
  adoptExisting: property(z.boolean().default(false), {
    description:
      "When the tenant already has a stream of this `name` (names are unique in a tenant), create adopts it instead of " +
      "failing on the name: it makes no POST, reads that stream, and updates it only where these inputs differ (its " +
      "webhook secret may then be left out: the stream keeps its own; one that is given is sent once). A stream whose " +
      "destination type, EventBridge account or region, or Action differs from these inputs is an error naming both, " +
      "before any write. The adopted stream is managed from then on and deleted on destroy unless the resource has " +
      "`retainOnDelete`. Changing only this flag changes nothing.",
    onChange: "ignore",
  }),
});

// Outputs: the stream as the service holds it, the write-only secrets kept from the inputs. Their object types
// are named apart from the inputs' (the plugin schema drops an `Args` suffix, and the two shapes differ).
const authorizationOutput = property(
  z.object({
    method: property(z.string(), { description: "`bearer`, `basic` or `custom_header`." }),
    token: property(z.string().optional(), { description: `The bearer token. ${SECRET}`, secret: true, writeOnly: true }),
    username: property(z.string().optional(), { description: "The user name of `basic` authorization." }),
    password: property(z.string().optional(), { description: `The password. ${SECRET}`, secret: true, writeOnly: true }),
    headerKey: property(z.string().optional(), { description: "The header's name of `custom_header` authorization." }),
    headerValue: property(z.string().optional(), { description: `The header's value. ${SECRET}`, secret: true, writeOnly: true }),
  }),
  { description: "How deliveries authenticate to the endpoint.", typeName: "EventStreamWebhookAuthorization" },
);

const outputVariant = <Shape extends z.ZodRawShape>(shape: Shape, description: string, typeName: string) =>
  property(z.object(shape), { description, typeName });
const outputTag = <Type extends string>(type: Type) => property(z.literal(type), { description: `\`"${type}"\`.` });

const destinationOutput = property(
  z.discriminatedUnion("type", [
    outputVariant(
      {
        type: outputTag("webhook"),
        configuration: property(z.object({ webhookEndpoint, webhookAuthorization: authorizationOutput }), {
          description: "The endpoint and its authorization.",
        }),
      },
      "Events delivered to an HTTPS endpoint.",
      "EventStreamWebhook",
    ),
    outputVariant(
      {
        type: outputTag("eventbridge"),
        configuration: property(z.object({ awsAccountId, awsRegion, awsPartnerEventSource }), {
          description: "The AWS account and region, and the partner event source the service created there.",
        }),
      },
      eventBridgeDescription,
      "EventStreamEventBridge",
    ),
    outputVariant(
      { type: outputTag("action"), configuration: property(z.object({ actionId }), { description: "The Action." }) },
      actionDescription,
      "EventStreamAction",
    ),
  ]),
  { description: "Where events are delivered, as the service holds it (write-only secrets kept from the inputs)." },
);

/** What goes with a stream deleted before its replacement exists, from its stored outputs. */
function lostWithStream(recorded: PropertyBag): string {
  const destination = recorded.destination as { type?: unknown; configuration?: { awsPartnerEventSource?: unknown } } | undefined;
  const events = "no event is delivered until the new stream exists";
  if (destination?.type !== "eventbridge") return events;
  const source = destination.configuration?.awsPartnerEventSource;
  const which = typeof source === "string" ? ` (${source})` : "";
  return (
    `${events}, and its EventBridge partner event source${which} goes with it: the new stream gets a new one, which ` +
    "must be associated with an event bus in the AWS account again"
  );
}

const outputs = z.object({
  name: streamName,
  subscriptions: property(z.array(subscription), { description: "Event types the stream delivers." }),
  status: property(z.enum(EVENT_STREAM_STATUSES), { description: "Whether the stream forwards events." }),
  destination: destinationOutput,
  createdAt: streamCreatedAt,
  updatedAt: streamUpdatedAt,
});

export const eventStreamDefinition = defineResource({
  name: "EventStream",
  module: "eventStream",
  description:
    "An event stream of the tenant: events of the subscribed types delivered to a webhook, an Amazon EventBridge " +
    "partner event source or an Action. Refresh reads it back (a stream disabled, renamed or re-subscribed by hand " +
    "is drift); the webhook's token, password or header value is write-only and kept from the program.",
  getDescription:
    'Reads an existing event stream by the service\'s id (e.g. `"est_jmj7QpymGFqmysiCpWAcZe"`) without managing it. ' +
    "The webhook's secret is never read.",
  argsDescription: "The desired event stream.",
  inputs,
  outputs,
  identity: { kind: "service", noun: "event stream", prefix: "est_" },
  adopts: "whenAsked",
  echoedInputs: ["adoptExisting"],
  // A stream's name is unique in the tenant: the old stream must go before its replacement can be created.
  replaceDeletesFirst: { unique: "name", because: "a stream's name is unique in the tenant", loses: lostWithStream },
  scopes: {
    // with adoptExisting, create lists the streams, reads the one it adopts and updates it where it differs
    create: ["create:event_streams", "read:event_streams", "update:event_streams"],
    read: ["read:event_streams"],
    update: ["update:event_streams"],
    delete: ["delete:event_streams"],
  },
  exported: {
    name: { input: "name", identifierSuffix: "Stream" },
    order: 900,
    adoptExisting: true,
    retainOnDelete: true,
    note:
      "A change that replaces an exported stream (another destination type, EventBridge account or region, or Action) " +
      "fails on its name while `retainOnDelete` is set: the old stream stays, and names are unique in a tenant. Remove " +
      "`retainOnDelete` (and run `pulumi up`) before such a change.",
  },
});

export type EventStreamInputs = InputsOf<typeof eventStreamDefinition>;
export type EventStreamDestinationInputs = EventStreamInputs["destination"];
export type EventStreamOutputs = StoredOutputs<typeof eventStreamDefinition>;
