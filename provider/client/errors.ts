/**
 * Errors raised by the shared client and the settings resolver.
 *
 * Messages are built only from the operation name, method, path, status and the service's own error
 * text. Request bodies, headers and credentials never reach them; the client also takes every secret it
 * knows out of service text, and out of each finished message, before they land here (see redact.ts).
 */

/** The compact request tag every error ends with, e.g. `[POST /api/v2/branding/phone/providers]`. */
function requestTag(method: string, path: string): string {
  return `[${method} ${path}]`;
}

/** A hint after the request tag, as a sentence of its own: `… [POST /oauth/token]. The client credentials were …`. */
function withHint(message: string, hint: string | undefined): string {
  return hint ? `${message}. ${hint}` : message;
}

interface RequestFacts {
  operation: string;
  method: string;
  path: string;
  /** The HTTP status that ended the call; absent when no answer came. */
  status?: number;
  errorCode?: string;
}

/**
 * Base of every error a call through the client ends with: which operation, which request, and the
 * service's status and error code when it answered. Never holds a secret.
 */
export class RequestError extends Error {
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly errorCode: string | undefined;

  constructor(message: string, facts: RequestFacts, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RequestError";
    this.operation = facts.operation;
    this.method = facts.method;
    this.path = facts.path;
    this.status = facts.status;
    this.errorCode = facts.errorCode;
  }
}

export { ConfigError } from "../configError";

/** What a call that ended without a usable answer knows: its request, why it failed, and what caused that. */
interface FailureFacts {
  method: string;
  path: string;
  operation: string;
  /** What went wrong, e.g. "503 Service Unavailable" or "connection closed before a response". */
  reason: string;
  status?: number;
  cause?: unknown;
}

/** A call that ended on this side of the service's answer: the reason it failed, in the subclass's words. */
abstract class RequestFailure extends RequestError {
  /** What went wrong, e.g. "503 Service Unavailable" or "connection closed before a response". */
  readonly reason: string;

  protected constructor(name: string, message: string, facts: FailureFacts) {
    super(message, facts, { cause: facts.cause });
    this.name = name;
    this.reason = facts.reason;
  }
}

export interface ApiErrorDetails {
  status: number;
  /** The service's reason phrase ("Conflict"), or the OAuth `error` code for the token endpoint. */
  error?: string;
  errorCode?: string;
  serviceMessage: string;
  method: string;
  path: string;
  operation: string;
  /** Extra guidance appended to the message, e.g. which config keys to check. */
  hint?: string;
  /** The service refused the settings' credentials (the secret, the token, or the client's access). */
  credentialsRefused?: boolean;
}

/** The service answered with a non-success status that the client did not (or no longer could) retry. */
export class ApiError extends RequestError {
  declare readonly status: number;
  readonly error?: string;
  readonly serviceMessage: string;
  /** The service refused the settings' credentials: the settings, not the call, need fixing. */
  readonly credentialsRefused: boolean;

  constructor(details: ApiErrorDetails) {
    const reason = details.error ? ` ${details.error}` : "";
    const code = details.errorCode ? ` (${details.errorCode})` : "";
    super(
      withHint(`${details.operation} failed: ${details.status}${reason}: ${details.serviceMessage}${code} ${requestTag(details.method, details.path)}`, details.hint),
      details,
    );
    this.name = "ApiError";
    this.error = details.error;
    this.serviceMessage = details.serviceMessage;
    this.credentialsRefused = details.credentialsRefused === true;
  }
}

/**
 * A non-idempotent call (POST) failed in a way that leaves open whether the service acted on it: no
 * response, a timeout, or a 5xx. The client never re-sends such a call; the caller must reconcile
 * (e.g. list and adopt) before trying again.
 */
export class AmbiguousRequestError extends RequestFailure {
  constructor(details: FailureFacts & { /** The tenant's host; named in the message when no answer came. */ host?: string }) {
    const where = details.host !== undefined && details.status === undefined ? `${details.host}: ` : "";
    super(
      "AmbiguousRequestError",
      `${details.operation} failed ambiguously: ${where}${details.reason} ${requestTag(details.method, details.path)}; ` +
        `the service may or may not have applied it, so it was not retried. Check the current state (e.g. run ` +
        `"pulumi refresh") before retrying.`,
      details,
    );
  }
}

/**
 * The request was refused on this machine before anything was sent (the HTTP library rejected it, e.g. a
 * header value with a line break). Nothing reached the service, and it was not retried: it would be refused again.
 */
export class RequestNotSentError extends RequestFailure {
  constructor(details: FailureFacts) {
    super(
      "RequestNotSentError",
      `${details.operation} failed before sending: ${details.reason} ${requestTag(details.method, details.path)}; ` +
        `nothing was sent to the service, and it was not retried.`,
      details,
    );
  }
}

/**
 * No usable response: the connection failed, or the call's total deadline ran out, after every retry
 * the policy allowed. Only raised where a retry could not have duplicated an effect.
 */
export class NetworkError extends RequestFailure {
  readonly attempts: number;

  constructor(
    details: FailureFacts & {
      attempts: number;
      /** The tenant's host, e.g. "my-tenant.example.com": the message names it, since a typo there is the usual cause. */
      host?: string;
      /** What to do about it, after the request tag. */
      hint?: string;
    },
  ) {
    // 0 attempts: the call never got as far as sending (e.g. it timed out waiting for a token).
    const tries =
      details.attempts === 0 ? "" : details.attempts === 1 ? " after 1 attempt" : ` after ${details.attempts} attempts`;
    const where = details.host === undefined ? "" : `${details.host}: `;
    super("NetworkError", withHint(`${details.operation} failed: ${where}${details.reason}${tries} ${requestTag(details.method, details.path)}`, details.hint), details);
    this.attempts = details.attempts;
  }
}

export interface ShapeIssue {
  /** Dotted field path, e.g. "configuration.delivery_methods.0"; "(root)" for the body itself. */
  path: string;
  message: string;
}

/** The service answered 2xx with a body that does not match the wire schema. */
export class ResponseShapeError extends RequestError {
  declare readonly status: number;
  readonly issues: ShapeIssue[];

  constructor(details: { operation: string; method: string; path: string; status: number; issues: ShapeIssue[] }) {
    const listed = details.issues
      .slice(0, 5)
      .map((issue) => `${issue.path}: ${issue.message}`)
      .join("; ");
    const more = details.issues.length > 5 ? `; and ${details.issues.length - 5} more` : "";
    super(
      `${details.operation} failed: unexpected response from the service (status ${details.status}): ` +
        `${listed}${more} ${requestTag(details.method, details.path)}`,
      details,
    );
    this.name = "ResponseShapeError";
    this.issues = details.issues;
  }
}

/** True for an ApiError with status 404 (e.g. a resource deleted out of band). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
