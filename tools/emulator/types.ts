// Public types of the emulator. Kept apart from the implementation so tests and the CLI import one place.
import type { BucketConfig } from "./rateLimit";
import type { MfaSeed } from "./mfaState";
import type { AdaptiveMfaEntitlement, RiskAssessmentSeed } from "./riskAssessment";
import type { TenantSettingsSeed } from "./tenantSettings";
import type { EmulatorState, SeedOptions } from "./state";

export type { BucketConfig } from "./rateLimit";

export interface EmulatorClient {
  id: string;
  secret: string;
  /** Scopes granted to the client; default: every scope the contract lists. */
  scopes?: string[];
}

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: "127.0.0.1";
  /** Default: one client `demo` / `demo-secret` holding every contract scope. */
  clients?: EmulatorClient[];
  /** Lifetime of issued access tokens; default 86400. */
  tokenTtlSeconds?: number;
  /** Size of the tenant's /api/v2 bucket (requests; x-ratelimit-limit); default: no limit. */
  rateLimit?: number;
  /**
   * Tokens returned to the bucket at each epoch second (above 0, at most `rateLimit`); default `rateLimit`,
   * a full bucket every second. Needs `rateLimit`.
   */
  refillPerSecond?: number;
  /** Tenant name reported on phone providers; default "demo-tenant". */
  tenant?: string;
  /** Send Retry-After on 429s; default false (only x-ratelimit-* headers). */
  retryAfter?: boolean;
  /**
   * The `status` a stream created without one gets: `enabled` (the default, as the service answers today) or
   * `disabled` (as recorded in early 2025).
   */
  eventStreamStatusDefault?: "enabled" | "disabled";
  /**
   * Mint every id (phone providers, event streams, phone templates, tickets, partner event sources, seeded
   * Action ids and secrets, rotated client secrets) from a sequence fixed by this text, so the same requests give the same
   * ids; reset() starts the sequence over. Default: random.
   */
  idSeed?: string;
  /**
   * Whether the tenant holds the Adaptive MFA add-on: `entitled` (the default), or the errorCode of the 403 that the
   * risk-assessment paths and a PUT of the `confidence-score` policy then answer. reset() puts it back.
   */
  adaptiveMfa?: AdaptiveMfaEntitlement;
  /**
   * Whether a PUT of the `confidence-score` MFA policy turns risk assessment on, as a user reported (never recorded);
   * default true. reset() puts it back.
   */
  confidenceScoreSideEffect?: boolean;
  /** Serve https with this PEM key and certificate (e.g. a throwaway self-signed one); default plain http. */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

/**
 * `not_entitled` and `insufficient_entitlement`: a 403 with that errorCode, as the service answers a call the
 * tenant's plan does not offer (never recorded on the MFA settings' paths; api-wire §11.8).
 */
export type FaultKind = "429" | "500" | "502" | "503" | "drop" | "delay" | "not_entitled" | "insufficient_entitlement";

export interface FaultSpec {
  method?: string;
  /** Exact path, or a prefix ending in "*" (e.g. "/api/v2/branding/phone/providers*"). Query strings are ignored. */
  path: string;
  /** How many of the next matching requests get the fault. */
  count: number;
  kind: FaultKind;
  /** For 429: x-ratelimit-reset = now + this (default 1). */
  resetSeconds?: number;
  /** Adds a Retry-After header with this value (429 and 5xx). */
  retryAfterSeconds?: number;
  /** For "delay": respond normally after this many milliseconds (or when a test releases it: `heldRequests()`). */
  delayMs?: number;
  /** For "drop" and 5xx: handle the request (state changes) THEN fail, modelling an ambiguous failure. */
  afterHandling?: boolean;
}

/** What ends a held request: "handle" it as usual, or "drop" its connection with the request never handled. */
export type HeldRequestOutcome = "handle" | "drop";

/** A request a delay fault holds: its method and path, and ending the delay now. */
export interface HeldRequest {
  method: string;
  path: string;
  /**
   * "handle": as when the delay ends (the state changes, and the answer goes to the client if it is still there);
   * "drop": the connection is closed and the request never handled (logged with status 0, faulted "delay, dropped").
   */
  release(outcome: HeldRequestOutcome): void;
}

export interface RequestLogEntry {
  method: string;
  /** Path without query string; token requests are logged as "/oauth/token" with or without the trailing slash. */
  path: string;
  /** Raw query string without "?" ("" when none). */
  query: string;
  /** Status sent; 0 when the connection was dropped. */
  status: number;
  /** Epoch milliseconds. */
  startedAt: number;
  durationMs: number;
  /** The injected fault that shaped this response, e.g. "503", "drop", "drop after handling". */
  faulted?: string;
}

export interface IssueTokenOptions {
  expiresInSeconds?: number;
  /** Default: the client's granted scopes. Not limited to them, so tests can mint any token. */
  scopes?: string[];
  /** Overrides for token-attack tests: a token the emulator signed but must still reject. */
  audience?: string;
  issuer?: string;
  /** nbf = now + this. */
  notBeforeSeconds?: number;
}

export interface Emulator {
  /** "http://127.0.0.1:<port>" ("https://…" with `tls`), no trailing slash. */
  url: string;
  /** Live state; tests may read it, or change it to simulate out-of-band edits (drift). */
  state: EmulatorState;
  /** Most recent requests (API and token; never /__emulator controls), oldest first. */
  requests: RequestLogEntry[];
  /** Requests seen since start or reset, optionally filtered by method and path prefix. */
  count(method?: string, pathPrefix?: string): number;
  tokenRequests(): number;
  /** Every access token /oauth/token handed out since start (not cleared by reset): for secret-leak scans. */
  issuedAccessTokens(): string[];
  /** Appends n streams; `destinations` (used in turn) can create every destination type. */
  seedEventStreams(n: number, options?: SeedOptions): void;
  /** Sets factors (on/off, trial over), the MFA policy and the phone message types; what is left out stays. */
  seedMfa(seed: MfaSeed): void;
  /** Sets risk assessment (`enabled`, `rememberFor`) and the tenant's Adaptive MFA switches; what is left out stays. */
  seedRiskAssessment(seed: RiskAssessmentSeed): void;
  /** Merges into the tenant's settings: top-level keys replaced, `flags` merged; `null` removes a key or a flag. */
  seedTenantSettings(seed: TenantSettingsSeed): void;
  injectFault(fault: FaultSpec): void;
  clearFaults(): void;
  /** The requests delay faults hold right now, oldest first: a test may end each sooner (see HeldRequest). */
  heldRequests(): HeldRequest[];
  /** A new bucket size and refill rate (undefined: no limit), starting full; kept across reset(). */
  setRateLimit(bucket: BucketConfig | undefined): void;
  /** State, request log, counters, faults and the rate-limit bucket back to fresh; with `idSeed`, ids start over. */
  reset(): void;
  issueToken(clientId: string, opts?: IssueTokenOptions): Promise<string>;
  /**
   * Rotates a client's secret: the old one is refused by /oauth/token from now on (not undone by reset()).
   * Returns the new secret, `newSecret` when given, otherwise a random one.
   */
  rotateClientSecret(clientId: string, newSecret?: string): string;
  close(): Promise<void>;
}
