// Wire shape of GET /event-streams (snake_case) and the one place it is translated to the camelCase
// result. Objects strip keys the contract does not list (e.g. `status`), and enum-like fields are plain
// strings, so new destination types or authorization methods never break a listing.
import { z } from "zod";
import type { EventStream, EventStreamDestinationConfiguration } from "./eventStream";

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
