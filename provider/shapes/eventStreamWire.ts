// An event stream on the wire (snake_case: one item of GET /event-streams, and the EventStream resource's answers)
// and the one place it is translated to the camelCase stream both read (eventStream.ts). Each known destination type
// is read with its own schema; any other type, or a known one missing a field it always has, passes through as the
// `other` variant, so a listing never fails on a destination. Enum-like fields are plain strings, so new methods and
// statuses pass through too.
import { z } from "zod";
import type { eventStreamInfo } from "./eventStream";

/** A stream as getEventStreams returns it (the public `EventStreamInfo` typings are generated from the same schema). */
export type EventStreamInfo = z.infer<typeof eventStreamInfo>;
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

export const eventStreamWire = z.object({
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
  eventStreams: z.array(eventStreamWire).nullish(),
  next: z.string().nullish(),
});

export type EventStreamWire = z.infer<typeof eventStreamWire>;
export type EventStreamsPageWire = z.infer<typeof eventStreamsPageWire>;

function flattenAuthorization(wire: z.infer<typeof webhookConfigurationWire>["webhook_authorization"]): WebhookAuthorization {
  const authorization: WebhookAuthorization = { method: wire.method };
  if (wire.username !== undefined) authorization.username = wire.username;
  if (wire.header_key !== undefined) authorization.headerKey = wire.header_key;
  return authorization;
}

/** The destination as its variant; `other` (with the configuration as sent) when it cannot be read as its type. */
export function flattenDestination(wire: EventStreamWire["destination"]): EventStreamDestination {
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
export function flattenEventStream(wire: EventStreamWire): EventStreamInfo {
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
