/**
 * Event streams on the wire (snake_case) and the one place they are translated: a stream as the service answers
 * with it (one item of GET /event-streams, and the EventStream resource's answers) read into the camelCase stream
 * getEventStreams lists (`flattenEventStream`), and for the resource `expand` (checked inputs → POST/PATCH body) and
 * `flatten` (response → outputs, the write-only secrets kept from the inputs). Each known destination type is read
 * with its own schema; any other type, or a known one missing a field it always has, passes through as the `other`
 * variant, so a listing never fails on a destination. Enum-like fields are plain strings, so new methods and
 * statuses pass through too.
 */
import { z } from "zod";
import type { EventStreamDestinationInputs, EventStreamInputs, EventStreamOutputs } from "./definition";
import type { eventStreamInfo } from "./streamProperties";

export const EVENT_STREAMS_PATH = "/event-streams";

/** A stream as getEventStreams returns it (the public `EventStreamInfo` typings are generated from the same schema). */
type EventStreamInfo = z.infer<typeof eventStreamInfo>;
type EventStreamDestination = EventStreamInfo["destination"];
type WebhookAuthorization = Extract<EventStreamDestination, { type: "webhook" }>["configuration"]["webhookAuthorization"];

const webhookConfigurationWire = z.object({
  webhook_endpoint: z.string(),
  webhook_authorization: z.object({
    method: z.string(),
    username: z.string().optional(),
    header_key: z.string().optional(),
  }),
});

const eventBridgeConfigurationWire = z.object({
  aws_account_id: z.string(),
  aws_region: z.string(),
  aws_partner_event_source: z.string().optional(),
});

const actionConfigurationWire = z.object({ action_id: z.string() });

/**
 * Any JSON object. Same verdict as z.record(z.string(), z.unknown()) on parsed JSON (whose keys are strings), at a
 * fraction of its cost: the record re-validated and copied every key of every stream's configuration, half the
 * validation time of a 50-stream page.
 */
const jsonObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { message: "expected an object" },
);

const destinationWire = z.object({
  type: z.string(),
  // Read per type in flattenDestination; absent or null is an empty configuration.
  configuration: jsonObject.nullish(),
});

export const eventStreamResponse = z.object({
  id: z.string().min(1),
  name: z.string(),
  status: z.string().optional(),
  subscriptions: z.array(z.object({ event_type: z.string() })),
  destination: destinationWire,
  created_at: z.string(),
  updated_at: z.string(),
});

/** One page of the listing. Both keys may be absent (an empty tenant, the last page). */
export const eventStreamsPageWire = z.object({
  eventStreams: z.array(eventStreamResponse).nullish(),
  next: z.string().nullish(),
});

export type EventStreamResponse = z.infer<typeof eventStreamResponse>;
export type EventStreamsPageWire = z.infer<typeof eventStreamsPageWire>;

function flattenAuthorization(wire: z.infer<typeof webhookConfigurationWire>["webhook_authorization"]): WebhookAuthorization {
  const authorization: WebhookAuthorization = { method: wire.method };
  if (wire.username !== undefined) authorization.username = wire.username;
  if (wire.header_key !== undefined) authorization.headerKey = wire.header_key;
  return authorization;
}

/** The destination as its variant; `other` (with the configuration as sent) when it cannot be read as its type. */
export function flattenDestination(wire: EventStreamResponse["destination"]): EventStreamDestination {
  const configuration = wire.configuration ?? {};
  switch (wire.type) {
    case "webhook": {
      const read = webhookConfigurationWire.safeParse(configuration);
      if (!read.success) break;
      const { webhook_endpoint, webhook_authorization } = read.data;
      return {
        type: "webhook",
        configuration: { webhookEndpoint: webhook_endpoint, webhookAuthorization: flattenAuthorization(webhook_authorization) },
      };
    }
    case "eventbridge": {
      const read = eventBridgeConfigurationWire.safeParse(configuration);
      if (!read.success) break;
      const { aws_account_id, aws_region, aws_partner_event_source } = read.data;
      return {
        type: "eventbridge",
        configuration: {
          awsAccountId: aws_account_id,
          awsRegion: aws_region,
          ...(aws_partner_event_source === undefined ? {} : { awsPartnerEventSource: aws_partner_event_source }),
        },
      };
    }
    case "action": {
      const read = actionConfigurationWire.safeParse(configuration);
      if (!read.success) break;
      return { type: "action", configuration: { actionId: read.data.action_id } };
    }
  }
  return { type: "other", serviceType: wire.type, configuration };
}

/** Translates one wire item; keys absent on the wire are left out rather than set to `undefined`. */
export function flattenEventStream(wire: EventStreamResponse): EventStreamInfo {
  return {
    id: wire.id,
    name: wire.name,
    ...(wire.status === undefined ? {} : { status: wire.status }),
    subscriptions: wire.subscriptions.map((subscription) => ({ eventType: subscription.event_type })),
    destination: flattenDestination(wire.destination),
    createdAt: wire.created_at,
    updatedAt: wire.updated_at,
  };
}

/**
 * Ids are opaque (recorded ones are `est_` and 22 letters and digits); all that is required is one path
 * segment that stays one: unreserved URL characters, and not "." or "..".
 */
export function isEventStreamId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9._~-]+$/.test(id) && id !== "." && id !== "..";
}

export function invalidIdError(id: string): Error {
  return new Error(
    `${JSON.stringify(String(id).slice(0, 80))} is not a valid event stream id: an id is the service's, such as ` +
      `"est_jmj7QpymGFqmysiCpWAcZe".`,
  );
}

/** The path of one stream; refuses, before any call, an id that cannot be one path segment. */
export function streamPath(id: string): string {
  if (!isEventStreamId(id)) throw invalidIdError(id);
  return `${EVENT_STREAMS_PATH}/${encodeURIComponent(id)}`;
}

type Authorization = Extract<EventStreamDestinationInputs, { type: "webhook" }>["configuration"]["webhookAuthorization"];

function expandAuthorization(authorization: Authorization): Record<string, string> {
  switch (authorization.method) {
    case "bearer":
      return { method: "bearer", token: authorization.token };
    case "basic":
      return { method: "basic", username: authorization.username, password: authorization.password };
    case "custom_header":
      return { method: "custom_header", header_key: authorization.headerKey, header_value: authorization.headerValue };
  }
}

export function expandDestination(destination: EventStreamDestinationInputs): Record<string, unknown> {
  switch (destination.type) {
    case "webhook": {
      const { webhookEndpoint, webhookAuthorization } = destination.configuration;
      return { type: "webhook", configuration: { webhook_endpoint: webhookEndpoint, webhook_authorization: expandAuthorization(webhookAuthorization) } };
    }
    case "eventbridge":
      return { type: "eventbridge", configuration: { aws_account_id: destination.configuration.awsAccountId, aws_region: destination.configuration.awsRegion } };
    case "action":
      return { type: "action", configuration: { action_id: destination.configuration.actionId } };
  }
}

const subscriptionsWire = (subscriptions: EventStreamInputs["subscriptions"]) =>
  subscriptions.map((subscription) => ({ event_type: subscription.eventType }));

/** POST body: everything, `status` always (its default changed over time at the service). */
export function expandCreate(inputs: EventStreamInputs): Record<string, unknown> {
  return {
    name: inputs.name,
    subscriptions: subscriptionsWire(inputs.subscriptions),
    destination: expandDestination(inputs.destination),
    status: inputs.status,
  };
}

/**
 * PATCH body: name, subscriptions, status, and the destination only for a webhook (with its secret, as every
 * recorded webhook update did); an action or EventBridge update never sends it (the service refuses it for
 * actions, and nothing of it can change in place).
 */
export function expandUpdate(inputs: EventStreamInputs, { destination = true } = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: inputs.name,
    subscriptions: subscriptionsWire(inputs.subscriptions),
    status: inputs.status,
  };
  // `destination: false`: a webhook whose secret the program left out (after an import) keeps the service's.
  if (destination && inputs.destination.type === "webhook") body.destination = expandDestination(inputs.destination);
  return body;
}

/**
 * PATCH body of an adopted stream: only the inputs named (those that differ from the tenant's stream), and the
 * destination when it must be sent (a webhook whose secret the program gives, or whose endpoint differs).
 */
export function expandChanges(inputs: EventStreamInputs, changed: readonly string[], { destination }: { destination: boolean }): Record<string, unknown> {
  const whole = expandUpdate(inputs, { destination });
  return Object.fromEntries(Object.entries(whole).filter(([key]) => (key === "destination" ? destination : changed.includes(key))));
}

/** The write-only secrets of a webhook destination's authorization, if the inputs hold one of the same method. */
function keptSecrets(kept: EventStreamDestinationInputs | undefined, method: string): Record<string, string> {
  if (kept?.type !== "webhook" || kept.configuration.webhookAuthorization.method !== method) return {};
  const authorization = kept.configuration.webhookAuthorization;
  switch (authorization.method) {
    case "bearer":
      return { token: authorization.token };
    case "basic":
      return { password: authorization.password };
    case "custom_header":
      return { headerValue: authorization.headerValue };
  }
}

/**
 * Why no EventStream can hold a stream the service answered with (a destination type it added after this release,
 * or a known one missing a field it always has), or undefined when one can.
 */
export function unmanageableDestination(response: EventStreamResponse): string | undefined {
  return unmanageable(flattenDestination(response.destination));
}

function unmanageable(destination: ReturnType<typeof flattenDestination>): string | undefined {
  if (destination.type === "other") return `a destination of type ${JSON.stringify(destination.serviceType)} this package cannot manage`;
  if (destination.type === "eventbridge" && destination.configuration.awsPartnerEventSource === undefined) {
    return "an eventbridge destination without aws_partner_event_source";
  }
  return undefined;
}

/**
 * Response → outputs. `kept` is the destination as the program gave it (or as stored), whose secrets the
 * service never returns; a destination this package cannot manage is refused.
 */
export function flattenEventStreamResponse(
  response: EventStreamResponse,
  kept: EventStreamDestinationInputs | undefined,
  operation: string,
): Omit<EventStreamOutputs, "schemaVersion" | "adoptExisting"> & { id: string } {
  const stream = flattenEventStream(response);
  const { destination } = stream;
  const refused = unmanageable(destination);
  if (refused !== undefined || destination.type === "other") throw new Error(`${operation} failed: the service answered with ${refused}.`);
  const status = stream.status === "disabled" ? "disabled" : "enabled";
  const base = { id: stream.id, name: stream.name, subscriptions: stream.subscriptions, status, createdAt: stream.createdAt, updatedAt: stream.updatedAt } as const;
  switch (destination.type) {
    case "webhook": {
      const { webhookEndpoint, webhookAuthorization } = destination.configuration;
      const authorization = { ...webhookAuthorization, ...keptSecrets(kept, webhookAuthorization.method) };
      return { ...base, destination: { type: "webhook", configuration: { webhookEndpoint, webhookAuthorization: authorization } } };
    }
    case "eventbridge": {
      const { awsAccountId, awsRegion, awsPartnerEventSource } = destination.configuration;
      return { ...base, destination: { type: "eventbridge", configuration: { awsAccountId, awsRegion, awsPartnerEventSource: awsPartnerEventSource as string } } };
    }
    case "action":
      return { ...base, destination };
  }
}
