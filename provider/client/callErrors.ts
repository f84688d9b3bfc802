/**
 * The errors a call ends with: what happened, never a secret, with a hint when the settings can fix it.
 * The attempt loop (attemptLoop.ts) decides that a call fails; this file says how.
 */
import { STATUS_CODES } from "node:http";
import type { CredentialHints } from "../credentialHints";
import type { TokenSource } from "./auth";
import type { Attempt, PreparedRequest } from "./preparedRequest";
import { AmbiguousRequestError, ApiError, NetworkError, RequestNotSentError, type RequestError } from "./errors";
import type { DebugLog } from "./log";
import { noTlsOnPort } from "./networkErrors";
import type { Redactor } from "./redact";
import { parseErrorBody } from "./responses";
import type { Decision } from "./retry";

/** What error building needs beyond the call: where it went, what to hint, the token's state, the log. */
export interface CallErrorContext {
  /** The tenant's host, named in network errors ("my-tenant.example.com", "127.0.0.1:4000"). */
  host: string;
  hints: CredentialHints;
  /** The origin to suggest when a loopback host asked for with https answers in plain http (the emulator). */
  plainHttpOrigin?: string;
  tokens: Pick<TokenSource, "renewable" | "refused">;
  log: DebugLog | undefined;
  /** Takes every secret the call knows out of service text, and, given the answer, every secret field's value in it. */
  redactorFor(call: PreparedRequest, responseText?: string): Redactor;
}

/** The safe error for a call the retry decision failed. */
export function failedCallError(
  context: CallErrorContext,
  call: PreparedRequest,
  attempt: Attempt,
  decision: Extract<Decision, { action: "fail" }>,
  sends: number,
): RequestError {
  const where = { method: call.method, path: call.shownPath, operation: call.operation, host: context.host };
  if (decision.reason === "notSent" && attempt.kind === "transport") {
    context.log?.(`${call.method} ${call.shownPath} refused before sending (${attempt.reason}); not retried`);
    return new RequestNotSentError({ ...where, reason: attempt.reason, cause: attempt.cause });
  }
  if (decision.reason === "ambiguous") {
    const reason = attempt.kind === "response" ? `${attempt.status} ${STATUS_CODES[attempt.status] ?? "server error"}` : attempt.reason;
    context.log?.(`${call.method} ${call.shownPath} failed ambiguously (${reason}); not retried`);
    if (attempt.kind === "response") return new AmbiguousRequestError({ ...where, reason, status: attempt.status });
    return new AmbiguousRequestError({ ...where, reason, cause: attempt.cause });
  }
  if (attempt.kind === "transport") {
    const hint =
      decision.reason === "tlsFailed" && noTlsOnPort(attempt.cause) && context.plainHttpOrigin !== undefined
        ? `A local server without TLS (such as the emulator) is given with http://: ${context.plainHttpOrigin}.`
        : undefined;
    return new NetworkError({ ...where, reason: attempt.reason, attempts: sends, cause: attempt.cause, hint });
  }
  if (attempt.status === 429) {
    const why = decision.reason === "deadline" ? "the next try would pass the call's deadline" : "too many rate-limited tries";
    return apiError(context, call, attempt, `Rate limited: ${why}; lower the concurrency or retry later.`);
  }
  if (decision.reason !== "final") return apiError(context, call, attempt, undefined);
  const refusal = credentialRefusal(context, call, attempt.status);
  return apiError(context, call, attempt, refusal?.hint, refusal?.refused);
}

/** What the answer says of the credentials: a hint, and whether they themselves were refused. */
function credentialRefusal(context: CallErrorContext, call: PreparedRequest, status: number): { hint: string; refused: boolean } | undefined {
  if (!call.authenticated) {
    if (status === 401) return { hint: context.hints.clientCredentialsRejected, refused: true };
    if (status === 403) return { hint: context.hints.audienceRefused, refused: true };
    return undefined;
  }
  if (status !== 401) return undefined;
  if (!context.tokens.renewable) return { hint: context.hints.apiTokenRejected, refused: true };
  return context.tokens.refused
    ? { hint: "A freshly issued access token was refused as well; later calls in this run fail without sending.", refused: true }
    : undefined;
}

function apiError(
  context: CallErrorContext,
  call: PreparedRequest,
  attempt: Extract<Attempt, { kind: "response" }>,
  hint: string | undefined,
  credentialsRefused = false,
): ApiError {
  // The answer itself may hold secrets the call never knew (a refresh's, an import's): its secret fields name them.
  const redactor = context.redactorFor(call, attempt.text);
  const details = parseErrorBody(attempt.text, STATUS_CODES[attempt.status] ?? "Error", (text) => redactor.redactService(text));
  return new ApiError({
    status: attempt.status,
    error: details.error,
    errorCode: details.errorCode,
    serviceMessage: details.message,
    method: call.method,
    path: call.shownPath,
    operation: call.operation,
    hint,
    credentialsRefused,
  });
}

/** Once a freshly issued token was refused, every later call fails at once instead of fetching a token each. */
export function refusedCredentialsError(call: PreparedRequest): ApiError {
  return new ApiError({
    status: 401,
    error: "Unauthorized",
    serviceMessage:
      "not sent: earlier in this run the service refused an access token issued moments before, so these " +
      "credentials are not tried again",
    method: call.method,
    path: call.shownPath,
    operation: call.operation,
    hint: "Check that the client is authorized for the tenant's management API and the audience is right.",
    credentialsRefused: true,
  });
}

/** The rate-limit budget did not open before the call's deadline. */
export function budgetExhaustedError(call: PreparedRequest): ApiError {
  return new ApiError({
    status: 429,
    error: "Too Many Requests",
    serviceMessage: "the rate limit stays exhausted past the call's deadline",
    method: call.method,
    path: call.shownPath,
    operation: call.operation,
    hint: "Lower the concurrency or retry later.",
  });
}

/** The shared token fetch did not finish within the call's deadline. */
export function tokenDeadlineError(call: PreparedRequest, host: string): NetworkError {
  const reason = "no access token within the call's deadline";
  return new NetworkError({ method: call.method, path: call.shownPath, operation: call.operation, host, reason, attempts: 0 });
}
