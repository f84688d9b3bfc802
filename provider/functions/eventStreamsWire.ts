// Wire shape of GET /event-streams (snake_case) and the one place it is translated to the camelCase
// result. Objects strip keys the contract does not list (e.g. `status`), and enum-like fields are plain
// strings, so new destination types or authorization methods never break a listing.
import { z } from "zod";

const webhookAuthorizationWire = z.object({
  method: z.string(),
  username: z.string().optional(),
});

const destinationWire = z.object({
  type: z.string(),
  // Other destination types (eventbridge, action) carry other settings; absent or null means none we map.
  configuration: z
    .object({
      webhook_endpoint: z.string().optional(),
      webhook_authorization: webhookAuthorizationWire.nullish(),
    })
    .nullish(),
});

export const eventStreamWire = z.object({
  id: z.string().min(1),
  name: z.string(),
  subscriptions: z.array(z.object({ event_type: z.string() })),
  destination: destinationWire,
  created_at: z.string(),
  updated_at: z.string(),
});

/** One page of the listing. Both keys may be absent (an empty tenant, the last page). */
export const eventStreamsPageWire = z.object({
  eventStreams: z.array(eventStreamWire).nullish(),
  next: z.string().nullish(),
});

export type EventStreamWire = z.infer<typeof eventStreamWire>;
export type EventStreamsPageWire = z.infer<typeof eventStreamsPageWire>;

/** How a webhook destination authenticates. Secrets (password, token, header value) are never returned. */
export interface WebhookAuthorization {
  /** Authorization method, e.g. `basic`, `bearer` or `custom_header`; other values pass through as-is. */
  method: string;
  /** User name of `basic` authorization; absent for other methods. */
  username?: string;
}

/** Settings of a destination. Only the webhook settings are mapped; other destination types leave it empty. */
export interface EventStreamDestinationConfiguration {
  /** The HTTPS URL events are delivered to (webhook destinations). */
  webhookEndpoint?: string;
  /** How deliveries authenticate to the webhook (webhook destinations). */
  webhookAuthorization?: WebhookAuthorization;
}

/** Where the stream delivers events. */
export interface EventStreamDestination {
  /** Destination type, e.g. `webhook`; other types the API adds pass through as-is. */
  type: string;
  /** Type-specific settings. */
  configuration: EventStreamDestinationConfiguration;
}

/** One event type the stream is subscribed to. */
export interface EventStreamSubscription {
  /** The event type, e.g. `user.created`. */
  eventType: string;
}

/** An event stream of the tenant, as returned by the management API. */
export interface EventStream {
  /** Opaque id of the stream, e.g. `est_jmj7QpymGFqmysiCpWAcZe`. */
  id: string;
  /** Name of the stream. */
  name: string;
  /** Event types the stream delivers. */
  subscriptions: EventStreamSubscription[];
  /** Where events are delivered. */
  destination: EventStreamDestination;
  /** Creation time, ISO 8601 UTC. */
  createdAt: string;
  /** Time of the last update, ISO 8601 UTC. */
  updatedAt: string;
}

/** Translates one wire item; keys absent on the wire are left out rather than set to `undefined`. */
export function flattenEventStream(wire: EventStreamWire): EventStream {
  const configuration: EventStreamDestinationConfiguration = {};
  const wireConfiguration = wire.destination.configuration;
  if (wireConfiguration?.webhook_endpoint !== undefined) {
    configuration.webhookEndpoint = wireConfiguration.webhook_endpoint;
  }
  const wireAuthorization = wireConfiguration?.webhook_authorization;
  if (wireAuthorization) {
    configuration.webhookAuthorization =
      wireAuthorization.username === undefined
        ? { method: wireAuthorization.method }
        : { method: wireAuthorization.method, username: wireAuthorization.username };
  }
  return {
    id: wire.id,
    name: wire.name,
    subscriptions: wire.subscriptions.map((subscription) => ({ eventType: subscription.event_type })),
    destination: { type: wire.destination.type, configuration },
    createdAt: wire.created_at,
    updatedAt: wire.updated_at,
  };
}
