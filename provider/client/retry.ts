/**
 * The client's one retry decision: after each attempt, accept the answer, wait and send again, fetch a
 * new token and send again, or fail. Pure functions of the outcome, the attempt state, the options and a
 * random source, so the whole policy is table-testable without a server. What the headers say is read in
 * headers.ts; what a transport error proves, in networkErrors.ts.
 */
import type { IncomingHttpHeaders } from "node:http";
import { headerValue, parseRateLimitReset, parseRetryAfter } from "./headers";

export type HttpMethod = "GET" | "PUT" | "POST" | "PATCH" | "DELETE";

/** Re-sending these cannot duplicate an effect; POST can (a second phone provider, a second ticket). */
export function isIdempotent(method: string): boolean {
  return method !== "POST";
}

/** 5xx answers worth another try on an idempotent call (501/505 will not change). */
function isRetryableServerStatus(status: number): boolean {
  return status >= 500 && status !== 501 && status !== 505;
}

interface BackoffSettings {
  baseBackoffMs: number;
  maxBackoffMs: number;
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so waits grow but
 * concurrent clients do not retry in lockstep. retry is 1 for the first retry.
 */
function backoffDelay(retry: number, settings: BackoffSettings, random: () => number): number {
  const step = Math.min(settings.maxBackoffMs, settings.baseBackoffMs * 2 ** Math.max(0, retry - 1));
  return step / 2 + (step / 2) * random();
}

/**
 * Spreads callers released by the same reset over at least a quarter second (more for long waits), so
 * they do not all arrive in the same instant and re-empty the bucket together.
 */
function resetJitter(waitMs: number, random: () => number): number {
  return waitMs + Math.max(250, Math.min(1_000, waitMs * 0.2)) * random() + 5;
}

interface RateLimitDelay {
  delayMs: number;
  basis: "retry-after" | "x-ratelimit-reset" | "backoff";
  /** Epoch ms the service named as the earliest retry (no jitter); absent for plain backoff. */
  resumeAt?: number;
}

/** How long to wait after a 429: Retry-After, else x-ratelimit-reset (+jitter), else backoff; capped. */
function rateLimitDelay(
  headers: IncomingHttpHeaders,
  retry: number,
  now: number,
  settings: BackoffSettings & { maxRateLimitWaitMs: number },
  random: () => number,
): RateLimitDelay {
  const cap = (ms: number): number => Math.min(settings.maxRateLimitWaitMs, ms);
  const retryAfter = parseRetryAfter(headerValue(headers, "retry-after"), now);
  if (retryAfter !== undefined) {
    return { delayMs: cap(retryAfter), basis: "retry-after", resumeAt: now + cap(retryAfter) };
  }
  const resetAt = parseRateLimitReset(headerValue(headers, "x-ratelimit-reset"));
  if (resetAt !== undefined && resetAt > now) {
    return { delayMs: cap(resetJitter(resetAt - now, random)), basis: "x-ratelimit-reset", resumeAt: resetAt };
  }
  // No usable timing (or a reset already past, e.g. clock skew): back off like a 5xx.
  return { delayMs: cap(backoffDelay(retry, settings, random)), basis: "backoff" };
}

/** What one attempt came to: an answer, or a transport failure. */
export type AttemptOutcome =
  | { kind: "response"; status: number; headers: IncomingHttpHeaders }
  | {
      kind: "transport";
      /** False only when the request provably never left this machine (e.g. connection refused). */
      mayHaveReachedServer: boolean;
      /** The HTTP library refused the request before sending it (an invalid header): it would refuse it again. */
      refusedLocally?: boolean;
      /** The TLS handshake failed (a plain-http port, a certificate): a re-send would fail the same way. */
      tlsFailed?: boolean;
      /** The call's total deadline fired during the attempt. */
      deadlinePassed: boolean;
    };

/**
 * The token an attempt carried: none (the token request itself), a static one (cannot be renewed), one
 * from the shared cache, or one fetched after this call's own 401 (fetching yet another will not help).
 */
export type Credential = "none" | "static" | "cached" | "renewed";

export interface AttemptState {
  now: number;
  /** Epoch ms by which the whole call must be over. */
  deadlineAt: number;
  /** Whether the request may be sent again after it may have reached the server (never for a create). */
  resendable: boolean;
  /** Re-sends so far after a 5xx or a transport failure. */
  failureRetries: number;
  /** Re-sends so far after a 429. */
  rateLimitRetries: number;
  credential: Credential;
}

export type RetryPolicy = BackoffSettings & { maxRetries: number; maxRateLimitRetries: number; maxRateLimitWaitMs: number };

export type FailReason =
  /** A final answer: a 4xx, or a 5xx that will not change (501, 505). */
  | "final"
  /** The request may have reached the server and may not be sent again. */
  | "ambiguous"
  /** The deadline has passed, or the wait before the next try would pass it. */
  | "deadline"
  /** Every re-send the options allow for this kind of failure is used up. */
  | "retriesExhausted"
  /** Refused on this machine before sending: nothing reached the service, and a re-send would be refused too. */
  | "notSent"
  /** The TLS handshake failed: not transient, a re-send would meet the same server the same way. */
  | "tlsFailed";

export type Decision =
  | { action: "accept" }
  | { action: "refreshToken" }
  | {
      action: "retryAfter";
      delayMs: number;
      /** Which counter this re-send uses up. */
      counter: "rateLimit" | "failure";
      /** For a 429: what the wait is based on. */
      basis?: RateLimitDelay["basis"];
      /** For a 429: the service's earliest retry time, which every caller to the tenant should wait for. */
      holdOthersUntil?: number;
    }
  | { action: "fail"; reason: FailReason; holdOthersUntil?: number };

/** The next step after an attempt. Reads nothing but its arguments. */
export function decideAfterAttempt(
  outcome: AttemptOutcome,
  state: AttemptState,
  policy: RetryPolicy,
  random: () => number,
): Decision {
  if (outcome.kind === "transport") return afterTransportFailure(outcome, state, policy, random);
  const status = outcome.status;
  if (status >= 200 && status < 300) return { action: "accept" };
  // A 401 or a 429 means the request was not processed: even a create may go again.
  if (status === 401 && state.credential === "cached") return { action: "refreshToken" };
  if (status === 429) return afterRateLimit(outcome.headers, state, policy, random);
  if (status < 500) return { action: "fail", reason: "final" };
  if (!state.resendable) return { action: "fail", reason: "ambiguous" };
  if (!isRetryableServerStatus(status)) return { action: "fail", reason: "final" };
  const retryAfter = parseRetryAfter(headerValue(outcome.headers, "retry-after"), state.now);
  const delayMs = Math.min(policy.maxRateLimitWaitMs, retryAfter ?? backoffDelay(state.failureRetries + 1, policy, random));
  if (state.now + delayMs > state.deadlineAt) return { action: "fail", reason: "deadline" };
  if (state.failureRetries >= policy.maxRetries) return { action: "fail", reason: "retriesExhausted" };
  return { action: "retryAfter", delayMs, counter: "failure" };
}

function afterRateLimit(headers: IncomingHttpHeaders, state: AttemptState, policy: RetryPolicy, random: () => number): Decision {
  const wait = rateLimitDelay(headers, state.rateLimitRetries + 1, state.now, policy, random);
  const holdOthersUntil = wait.resumeAt;
  if (state.now + wait.delayMs > state.deadlineAt) return { action: "fail", reason: "deadline", holdOthersUntil };
  if (state.rateLimitRetries >= policy.maxRateLimitRetries) return { action: "fail", reason: "retriesExhausted", holdOthersUntil };
  return { action: "retryAfter", delayMs: wait.delayMs, counter: "rateLimit", basis: wait.basis, holdOthersUntil };
}

function afterTransportFailure(
  outcome: Extract<AttemptOutcome, { kind: "transport" }>,
  state: AttemptState,
  policy: RetryPolicy,
  random: () => number,
): Decision {
  if (outcome.refusedLocally) return { action: "fail", reason: "notSent" };
  if (outcome.mayHaveReachedServer && !state.resendable) return { action: "fail", reason: "ambiguous" };
  if (outcome.tlsFailed) return { action: "fail", reason: "tlsFailed" };
  const delayMs = backoffDelay(state.failureRetries + 1, policy, random);
  if (outcome.deadlinePassed || state.now + delayMs > state.deadlineAt) return { action: "fail", reason: "deadline" };
  if (state.failureRetries >= policy.maxRetries) return { action: "fail", reason: "retriesExhausted" };
  return { action: "retryAfter", delayMs, counter: "failure" };
}
