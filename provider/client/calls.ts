/**
 * One call's attempt loop: the deadline, the proactive throttle, the token, and what each answer or
 * transport failure means (retry after a wait, refresh the token once, or fail with a safe error).
 */
import { STATUS_CODES } from "node:http";
import type { Dispatcher, Pool } from "undici";
import type { z } from "zod";
import type { AuthSettings } from "../config";
import type { TokenSource } from "./auth";
import { Deadline } from "./deadline";
import { AmbiguousRequestError, ApiError, NetworkError } from "./errors";
import { formatMs, type DebugLog } from "./log";
import type { ClientOptions } from "./options";
import { parseErrorBody, parseSuccessBody, redact } from "./responses";
import {
  backoffDelay,
  classifyNetworkError,
  headerValue,
  isRetryableServerStatus,
  parseRetryAfter,
  rateLimitDelay,
  resetJitter,
  type HttpMethod,
} from "./retry";
import type { RateLimitGate } from "./throttle";

export interface ClientStats {
  /** API requests sent, retries included. */
  requests: number;
  /** Token requests sent, retries included. */
  tokenRequests: number;
  /** Re-sends after a 401, 429, 5xx or network error. */
  retries: number;
}

/** Everything one call needs across its attempts. */
export interface Call {
  method: HttpMethod;
  /** Full request path, query included. */
  path: string;
  /** Path for messages and logs (no query). */
  shownPath: string;
  operation: string;
  body: string | undefined;
  headers: Record<string, string>;
  authenticated: boolean;
  /** May the request be sent again after an ambiguous failure? */
  resendable: boolean;
  schema: z.ZodType | undefined;
  deadline: Deadline;
}

export interface CallRunnerParts {
  options: ClientOptions;
  pool: Pool;
  gate: RateLimitGate;
  tokens: TokenSource;
  authKind: AuthSettings["kind"];
  log: DebugLog | undefined;
  stats: ClientStats;
}

export class CallRunner {
  private readonly options: ClientOptions;
  private readonly pool: Pool;
  private readonly gate: RateLimitGate;
  private readonly tokens: TokenSource;
  private readonly log: DebugLog | undefined;
  private readonly stats: ClientStats;

  private readonly authKind: AuthSettings["kind"];

  constructor(parts: CallRunnerParts) {
    this.options = parts.options;
    this.pool = parts.pool;
    this.gate = parts.gate;
    this.tokens = parts.tokens;
    this.authKind = parts.authKind;
    this.log = parts.log;
    this.stats = parts.stats;
  }

  /** Arms the call's total deadline, then runs the attempt loop (not async: one promise layer less per call). */
  run(call: Omit<Call, "deadline">): Promise<unknown> {
    const deadline = new Deadline(this.options.deadlineMs);
    return this.attempt({ ...call, deadline }).finally(() => deadline.dispose());
  }

  private async attempt(call: Call): Promise<unknown> {
    let failureRetries = 0;
    let rateLimitRetries = 0;
    let refreshedToken = false;
    for (let sends = 1; ; sends++) {
      let authorization: string | undefined;
      if (call.authenticated) {
        // The token endpoint has its own limits: only API calls share the API bucket's throttle.
        if (this.gate.waitBeforeSend(Date.now()) > 0) await this.waitForThrottle(call);
        authorization = this.tokens.cachedAuthorization(Date.now()) ?? (await this.awaitToken(call));
        call.headers.authorization = authorization;
        this.stats.requests++;
      } else {
        this.stats.tokenRequests++;
      }
      if (sends > 1) this.stats.retries++;

      const sentAt = Date.now();
      let response: Dispatcher.ResponseData;
      let text: string;
      try {
        response = await this.pool.request({
          method: call.method,
          path: call.path,
          headers: call.headers,
          body: call.body,
          signal: call.deadline,
          headersTimeout: this.options.headersTimeoutMs,
          bodyTimeout: this.options.bodyTimeoutMs,
        });
        text = await response.body.text();
      } catch (error) {
        const delay = this.networkRetryDelay(call, error, sends, ++failureRetries, sentAt);
        await sleep(delay);
        continue;
      }
      const status = response.statusCode;
      const now = Date.now();
      // A 429's own timing (Retry-After first) decides below; other answers report the bucket.
      if (status !== 429 && call.authenticated) this.gate.observe(response.headers, now);
      this.log?.(`${call.method} ${call.shownPath} -> ${status} (${formatMs(now - sentAt)})`);

      if (status >= 200 && status < 300) {
        if (status === 204 || call.schema === undefined) return undefined;
        return parseSuccessBody(text, call.schema, { operation: call.operation, method: call.method, path: call.shownPath, status });
      }
      if (status === 401 && authorization !== undefined && !refreshedToken && this.tokens.rejected(authorization)) {
        refreshedToken = true;
        this.log?.(`401 on ${call.method} ${call.shownPath}: fetching a new access token and retrying once`);
        continue;
      }
      if (status === 429) {
        const wait = rateLimitDelay(response.headers, ++rateLimitRetries, now, this.options, Math.random);
        // Hold back every other caller to this tenant too, instead of letting them collect 429s.
        if (call.authenticated) this.gate.closeUntil(wait.resumeAt, now);
        const tooLate = now + wait.delayMs > call.deadline.at;
        if (rateLimitRetries > this.options.maxRateLimitRetries || tooLate) {
          const why = tooLate ? "the next try would pass the call's deadline" : "too many rate-limited tries";
          throw this.apiError(call, status, text, `Rate limited: ${why}; lower the concurrency or retry later.`);
        }
        this.log?.(
          `rate limited on ${call.method} ${call.shownPath}: waiting ${formatMs(wait.delayMs)} per ${wait.basis} ` +
            `(retry ${rateLimitRetries} of ${this.options.maxRateLimitRetries})`,
        );
        this.announceLongWait(call, wait.delayMs, now, `per ${wait.basis}`);
        await sleep(wait.delayMs);
        continue;
      }
      if (status >= 500) {
        if (!call.resendable) throw this.ambiguous(call, `${status} ${STATUS_CODES[status] ?? "server error"}`);
        const retryAfter = parseRetryAfter(headerValue(response.headers, "retry-after"), now);
        const delay = Math.min(
          this.options.maxRateLimitWaitMs,
          retryAfter ?? backoffDelay(failureRetries + 1, this.options, Math.random),
        );
        if (!isRetryableServerStatus(status) || failureRetries >= this.options.maxRetries || now + delay > call.deadline.at) {
          throw this.apiError(call, status, text);
        }
        failureRetries++;
        this.log?.(
          `retrying ${call.method} ${call.shownPath} after ${status} in ${formatMs(delay)} ` +
            `(retry ${failureRetries} of ${this.options.maxRetries})`,
        );
        await sleep(delay);
        continue;
      }
      throw this.apiError(call, status, text, this.hintFor(call, status));
    }
  }

  /** Decides what a transport failure means; returns the wait before the next try, or throws. */
  private networkRetryDelay(call: Call, error: unknown, sends: number, retry: number, sentAt: number): number {
    const now = Date.now();
    const failure = classifyNetworkError(error);
    const reason = call.deadline.aborted
      ? `no response within the call's deadline (${formatMs(this.options.deadlineMs)})`
      : failure.reason;
    this.log?.(`${call.method} ${call.shownPath} -> ${reason} (${formatMs(now - sentAt)})`);
    if (!call.resendable && !failure.notSent) throw this.ambiguous(call, reason, error);
    const delay = backoffDelay(retry, this.options, Math.random);
    if (call.deadline.aborted || retry > this.options.maxRetries || now + delay > call.deadline.at) {
      throw new NetworkError({ method: call.method, path: call.shownPath, operation: call.operation, reason, attempts: sends, cause: error });
    }
    this.log?.(`retrying ${call.method} ${call.shownPath} in ${formatMs(delay)} (retry ${retry} of ${this.options.maxRetries})`);
    return delay;
  }

  /** A long rate-limit wait looks like a hang in CI: say once what is happening and for how long. */
  private announceLongWait(call: Call, delayMs: number, now: number, why: string): void {
    if (delayMs < this.options.longWaitNoticeMs || !this.gate.claimNotice(now, now + delayMs)) return;
    const line =
      `[pulumi-tenant] the tenant's API rate limit is exhausted: waiting ${Math.ceil(delayMs / 1000)} s ${why} ` +
      `before ${call.method} ${call.shownPath} (${call.operation}).`;
    if (this.options.notice) this.options.notice(line);
    else process.stderr.write(line + "\n");
  }

  /** Proactive throttle: wait out an empty rate-limit bucket instead of provoking a 429. */
  private async waitForThrottle(call: Call): Promise<void> {
    // Re-check after each wait: callers released together may empty the bucket again.
    for (let now = Date.now(), blocked = this.gate.waitBeforeSend(now); blocked > 0; ) {
      const wait = Math.min(this.options.maxRateLimitWaitMs, resetJitter(blocked, Math.random));
      if (now + wait > call.deadline.at) {
        throw new ApiError({
          status: 429,
          error: "Too Many Requests",
          serviceMessage: "the rate limit stays exhausted past the call's deadline",
          method: call.method,
          path: call.shownPath,
          operation: call.operation,
          hint: "Lower the concurrency or retry later.",
        });
      }
      this.log?.(`throttled: rate limit exhausted, waiting ${formatMs(wait)} before ${call.method} ${call.shownPath}`);
      this.announceLongWait(call, wait, now, "until the rate limit resets");
      await sleep(wait);
      now = Date.now();
      blocked = this.gate.waitBeforeSend(now);
    }
  }

  /** Waits for the shared token fetch, but no longer than this call's own deadline. */
  private awaitToken(call: Call): Promise<string> {
    const pending = this.tokens.authorization();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const reason = "no access token within the call's deadline";
        reject(new NetworkError({ method: call.method, path: call.shownPath, operation: call.operation, reason, attempts: 0 }));
      }, call.deadline.remaining());
      pending.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  private apiError(call: Call, status: number, text: string, hint?: string): ApiError {
    const details = parseErrorBody(text, STATUS_CODES[status] ?? "Error");
    const secrets = this.tokens.secrets();
    return new ApiError({
      status,
      error: details.error && redact(details.error, secrets),
      errorCode: details.errorCode && redact(details.errorCode, secrets),
      serviceMessage: redact(details.message, secrets),
      method: call.method,
      path: call.shownPath,
      operation: call.operation,
      hint,
    });
  }

  private hintFor(call: Call, status: number): string | undefined {
    if (!call.authenticated) return tokenHint(status);
    if (status === 401 && this.authKind === "token") {
      return (
        `The API token was rejected (expired or invalid): set a fresh one in the stack config "tenant:apiToken" ` +
        `(or TENANT_API_TOKEN), or use client credentials instead.`
      );
    }
    return undefined;
  }

  private ambiguous(call: Call, reason: string, cause?: unknown): AmbiguousRequestError {
    this.log?.(`${call.method} ${call.shownPath} failed ambiguously (${reason}); not retried`);
    return new AmbiguousRequestError({ method: call.method, path: call.shownPath, operation: call.operation, reason, cause });
  }
}

function tokenHint(status: number): string | undefined {
  if (status === 401) {
    return (
      `The client credentials were rejected: check the stack config "tenant:clientId" and "tenant:clientSecret" ` +
      `(or the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables).`
    );
  }
  if (status === 403) {
    return (
      `The client may not request tokens for this audience: grant it access to the management API, or set the ` +
      `stack config "tenant:audience" (or TENANT_AUDIENCE).`
    );
  }
  return undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
