/**
 * One call's attempt loop: the deadline, the proactive throttle and the token before each send; after it,
 * the decision in retry.ts says whether to accept, wait and resend, renew the token, or fail; callErrors.ts
 * turns a failure into a safe error.
 */
import type { Pool } from "undici";
import type { CredentialHints } from "../credentialHints";
import type { TokenSource } from "./auth";
import { CancelledCallError, cancellableDelay, isCancelled, untilDeadlineOrCancel } from "./cancel";
import { exchange, MAX_SUCCESS_BODY_BYTES } from "./body";
import type { Attempt, PreparedRequest } from "./preparedRequest";
import { budgetExhaustedError, failedCallError, refusedCredentialsError, tokenDeadlineError, type CallErrorContext } from "./callErrors";
import { Deadline } from "./deadline";
import { RequestError, ResponseShapeError } from "./errors";
import { formatMs, showNotice, type DebugLog } from "./log";
import { classifyNetworkError, refusedLocally, tlsFailed } from "./networkErrors";
import type { ClientOptions } from "./options";
import { Redactor, secretFieldValues } from "./redact";
import { parseSuccessBody } from "./responses";
import { ArrivingSecretFields, NO_SECRET_FIELDS, allSecretFieldNames } from "./secretFields";
import { decideAfterAttempt, type AttemptState, type Decision } from "./retry";
import type { RateLimitGate } from "./throttle";

export interface AttemptLoopParts {
  options: ClientOptions;
  pool: Pool;
  gate: RateLimitGate;
  tokens: TokenSource;
  log: DebugLog | undefined;
  /** The tenant's host, named in network errors ("my-tenant.example.com", "127.0.0.1:4000"). */
  host: string;
  /** What to say when the service refuses the credentials (built from the settings in config.ts). */
  hints: CredentialHints;
  /** The origin to suggest when a loopback host asked for with https answers in plain http (the emulator). */
  plainHttpOrigin?: string;
}

export class AttemptLoop {
  private readonly options: ClientOptions;
  private readonly pool: Pool;
  private readonly gate: RateLimitGate;
  private readonly tokens: TokenSource;
  private readonly log: DebugLog | undefined;
  private readonly host: string;
  private readonly errors: CallErrorContext;
  /** Dropped (write-only) or wrapped (returned) in every answer before its schema reads it. */
  private readonly arrivingSecretFields: ArrivingSecretFields;
  /** Every secret field's wire name: their values are kept out of every message built from an answer. */
  private readonly secretFieldNames: readonly string[];
  private logRedactor: { secrets: string; redactor: Redactor } | undefined;

  constructor(parts: AttemptLoopParts) {
    this.options = parts.options;
    this.pool = parts.pool;
    this.gate = parts.gate;
    this.tokens = parts.tokens;
    const fields = parts.options.secretFields ?? NO_SECRET_FIELDS;
    this.arrivingSecretFields = new ArrivingSecretFields(fields.writeOnly, fields.returned);
    this.secretFieldNames = allSecretFieldNames(fields);
    const log = parts.log;
    // Lines are built from safe facts; this is the backstop should one ever hold a secret.
    this.log = log && ((line) => log(this.redactorForLog().redactWhole(line)));
    this.host = parts.host;
    this.errors = {
      host: parts.host,
      hints: parts.hints,
      plainHttpOrigin: parts.plainHttpOrigin,
      tokens: this.tokens,
      log: this.log,
      redactorFor: (call, responseText) => this.redactorFor(call, responseText),
    };
  }

  /** The credentials' redactor, built again only when they change (a new access token). */
  private redactorForLog(): Redactor {
    const secrets = this.tokens.secrets();
    const key = secrets.join("\n");
    if (this.logRedactor?.secrets !== key) this.logRedactor = { secrets: key, redactor: new Redactor(secrets) };
    return this.logRedactor.redactor;
  }

  /** Arms the call's total deadline, then runs the attempt loop (not async: one promise layer less per call). */
  run(call: Omit<PreparedRequest, "deadline">): Promise<unknown> {
    const deadline = new Deadline(this.options.deadlineMs);
    // Armed in place: every caller passes a fresh object literal, and a copy of its dozen fields costs more.
    const armed = call as PreparedRequest;
    armed.deadline = deadline;
    // One then in place of finally: every error leaves through withoutSecrets at no extra promise layer.
    return this.attempts(armed).then(
      (result) => {
        deadline.dispose();
        return result;
      },
      (error: unknown) => {
        deadline.dispose();
        throw this.withoutSecrets(armed, error);
      },
    );
  }

  /**
   * The one exit for a call's errors: every message loses each secret the call knows (the client's
   * credentials, the token it carried, the resource's secret inputs, secret fields of the answer).
   */
  private withoutSecrets(call: PreparedRequest, error: unknown): unknown {
    if (!(error instanceof RequestError)) return error;
    const redactor = this.redactorFor(call);
    error.message = redactor.redactWhole(error.message);
    return error;
  }

  /** What the call knows is secret, and, given the answer, the values of its secret fields wherever they sit. */
  private redactorFor(call: PreparedRequest, responseText?: string): Redactor {
    const carried = call.headers.authorization?.replace(/^Bearer /, "");
    const names = [...this.secretFieldNames, ...call.secretResponseFields];
    const answered = secretFieldValues(responseText, names);
    return new Redactor([...this.tokens.secrets(), carried, ...call.secrets, ...answered], names);
  }

  private async attempts(call: PreparedRequest): Promise<unknown> {
    const state: AttemptState = {
      now: 0,
      deadlineAt: call.deadline.at,
      resendable: call.resendable,
      failureRetries: 0,
      rateLimitRetries: 0,
      credential: !call.authenticated ? "none" : this.tokens.renewable ? "cached" : "static",
    };
    if (call.authenticated && this.tokens.refused) throw refusedCredentialsError(call);
    for (let sends = 1; ; sends++) {
      if (call.authenticated) {
        // The token endpoint has its own limits: only API calls spend the API budget.
        if (!this.gate.tryAdmit(Date.now())) await this.waitForBudget(call);
        try {
          call.headers.authorization = this.tokens.cachedAuthorization(Date.now()) ?? (await this.awaitToken(call));
        } catch (error) {
          this.gate.abandoned();
          throw error;
        }
      }
      const attempt = await this.send(call);
      state.now = Date.now();
      const decision = decideAfterAttempt(attempt, state, this.options, Math.random);
      if (decision.action === "accept") return this.parse(call, attempt);
      // A 429 holds every other caller to this tenant back too, instead of letting them collect 429s.
      if (call.authenticated && attempt.kind === "response" && attempt.status === 429) {
        this.gate.rateLimited(decision.action === "refreshToken" ? undefined : decision.holdOthersUntil, state.now);
      }
      if (decision.action === "fail") {
        // A token fetched for this very call was refused too: more tokens will not help, so stop asking.
        if (attempt.kind === "response" && attempt.status === 401 && state.credential === "renewed") this.tokens.refuse();
        throw failedCallError(this.errors, call, attempt, decision, sends);
      }
      if (decision.action === "refreshToken") {
        this.tokens.rejected(call.headers.authorization);
        state.credential = "renewed";
        this.log?.(`401 on ${call.method} ${call.shownPath}: fetching a new access token and retrying once`);
        continue;
      }
      if (decision.counter === "rateLimit") state.rateLimitRetries++;
      else state.failureRetries++;
      this.announceRetry(call, attempt, decision, state);
      await cancellableDelay(decision.delayMs, { ...call, path: call.shownPath });
    }
  }

  /** One request and its whole body; a transport failure comes back as an outcome, not an exception. */
  private async send(call: PreparedRequest): Promise<Attempt> {
    const sentAt = Date.now();
    try {
      const { status, headers, text, overLimit } = await exchange(
        this.pool,
        {
          method: call.method,
          path: call.path,
          headers: call.headers,
          body: call.body,
          headersTimeout: this.options.headersTimeoutMs,
          bodyTimeout: this.options.bodyTimeoutMs,
        },
        call.deadline,
      );
      const now = Date.now();
      // A 429's share of the budget is settled with the retry decision, which names how long to hold back.
      if (status !== 429 && call.authenticated) this.gate.answered(headers, sentAt, now);
      this.log?.(`${call.method} ${call.shownPath} -> ${status} (${formatMs(now - sentAt)})`);
      return { kind: "response", status, headers, text, overLimit };
    } catch (error) {
      if (call.authenticated) this.gate.abandoned();
      const failure = classifyNetworkError(error);
      const deadlinePassed = call.deadline.aborted;
      const reason = deadlinePassed ? `no response within the call's deadline (${formatMs(this.options.deadlineMs)})` : failure.reason;
      this.log?.(`${call.method} ${call.shownPath} -> ${reason} (${formatMs(Date.now() - sentAt)})`);
      return {
        kind: "transport",
        mayHaveReachedServer: !failure.notSent,
        refusedLocally: refusedLocally(error),
        tlsFailed: tlsFailed(error),
        deadlinePassed,
        reason,
        cause: error,
      };
    }
  }

  private parse(call: PreparedRequest, attempt: Attempt): unknown {
    if (attempt.kind !== "response" || attempt.status === 204 || call.schema === undefined) return undefined;
    const context = { operation: call.operation, method: call.method, path: call.shownPath, status: attempt.status };
    if (attempt.overLimit) {
      const limit = `${MAX_SUCCESS_BODY_BYTES / (1024 * 1024)} MB`;
      throw new ResponseShapeError({ ...context, issues: [{ path: "(root)", message: `the body is larger than ${limit}, the most the client reads` }] });
    }
    try {
      return parseSuccessBody(attempt.text, call.schema, context, this.arrivingSecretFields);
    } catch (error) {
      // Issue messages describe the answer: keep its secret fields out of them.
      if (error instanceof ResponseShapeError) error.message = this.redactorFor(call, attempt.text).redactWhole(error.message);
      throw error;
    }
  }

  /** Says in the debug log (and for a long rate-limit wait, once to the user) why the call waits. */
  private announceRetry(call: PreparedRequest, attempt: Attempt, decision: Extract<Decision, { action: "retryAfter" }>, state: AttemptState): void {
    const wait = formatMs(decision.delayMs);
    if (decision.counter === "failure") {
      const after = attempt.kind === "response" ? ` after ${attempt.status}` : "";
      this.log?.(`retrying ${call.method} ${call.shownPath}${after} in ${wait} (retry ${state.failureRetries} of ${this.options.maxRetries})`);
      return;
    }
    this.log?.(
      `rate limited on ${call.method} ${call.shownPath}: waiting ${wait} per ${decision.basis} ` +
        `(retry ${state.rateLimitRetries} of ${this.options.maxRateLimitRetries})`,
    );
    this.announceLongWait(call, decision.delayMs, state.now, `per ${decision.basis}`);
  }

  /** A long rate-limit wait looks like a hang in CI: say once what is happening and for how long. */
  private announceLongWait(call: PreparedRequest, delayMs: number, now: number, why: string): void {
    if (delayMs < this.options.longWaitNoticeMs || !this.gate.claimNotice(now, now + delayMs)) return;
    const line =
      `[pulumi-tenant] the tenant's API rate limit is exhausted: waiting ${Math.ceil(delayMs / 1000)} s ${why} ` +
      `before ${call.method} ${call.shownPath} (${call.operation}).`;
    if (this.options.notice) this.options.notice(line);
    else showNotice(line);
  }

  /** Waits in line for the tenant's rate-limit budget instead of provoking a 429. */
  private async waitForBudget(call: PreparedRequest): Promise<void> {
    const now = Date.now();
    const opensAt = this.gate.budget.opensAt(now);
    if (opensAt !== undefined) {
      this.log?.(`throttled: waiting up to ${formatMs(opensAt - now)} for the rate-limit budget before ${call.method} ${call.shownPath}`);
      this.announceLongWait(call, opensAt - now, now, "until the rate limit resets");
    }
    if (await this.gate.admit(untilDeadlineOrCancel(call.deadline))) return;
    if (isCancelled()) throw new CancelledCallError({ ...call, path: call.shownPath });
    throw budgetExhaustedError(call);
  }

  /** Waits for the shared token fetch, but no longer than this call's own deadline. */
  private awaitToken(call: PreparedRequest): Promise<string> {
    const pending = this.tokens.authorization();
    // The deadline and the engine's Cancel both end the wait (the deadline emits "abort" when it passes).
    const waitEnds = untilDeadlineOrCancel(call.deadline);
    return new Promise((resolve, reject) => {
      const onEnd = (): void => {
        if (isCancelled()) return reject(new CancelledCallError({ ...call, path: call.shownPath }));
        reject(tokenDeadlineError(call, this.host));
      };
      if (waitEnds.aborted) return onEnd();
      waitEnds.once("abort", onEnd);
      pending.then(
        (value) => {
          waitEnds.off("abort", onEnd);
          resolve(value);
        },
        (error: unknown) => {
          waitEnds.off("abort", onEnd);
          reject(error);
        },
      );
    });
  }
}
