// The result types of getEventStreams, as users see them (camelCase). No zod here: this module is part of
// the public typings; the wire shapes and their translation are in eventStreamsWire.ts.

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
