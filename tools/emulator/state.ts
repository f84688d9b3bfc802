// The emulated tenant's data. Stored records keep write-only secrets; the *View functions give the wire shapes.
import { FactorSettings } from "./factorSettings";
import { IdMint } from "./ids";
import { PushCredentials } from "./pushCredentials";
import { MfaSettings } from "./mfaState";
import { PhoneTemplates } from "./phoneTemplates";
import { DEFAULT_RISK_ASSESSMENT_SWITCHES, RiskAssessment, type RiskAssessmentSwitches } from "./riskAssessment";
import { TenantSettings } from "./tenantSettings";

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

export interface WebhookDestination {
  type: "webhook";
  configuration: { webhook_endpoint: string; webhook_authorization: WebhookAuthorization };
}

export interface EventBridgeDestination {
  type: "eventbridge";
  /** `aws_partner_event_source` is set by the service, never sent. */
  configuration: { aws_account_id: string; aws_region: string; aws_partner_event_source: string };
}

export interface ActionDestination {
  type: "action";
  configuration: { action_id: string };
}

export type StoredDestination = WebhookDestination | EventBridgeDestination | ActionDestination;
export type DestinationType = StoredDestination["type"];

export interface StoredEventStream {
  id: string;
  name: string;
  status: "enabled" | "disabled";
  subscriptions: { event_type: string }[];
  destination: StoredDestination;
  created_at: string;
  updated_at: string;
}

/** What the seeding controls can create: each destination type, webhooks with each authorization method. */
export const SEED_DESTINATIONS = ["webhook:basic", "webhook:bearer", "webhook:custom_header", "eventbridge", "action"] as const;
export type SeedDestination = (typeof SEED_DESTINATIONS)[number];

export interface SeedOptions {
  namePrefix?: string;
  /** Used in turn, stream after stream; default ["webhook:basic"]. */
  destinations?: readonly SeedDestination[];
  /** Default "enabled". */
  status?: StoredEventStream["status"];
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

export function phoneProviderView(provider: StoredPhoneProvider): Record<string, unknown> {
  const { credentials: _secret, ...visible } = provider;
  return structuredClone(visible);
}

/** The destination as the service returns it: webhook secrets left out. */
function destinationView(destination: StoredDestination): Record<string, unknown> {
  if (destination.type !== "webhook") return { type: destination.type, configuration: { ...destination.configuration } };
  const { password: _p, token: _t, header_value: _h, ...authorization } = destination.configuration.webhook_authorization;
  return {
    type: destination.type,
    configuration: { webhook_endpoint: destination.configuration.webhook_endpoint, webhook_authorization: authorization },
  };
}

export function eventStreamView(stream: StoredEventStream): Record<string, unknown> {
  return {
    id: stream.id,
    name: stream.name,
    status: stream.status,
    subscriptions: stream.subscriptions.map((s) => ({ ...s })),
    destination: destinationView(stream.destination),
    created_at: stream.created_at,
    updated_at: stream.updated_at,
  };
}

/** A seeded stream's destination, with fresh secrets so leak scans have something to look for. */
function seededDestination(kind: SeedDestination, name: string, state: EmulatorState): StoredDestination {
  const secret = (): string => state.ids.secret(16);
  const webhook = (webhook_authorization: WebhookAuthorization): WebhookDestination => ({
    type: "webhook",
    configuration: { webhook_endpoint: `https://hooks.example.com/${name}`, webhook_authorization },
  });
  switch (kind) {
    case "webhook:basic":
      return webhook({ method: "basic", username: "seed", password: secret() });
    case "webhook:bearer":
      return webhook({ method: "bearer", token: secret() });
    case "webhook:custom_header":
      return webhook({ method: "custom_header", header_key: "x-seed-key", header_value: secret() });
    case "eventbridge":
      return {
        type: "eventbridge",
        configuration: { aws_account_id: "123456789012", aws_region: "us-east-1", aws_partner_event_source: state.partnerEventSource() },
      };
    case "action":
      return { type: "action", configuration: { action_id: state.ids.uuid() } };
  }
}

export class EmulatorState {
  pushProvider: PushProviderName = "guardian";
  /** Keyed by id; the service allows one per tenant, but tests may add more directly. */
  readonly phoneProviders = new Map<string, StoredPhoneProvider>();
  /** In creation order, which is the listing order. */
  readonly eventStreams: StoredEventStream[] = [];
  readonly enrollmentTickets: IssuedEnrollmentTicket[] = [];
  /** SNS, APNs and FCM v1 credentials of the push-notification factor; none set on a fresh tenant. */
  readonly pushCredentials = new PushCredentials();
  /** Guardian factors, MFA policy and phone message types; every factor off on a fresh tenant. */
  readonly mfa = new MfaSettings();
  /** Duo, WebAuthn, the push factor's custom app, MFA sessions and one-time codes (api-wire §11). */
  readonly factorSettings = new FactorSettings();
  /** Phone notification templates: the customized ones by id, and each type's default body. */
  readonly phoneTemplates: PhoneTemplates;
  /** Adaptive MFA: risk assessment, new-device memory, the add-on and the confidence-score side effect (api-wire §12.1). */
  readonly riskAssessment: RiskAssessment;
  /** The tenant's settings object, with the two MFA switches (api-wire §12.2). */
  readonly tenantSettings = new TenantSettings();
  private lastTimestampMs = 0;
  /** Per name prefix, so repeated seeds keep numbering on. */
  private readonly seededCounts = new Map<string, number>();

  constructor(
    readonly tenant: string,
    /** What POST gives a stream sent without `status` (the service changed it during 2025). */
    readonly eventStreamStatusDefault: StoredEventStream["status"] = "enabled",
    /** Every id the API mints; random unless the emulator was given an id seed. */
    readonly ids: IdMint = new IdMint(),
    /** The Adaptive MFA switches the tenant starts with and a reset puts back. */
    riskAssessmentSwitches: Readonly<RiskAssessmentSwitches> = DEFAULT_RISK_ASSESSMENT_SWITCHES,
  ) {
    this.phoneTemplates = new PhoneTemplates(tenant);
    this.riskAssessment = new RiskAssessment(riskAssessmentSwitches);
  }

  /** Back to a fresh tenant, in place, so references held by tests stay live. */
  clear(): void {
    this.pushProvider = "guardian";
    this.phoneProviders.clear();
    this.eventStreams.length = 0;
    this.enrollmentTickets.length = 0;
    this.pushCredentials.clear();
    this.mfa.clear();
    this.factorSettings.clear();
    this.phoneTemplates.clear();
    this.riskAssessment.clear();
    this.tenantSettings.clear();
    this.seededCounts.clear();
  }

  /** ISO 8601 with milliseconds, strictly increasing so updated_at always advances. */
  timestamp(): string {
    this.lastTimestampMs = Math.max(Date.now(), this.lastTimestampMs + 1);
    return new Date(this.lastTimestampMs).toISOString();
  }

  /** The partner event source name the service assigns to an EventBridge destination. */
  partnerEventSource(): string {
    return `aws.partner/identity.example/${this.tenant}-${this.ids.partnerSourceSuffix()}/service.events`;
  }

  findEventStream(id: string): StoredEventStream | undefined {
    return this.eventStreams.find((stream) => stream.id === id);
  }

  addEventStream(input: NewEventStream): StoredEventStream {
    const now = this.timestamp();
    const stream: StoredEventStream = { ...structuredClone(input), id: this.ids.eventStreamId(), created_at: now, updated_at: now };
    this.eventStreams.push(stream);
    return stream;
  }

  /** Applies a PATCH's fields and advances updated_at. */
  updateEventStream(stream: StoredEventStream, changes: Partial<NewEventStream>): StoredEventStream {
    Object.assign(stream, structuredClone(changes), { updated_at: this.timestamp() });
    return stream;
  }

  removeEventStream(id: string): boolean {
    const index = this.eventStreams.findIndex((stream) => stream.id === id);
    if (index < 0) return false;
    this.eventStreams.splice(index, 1);
    return true;
  }

  /**
   * Appends n streams named `<prefix>-<k>`, numbering on from earlier seeds and skipping names in use; their
   * destinations take `destinations` in turn (default: webhooks with basic authorization).
   */
  seedEventStreams(n: number, options: SeedOptions | string = {}): StoredEventStream[] {
    if (!Number.isInteger(n) || n < 0) throw new Error(`seedEventStreams: count must be a non-negative integer, got ${n}`);
    const { namePrefix = "seeded-stream", destinations = ["webhook:basic"], status = "enabled" } =
      typeof options === "string" ? { namePrefix: options } : options;
    if (destinations.length === 0 || destinations.some((kind) => !SEED_DESTINATIONS.includes(kind))) {
      throw new Error(`seedEventStreams: destinations must be a non-empty list of ${SEED_DESTINATIONS.join(", ")}`);
    }
    const names = new Set(this.eventStreams.map((stream) => stream.name));
    const created: StoredEventStream[] = [];
    let counter = this.seededCounts.get(namePrefix) ?? 0;
    while (created.length < n) {
      const name = `${namePrefix}-${++counter}`;
      if (names.has(name)) continue;
      const destination = seededDestination(destinations[created.length % destinations.length], name, this);
      created.push(this.addEventStream({ name, status, subscriptions: [{ event_type: "user.created" }], destination }));
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
      pushCredentials: this.pushCredentials.snapshot(),
      mfa: this.mfa.snapshot(),
      factorSettings: this.factorSettings.snapshot(),
      phoneTemplates: this.phoneTemplates.snapshot(),
      riskAssessment: this.riskAssessment.snapshot(),
      tenantSettings: this.tenantSettings.snapshot(),
      enrollmentTickets: this.enrollmentTickets.map((ticket) => ({
        ticket_id: ticket.ticket_id,
        ticket_url: ticket.ticket_url,
        user_id: ticket.request.user_id,
        created_at: ticket.created_at,
      })),
    };
  }
}
