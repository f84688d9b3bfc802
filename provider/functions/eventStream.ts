// The result types of getEventStreams, as users see them (camelCase). No zod here: this module is part of
// the public typings; the wire shapes and their translation are in eventStreamsWire.ts.

/** The listed values for completion, yet any string: the service may add a value before this package knows it. */
type LiteralUnion<Literal extends string> = Literal | (string & Record<never, never>);

/** How a webhook destination authenticates. Secrets (password, token, header value) are never returned. */
export interface WebhookAuthorization {
  /** `basic`, `bearer` or `custom_header`; a method the API adds later passes through as-is. */
  method: LiteralUnion<"basic" | "bearer" | "custom_header">;
  /** User name of `basic` authorization. */
  username?: string;
  /** Name of the header `custom_header` authorization sends (its value is never returned). */
  headerKey?: string;
}

/** Events delivered to an HTTPS endpoint. */
export interface WebhookDestination {
  /** `"webhook"`: narrows the destination to this type. */
  type: "webhook";
  /** The webhook destination's settings (secrets are never returned). */
  configuration: {
    /** The HTTPS URL events are delivered to. */
    webhookEndpoint: string;
    /** How deliveries authenticate to the endpoint. */
    webhookAuthorization: WebhookAuthorization;
  };
}

/** Events delivered to an Amazon EventBridge partner event source. */
export interface EventBridgeDestination {
  /** `"eventbridge"`: narrows the destination to this type. */
  type: "eventbridge";
  /** The EventBridge destination's settings (secrets are never returned). */
  configuration: {
    /** The AWS account that receives the events (12 digits). */
    awsAccountId: string;
    /** The AWS region of the event source, e.g. `us-east-1`. */
    awsRegion: string;
    /** The partner event source the service created in that account (set by the service). */
    awsPartnerEventSource?: string;
  };
}

/** Events delivered to an Action of the tenant. */
export interface ActionDestination {
  /** `"action"`: narrows the destination to this type. */
  type: "action";
  /** The Action destination's settings (secrets are never returned). */
  configuration: {
    /** Id of the Action that receives the events. */
    actionId: string;
  };
}

/**
 * A destination this package does not know (a type the API added later), or a known type whose configuration
 * lacked a field it always has: the service's type name and its configuration exactly as sent (snake_case).
 */
export interface OtherDestination {
  /** `"other"`: a destination this package does not type; see `serviceType`. */
  type: "other";
  /** The destination type as the API names it. */
  serviceType: string;
  /** The configuration as the API sent it; `{}` when it sent none. */
  configuration: Record<string, unknown>;
}

/** Where the stream delivers events; narrow on `type` to reach each type's configuration. */
export type EventStreamDestination = WebhookDestination | EventBridgeDestination | ActionDestination | OtherDestination;

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
  /** Whether the stream forwards events: `enabled` or `disabled`; absent only if the API leaves it out. */
  status?: LiteralUnion<"enabled" | "disabled">;
  /** Event types the stream delivers. */
  subscriptions: EventStreamSubscription[];
  /** Where events are delivered. */
  destination: EventStreamDestination;
  /** Creation time, ISO 8601 UTC. */
  createdAt: string;
  /** Time of the last update, ISO 8601 UTC. */
  updatedAt: string;
}
