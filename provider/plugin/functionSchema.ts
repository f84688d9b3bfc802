/**
 * getEventStreams in the package schema. Its result types are the public interfaces of functions/eventStream.ts
 * (hand-written there, as they describe the service's answer, not a resource's inputs); this mirrors them. The
 * destination is one object type whose `type` tells which configuration fields are set: the schema has no
 * tagged unions, and a type the API adds later arrives as `"other"` with `serviceType` and the raw configuration.
 */
const ref = (name: string) => ({ $ref: `#/types/tenant:index:${name}` });
const text = (description: string) => ({ type: "string", description });

export const EVENT_STREAM_TYPES: Record<string, Record<string, unknown>> = {
  "tenant:index:EventStream": {
    type: "object",
    description: "An event stream of the tenant, as returned by the management API.",
    properties: {
      id: text("Opaque id of the stream, e.g. `est_jmj7QpymGFqmysiCpWAcZe`."),
      name: text("Name of the stream."),
      status: text("Whether the stream forwards events: `enabled` or `disabled`; absent only if the API leaves it out."),
      subscriptions: { type: "array", items: ref("EventStreamSubscription"), description: "Event types the stream delivers." },
      destination: { ...ref("EventStreamDestination"), description: "Where events are delivered." },
      createdAt: text("Creation time, ISO 8601 UTC."),
      updatedAt: text("Time of the last update, ISO 8601 UTC."),
    },
    required: ["id", "name", "subscriptions", "destination", "createdAt", "updatedAt"],
  },
  "tenant:index:EventStreamSubscription": {
    type: "object",
    description: "One event type the stream is subscribed to.",
    properties: { eventType: text("The event type, e.g. `user.created`.") },
    required: ["eventType"],
  },
  "tenant:index:EventStreamDestination": {
    type: "object",
    description:
      'Where the stream delivers events. `type` is `"webhook"`, `"eventbridge"`, `"action"`, or `"other"` for a ' +
      "type this package does not know; `configuration` holds that type's fields (secrets are never returned).",
    properties: {
      type: text('`"webhook"`, `"eventbridge"`, `"action"` or `"other"`.'),
      serviceType: text('For `"other"`: the destination type as the API names it.'),
      configuration: {
        type: "object",
        additionalProperties: { $ref: "pulumi.json#/Any" },
        description:
          "The destination's settings: `webhookEndpoint` and `webhookAuthorization` (`method`, `username`, `headerKey`) " +
          "for a webhook; `awsAccountId`, `awsRegion`, `awsPartnerEventSource` for EventBridge; `actionId` for an " +
          'Action; for `"other"`, the configuration exactly as the API sent it (snake_case).',
      },
    },
    required: ["type", "configuration"],
  },
};

export const EVENT_STREAMS_FUNCTION = {
  description:
    "Reads the tenant's event streams, following the API's `next` cursor until the last page: every stream once, " +
    "with the fewest requests.",
  inputs: {
    properties: {
      from: text("Start after this cursor: a `next` value the API returned; omit it to start at the first stream."),
      take: { type: "integer", description: "Streams per page, 1 to 100 (default 100)." },
      limit: { type: "integer", description: "Stop after this many streams; omit it for all of them." },
    },
  },
  outputs: {
    properties: { eventStreams: { type: "array", items: ref("EventStream"), description: "The streams, in the API's order." } },
    required: ["eventStreams"],
  },
};
