// The client's retry decision as a table: an attempt's outcome and state in, accept / retry / renew / fail out.
import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { classifyNetworkError, refusedLocally, tlsFailed } from "../../provider/client/networkErrors";
import {
  decideAfterAttempt,
  isIdempotent,
  type AttemptOutcome,
  type AttemptState,
  type Decision,
  type RetryPolicy,
} from "../../provider/client/retry";

const NOW = Date.parse("2025-01-01T00:00:00Z");
const NOW_SECONDS = NOW / 1000;

const POLICY: RetryPolicy = {
  baseBackoffMs: 100,
  maxBackoffMs: 1_000,
  maxRateLimitWaitMs: 10_000,
  maxRetries: 3,
  maxRateLimitRetries: 2,
};

/** A first attempt of an idempotent API call with a cached token and a minute to go. */
const FIRST_ATTEMPT: AttemptState = {
  now: NOW,
  deadlineAt: NOW + 60_000,
  resendable: true,
  failureRetries: 0,
  rateLimitRetries: 0,
  credential: "cached",
};

const answer = (status: number, headers: IncomingHttpHeaders = {}): AttemptOutcome => ({ kind: "response", status, headers });
const transportFailure = (mayHaveReachedServer: boolean, deadlinePassed = false): AttemptOutcome => ({
  kind: "transport",
  mayHaveReachedServer,
  deadlinePassed,
});
const refusedBeforeSending: AttemptOutcome = { kind: "transport", mayHaveReachedServer: false, refusedLocally: true, deadlinePassed: false };
/** A TLS failure (a plain-http port, a certificate): the same server answers a re-send the same way. */
const tlsHandshakeFailed: AttemptOutcome = { kind: "transport", mayHaveReachedServer: true, tlsFailed: true, deadlinePassed: false };
/** A create (POST): it may not be resent once the service may have received it. */
const CREATE = { resendable: false } as const;

interface Case {
  name: string;
  outcome: AttemptOutcome;
  state?: Partial<AttemptState>;
  policy?: Partial<RetryPolicy>;
  /** What the random source returns (jitter). */
  random?: number;
  expected: Decision;
}

const accept: Decision = { action: "accept" };
const refreshToken: Decision = { action: "refreshToken" };
const fail = (reason: Extract<Decision, { action: "fail" }>["reason"], holdOthersUntil?: number): Decision => ({
  action: "fail",
  reason,
  holdOthersUntil,
});
const backoff = (delayMs: number): Decision => ({ action: "retryAfter", delayMs, counter: "failure" });
const rateLimited = (
  delayMs: number,
  basis: "retry-after" | "x-ratelimit-reset" | "backoff",
  holdOthersUntil?: number,
): Decision => ({ action: "retryAfter", delayMs, counter: "rateLimit", basis, holdOthersUntil });

const CASES: Case[] = [
  // 2xx
  { name: "200 is accepted", outcome: answer(200), expected: accept },
  { name: "204 is accepted", outcome: answer(204), expected: accept },
  { name: "201 to a create is accepted", outcome: answer(201), state: CREATE, expected: accept },

  // 401: one renewal per call, and only where a new token can help
  { name: "401 with a cached token renews it", outcome: answer(401), expected: refreshToken },
  { name: "401 to a create renews the token too (a 401 was not processed)", outcome: answer(401), state: CREATE, expected: refreshToken },
  { name: "401 with a token renewed after this call's own 401 fails", outcome: answer(401), state: { credential: "renewed" }, expected: fail("final") },
  { name: "401 with a static token fails", outcome: answer(401), state: { credential: "static" }, expected: fail("final") },
  { name: "401 on the token request fails", outcome: answer(401), state: { credential: "none" }, expected: fail("final") },

  // other 4xx: final answers
  { name: "400 fails", outcome: answer(400), expected: fail("final") },
  { name: "403 fails", outcome: answer(403), expected: fail("final") },
  { name: "404 fails", outcome: answer(404), expected: fail("final") },
  { name: "409 to a create fails", outcome: answer(409), state: CREATE, expected: fail("final") },
  { name: "a redirect fails", outcome: answer(302), expected: fail("final") },

  // 429: Retry-After, else x-ratelimit-reset plus jitter, else backoff; each capped; others held back
  {
    name: "429 with Retry-After waits exactly that, even with a later x-ratelimit-reset",
    outcome: answer(429, { "retry-after": "1", "x-ratelimit-reset": String(NOW_SECONDS + 2) }),
    random: 0.5,
    expected: rateLimited(1_000, "retry-after", NOW + 1_000),
  },
  {
    name: "429 with Retry-After as an HTTP date",
    outcome: answer(429, { "retry-after": "Wed, 01 Jan 2025 00:00:07 GMT" }),
    expected: rateLimited(7_000, "retry-after", NOW + 7_000),
  },
  {
    name: "429 with Retry-After as a date already past retries at once",
    outcome: answer(429, { "retry-after": "Tue, 31 Dec 2024 23:00:00 GMT" }),
    expected: rateLimited(0, "retry-after", NOW),
  },
  {
    name: "429 with a long Retry-After is capped",
    outcome: answer(429, { "retry-after": "600" }),
    expected: rateLimited(10_000, "retry-after", NOW + 10_000),
  },
  {
    name: "429 with x-ratelimit-reset waits for the reset, plus no jitter at random 0",
    outcome: answer(429, { "x-ratelimit-reset": String(NOW_SECONDS + 2) }),
    random: 0,
    expected: rateLimited(2_005, "x-ratelimit-reset", NOW + 2_000),
  },
  {
    name: "429 with x-ratelimit-reset waits for the reset, plus the most jitter at random 1",
    outcome: answer(429, { "x-ratelimit-reset": String(NOW_SECONDS + 2) }),
    random: 1,
    expected: rateLimited(2_405, "x-ratelimit-reset", NOW + 2_000),
  },
  {
    name: "429 with garbage Retry-After falls back to x-ratelimit-reset",
    outcome: answer(429, { "retry-after": "soon", "x-ratelimit-reset": String(NOW_SECONDS + 2) }),
    random: 0,
    expected: rateLimited(2_005, "x-ratelimit-reset", NOW + 2_000),
  },
  {
    name: "429 with a reset already past (clock skew) backs off rather than hammering",
    outcome: answer(429, { "x-ratelimit-reset": String(NOW_SECONDS - 5) }),
    state: { rateLimitRetries: 1 },
    random: 0,
    expected: rateLimited(100, "backoff"),
  },
  { name: "429 without timing headers backs off", outcome: answer(429), random: 1, expected: rateLimited(100, "backoff") },
  {
    name: "429 to a create is retried (a 429 was not processed)",
    outcome: answer(429, { "retry-after": "0" }),
    state: CREATE,
    expected: rateLimited(0, "retry-after", NOW),
  },
  {
    name: "429 whose wait would pass the deadline fails, still holding others back",
    outcome: answer(429, { "retry-after": "30" }),
    state: { deadlineAt: NOW + 1_000 },
    expected: fail("deadline", NOW + 10_000),
  },
  {
    name: "429 after the last rate-limit retry fails",
    outcome: answer(429, { "retry-after": "1" }),
    state: { rateLimitRetries: 2 },
    expected: fail("retriesExhausted", NOW + 1_000),
  },
  {
    name: "429 does not use up the 5xx/network retries",
    outcome: answer(429, { "retry-after": "1" }),
    state: { failureRetries: 3 },
    expected: rateLimited(1_000, "retry-after", NOW + 1_000),
  },

  // 5xx: exponential backoff with equal jitter on idempotent calls; never resent on a create
  { name: "503 backs off half a step at random 0", outcome: answer(503), random: 0, expected: backoff(50) },
  { name: "503 backs off a whole step at random 1", outcome: answer(503), random: 1, expected: backoff(100) },
  { name: "503 doubles the step per retry", outcome: answer(503), state: { failureRetries: 2 }, random: 1, expected: backoff(400) },
  {
    name: "503 caps the step",
    outcome: answer(503),
    state: { failureRetries: 9 },
    policy: { maxRetries: 10 },
    random: 1,
    expected: backoff(1_000),
  },
  { name: "503 with Retry-After waits that instead", outcome: answer(503, { "retry-after": "3" }), expected: backoff(3_000) },
  { name: "503 with a long Retry-After is capped", outcome: answer(503, { "retry-after": "600" }), expected: backoff(10_000) },
  { name: "500 to a create is ambiguous", outcome: answer(500), state: CREATE, expected: fail("ambiguous") },
  { name: "503 to a create is ambiguous", outcome: answer(503), state: CREATE, expected: fail("ambiguous") },
  { name: "501 will not change", outcome: answer(501), expected: fail("final") },
  { name: "505 will not change", outcome: answer(505), expected: fail("final") },
  { name: "502 after the last retry fails", outcome: answer(502), state: { failureRetries: 3 }, expected: fail("retriesExhausted") },
  {
    name: "503 whose wait would pass the deadline fails",
    outcome: answer(503, { "retry-after": "5" }),
    state: { deadlineAt: NOW + 1_000 },
    expected: fail("deadline"),
  },

  // transport failures: whether the request may have reached the server decides for a create
  { name: "a dropped connection on an idempotent call backs off", outcome: transportFailure(true), random: 0, expected: backoff(50) },
  { name: "a refused connection on a create is resent (it never left)", outcome: transportFailure(false), state: CREATE, random: 1, expected: backoff(100) },
  { name: "a dropped connection on a create is ambiguous", outcome: transportFailure(true), state: CREATE, expected: fail("ambiguous") },
  // Refused by the HTTP library before sending (a header with a line break): never ambiguous, never resent
  { name: "a request refused locally fails as not sent", outcome: refusedBeforeSending, expected: fail("notSent") },
  { name: "a create refused locally fails as not sent, not ambiguous", outcome: refusedBeforeSending, state: CREATE, expected: fail("notSent") },
  { name: "a failed TLS handshake fails at once: not transient", outcome: tlsHandshakeFailed, expected: fail("tlsFailed") },
  { name: "a create whose TLS failed stays ambiguous (a reused connection may have carried it)", outcome: tlsHandshakeFailed, state: CREATE, expected: fail("ambiguous") },
  { name: "a deadline hit on an idempotent call fails", outcome: transportFailure(true, true), expected: fail("deadline") },
  { name: "a deadline hit on a create is ambiguous", outcome: transportFailure(true, true), state: CREATE, expected: fail("ambiguous") },
  { name: "a deadline hit before a create left is not ambiguous", outcome: transportFailure(false, true), state: CREATE, expected: fail("deadline") },
  { name: "a failure after the last retry fails", outcome: transportFailure(false), state: { failureRetries: 3 }, expected: fail("retriesExhausted") },
  {
    name: "a failure whose backoff would pass the deadline fails",
    outcome: transportFailure(true),
    state: { deadlineAt: NOW + 40 },
    random: 0,
    expected: fail("deadline"),
  },
];

describe("decideAfterAttempt", () => {
  it.each(CASES)("$name", ({ outcome, state, policy, random, expected }) => {
    const decision = decideAfterAttempt(outcome, { ...FIRST_ATTEMPT, ...state }, { ...POLICY, ...policy }, () => random ?? 0);
    expect(decision).toEqual(expected);
  });

  it("reads its random source only for jitter, so equal inputs give equal decisions", () => {
    const outcome = answer(429, { "x-ratelimit-reset": String(NOW_SECONDS + 2) });
    const decide = (): Decision => decideAfterAttempt(outcome, FIRST_ATTEMPT, POLICY, () => 0.25);
    expect(decide()).toStrictEqual(decide());
    expect(decideAfterAttempt(answer(200), FIRST_ATTEMPT, POLICY, () => {
      throw new Error("a 200 needs no jitter");
    })).toStrictEqual(accept);
  });
});

describe("decision inputs", () => {
  it("treats only POST as non-idempotent and knows which network errors mean 'never sent'", () => {
    expect(["GET", "PUT", "PATCH", "DELETE"].every(isIdempotent)).toBe(true);
    expect(isIdempotent("POST")).toBe(false);
    expect(classifyNetworkError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toEqual({
      notSent: true,
      reason: "connection refused",
    });
    expect(classifyNetworkError(Object.assign(new Error("secret stuff"), { code: "UND_ERR_SOCKET" }))).toEqual({
      notSent: false,
      reason: "connection closed before a complete response",
    });
    expect(classifyNetworkError(new Error("Bearer abc"))).toEqual({ notSent: false, reason: "network error" });
    const invalidHeader = Object.assign(new Error("invalid service-custom-domain header"), { code: "UND_ERR_INVALID_ARG" });
    expect(classifyNetworkError(invalidHeader).notSent).toBe(true);
    expect(refusedLocally(invalidHeader)).toBe(true);
    expect(refusedLocally(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(refusedLocally(Object.assign(new Error("x"), { code: "UND_ERR_SOCKET" }))).toBe(false);
    expect(["ERR_SSL_WRONG_VERSION_NUMBER", "EPROTO", "CERT_HAS_EXPIRED"].map((code) => tlsFailed(Object.assign(new Error("x"), { code })))).toEqual([true, true, true]);
    expect(tlsFailed(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe(false);
  });
});
