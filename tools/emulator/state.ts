// The emulated tenant's data. Stored records keep write-only secrets; the *View functions give the wire shapes.
import { randomBytes } from "node:crypto";

export type PushProviderName = "guardian" | "sns" | "direct";
export type PhoneProviderName = "vendor_a" | "custom";

export interface StoredPhoneProvider {
  id: string;
  tenant: string;
  name: PhoneProviderName;
  channel: "phone";
  disabled: boolean;
  configuration: Record<string, unknown>;
  /** Never returned by the API; kept so tests can check what a client sent. */
  credentials: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface WebhookAuthorization {
  method: "basic" | "bearer" | "custom_header";
  username?: string;
  password?: string;
  token?: string;
  header_key?: string;
  header_value?: string;
}

export interface StoredEventStream {
  id: string;
  name: string;
  status: "enabled" | "disabled";
  subscriptions: { event_type: string }[];
  destination: {
    type: "webhook";
    configuration: { webhook_endpoint: string; webhook_authorization: WebhookAuthorization };
  };
  created_at: string;
  updated_at: string;
}

export interface IssuedEnrollmentTicket {
  ticket_id: string;
  ticket_url: string;
  /** The request body as sent (user_id, email, factor, ...). */
  request: Record<string, unknown>;
  customDomain?: string;
  created_at: string;
}

export type NewEventStream = Omit<StoredEventStream, "id" | "created_at" | "updated_at">;

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomString(length: number, alphabet: string): string {
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}

export const newPhoneProviderId = (): string => `pro_${randomString(22, BASE58)}`;
export const newEventStreamId = (): string => `est_${randomString(22, BASE58)}`;
export const newTicketId = (): string => randomString(32, ALPHANUMERIC);

export function phoneProviderView(provider: StoredPhoneProvider): Record<string, unknown> {
  const { credentials: _secret, ...visible } = provider;
  return structuredClone(visible);
}

export function eventStreamView(stream: StoredEventStream): Record<string, unknown> {
  const { password: _p, token: _t, header_value: _h, ...authorization } =
    stream.destination.configuration.webhook_authorization;
  return {
    id: stream.id,
    name: stream.name,
    status: stream.status,
    subscriptions: stream.subscriptions.map((s) => ({ ...s })),
    destination: {
      type: stream.destination.type,
      configuration: { webhook_endpoint: stream.destination.configuration.webhook_endpoint, webhook_authorization: authorization },
    },
    created_at: stream.created_at,
    updated_at: stream.updated_at,
  };
}

export class EmulatorState {
  pushProvider: PushProviderName = "guardian";
  /** Keyed by id; the service allows one per tenant, but tests may add more directly. */
  readonly phoneProviders = new Map<string, StoredPhoneProvider>();
  /** In creation order, which is the listing order. */
  readonly eventStreams: StoredEventStream[] = [];
  readonly enrollmentTickets: IssuedEnrollmentTicket[] = [];
  private lastTimestampMs = 0;
  /** Per name prefix, so repeated seeds keep numbering on. */
  private readonly seededCounts = new Map<string, number>();

  constructor(readonly tenant: string) {}

  /** Back to a fresh tenant, in place, so references held by tests stay live. */
  clear(): void {
    this.pushProvider = "guardian";
    this.phoneProviders.clear();
    this.eventStreams.length = 0;
    this.enrollmentTickets.length = 0;
    this.seededCounts.clear();
  }

  /** ISO 8601 with milliseconds, strictly increasing so updated_at always advances. */
  timestamp(): string {
    this.lastTimestampMs = Math.max(Date.now(), this.lastTimestampMs + 1);
    return new Date(this.lastTimestampMs).toISOString();
  }

  findEventStream(id: string): StoredEventStream | undefined {
    return this.eventStreams.find((stream) => stream.id === id);
  }

  addEventStream(input: NewEventStream): StoredEventStream {
    const now = this.timestamp();
    const stream: StoredEventStream = { ...structuredClone(input), id: newEventStreamId(), created_at: now, updated_at: now };
    this.eventStreams.push(stream);
    return stream;
  }

  removeEventStream(id: string): boolean {
    const index = this.eventStreams.findIndex((stream) => stream.id === id);
    if (index < 0) return false;
    this.eventStreams.splice(index, 1);
    return true;
  }

  /** Appends n webhook streams named `<prefix>-<k>`, numbering on from earlier seeds and skipping names in use. */
  seedEventStreams(n: number, namePrefix = "seeded-stream"): StoredEventStream[] {
    if (!Number.isInteger(n) || n < 0) throw new Error(`seedEventStreams: count must be a non-negative integer, got ${n}`);
    const names = new Set(this.eventStreams.map((stream) => stream.name));
    const created: StoredEventStream[] = [];
    let counter = this.seededCounts.get(namePrefix) ?? 0;
    while (created.length < n) {
      const name = `${namePrefix}-${++counter}`;
      if (names.has(name)) continue;
      created.push(
        this.addEventStream({
          name,
          status: "enabled",
          subscriptions: [{ event_type: "user.created" }],
          destination: {
            type: "webhook",
            configuration: {
              webhook_endpoint: `https://hooks.example.com/${name}`,
              webhook_authorization: { method: "basic", username: "seed", password: randomString(16, ALPHANUMERIC) },
            },
          },
        }),
      );
    }
    this.seededCounts.set(namePrefix, counter);
    return created;
  }

  /** A JSON view for /__emulator/state: wire shapes, so no secret leaves through it. */
  snapshot(): Record<string, unknown> {
    return {
      tenant: this.tenant,
      pushProvider: this.pushProvider,
      phoneProviders: [...this.phoneProviders.values()].map(phoneProviderView),
      eventStreams: this.eventStreams.map(eventStreamView),
      enrollmentTickets: this.enrollmentTickets.map((ticket) => ({
        ticket_id: ticket.ticket_id,
        ticket_url: ticket.ticket_url,
        user_id: ticket.request.user_id,
        created_at: ticket.created_at,
      })),
    };
  }
}
