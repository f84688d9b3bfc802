/**
 * The one HTTP client every resource handler and data function shares: auth, deadlines, retries,
 * the proactive rate-limit throttle, response validation and safe errors, over a keep-alive pool.
 */
import { createHash } from "node:crypto";
import type { Pool } from "undici";
import type { z } from "zod";
import { credentialHints } from "../credentialHints";
import { isLoopbackHost, type ConnectionSettings } from "../settings";
import {
  ClientCredentialsTokenSource,
  StaticTokenSource,
  tokenResponseSchema,
  type TokenGrant,
  type TokenSource,
} from "./auth";
import { AttemptLoop } from "./attemptLoop";
import { RequestError } from "./errors";
import { acquirePool, releasePool } from "./http";
import { createDebugLog, type DebugLog } from "./log";
import { resolveOptions, type ClientOptions } from "./options";
import { isIdempotent, type HttpMethod } from "./retry";
import { ReturnedSecret, revealReturnedSecret } from "./returnedSecret";
import { secretFieldsKey } from "./secretFields";
import { rateLimitGateFor } from "./throttle";

export type { ClientOptions } from "./options";

export interface RequestOptions<S extends z.ZodType> {
  /** Human name for errors and logs, e.g. "create phone provider". */
  operation: string;
  /** Omitted → the response body is ignored and the call resolves to undefined. */
  schema?: S;
  /** JSON-encoded. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers for this call only, e.g. service-custom-domain. */
  headers?: Record<string, string>;
  /** Secret values this call carries (a resource's secret inputs): never shown in its errors, in any encoding. */
  secrets?: readonly (string | undefined)[];
  /**
   * Fields of the answer whose values are secret (a ticket's id and link), at any depth, 2xx or not: kept out of
   * this call's messages, as the client's `secretFields` are out of every call's.
   */
  secretResponseFields?: readonly string[];
}

const API_PREFIX = "/api/v2";
const TOKEN_PATH = "/oauth/token";
const TOKEN_OPERATION = "obtain an access token";

export class TenantClient {
  private readonly options: ClientOptions;
  private readonly pool: Pool;
  private readonly tokens: TokenSource;
  private readonly log: DebugLog | undefined;
  private readonly attempts: AttemptLoop;
  private closed = false;

  constructor(
    private readonly settings: ConnectionSettings,
    options?: Partial<ClientOptions>,
  ) {
    this.options = resolveOptions(options);
    this.log = createDebugLog(this.options.logger);
    this.pool = acquirePool(settings.baseUrl, this.options.connectTimeoutMs);
    const auth = settings.auth;
    this.tokens =
      auth.kind === "token"
        ? new StaticTokenSource(auth.token)
        : new ClientCredentialsTokenSource(auth.clientSecret, () => this.fetchGrant(), this.options.tokenRefreshSkewMs);
    this.attempts = new AttemptLoop({
      options: this.options,
      pool: this.pool,
      gate: rateLimitGateFor(settings.baseUrl),
      tokens: this.tokens,
      log: this.log,
      host: new URL(settings.baseUrl).host,
      hints: credentialHints(settings),
      plainHttpOrigin: plainHttpOrigin(settings.baseUrl),
    });
  }

  /** path is relative to /api/v2, e.g. "/branding/phone/providers". 204 → undefined. */
  request<S extends z.ZodType>(method: HttpMethod, path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
    // Not async (one promise layer less per call); misuse still rejects rather than throws.
    if (this.closed) {
      const where = { operation: options.operation, method, path: API_PREFIX + path };
      return Promise.reject(new RequestError(`${options.operation} failed: the TenantClient was closed`, where));
    }
    if (!path.startsWith("/")) {
      return Promise.reject(new TypeError(`${options.operation}: path must start with "/" (got "${path}")`));
    }
    const headers = options.headers ? { ...lowerCaseKeys(options.headers), ...this.baseHeaders() } : this.baseHeaders();
    let body: string | undefined;
    const sentSecrets: string[] = [];
    if (options.body !== undefined) {
      body = JSON.stringify(options.body, revealingReplacer(sentSecrets));
      headers["content-type"] = "application/json";
    }
    const secrets = options.secrets ? options.secrets.filter((value): value is string => typeof value === "string") : [];
    const shownPath = API_PREFIX + path;
    return this.attempts.run({
      method,
      path: options.query ? shownPath + queryString(options.query) : shownPath,
      shownPath,
      operation: options.operation,
      body,
      headers,
      authenticated: true,
      resendable: isIdempotent(method),
      schema: options.schema,
      secrets: sentSecrets.length === 0 ? secrets : [...secrets, ...sentSecrets],
      secretResponseFields: options.secretResponseFields ?? [],
    }) as Promise<z.infer<S>>;
  }

  /** A fresh object per call (a literal: cheaper than copying a stored one); the attempt loop adds authorization. */
  private baseHeaders(): Record<string, string> {
    return { "user-agent": this.options.userAgent, accept: "application/json" };
  }

  /** Releases this client's share of the connection pool; getClient() will build a new client afterwards. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    forgetClient(this);
    await releasePool(this.settings.baseUrl, this.options.connectTimeoutMs, this.pool);
  }

  /** Client-credentials exchange; the token POST is safe to resend (a second token harms nothing). */
  private async fetchGrant(): Promise<TokenGrant> {
    const auth = this.settings.auth;
    if (auth.kind !== "clientCredentials") throw new Error("fetchGrant needs client credentials");
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: auth.clientId,
      client_secret: auth.clientSecret,
      audience: this.settings.audience,
    });
    const grant = (await this.attempts.run({
      method: "POST",
      path: TOKEN_PATH,
      shownPath: TOKEN_PATH,
      operation: TOKEN_OPERATION,
      body: form.toString(),
      headers: { ...this.baseHeaders(), "content-type": "application/x-www-form-urlencoded" },
      authenticated: false,
      resendable: true,
      schema: tokenResponseSchema,
      secrets: [],
      // An access token that fails the shape check must not be named in the error.
      secretResponseFields: ["access_token"],
    })) as z.infer<typeof tokenResponseSchema>;
    this.log?.(`access token obtained, valid for ${grant.expires_in}s`);
    return { accessToken: grant.access_token, expiresInSeconds: grant.expires_in };
  }
}

/**
 * A JSON.stringify replacer: a returned secret in a request body is sent as its value (JSON.stringify hands the
 * replacer what toJSON made of it, so the holder's own property is read), and that value becomes one of the call's
 * secrets, kept out of its messages.
 */
function revealingReplacer(sentSecrets: string[]): (this: unknown, key: string, value: unknown) => unknown {
  return function (this: unknown, key: string, value: unknown): unknown {
    const original = (this as Record<string, unknown>)[key];
    if (!(original instanceof ReturnedSecret)) return value;
    const secret = revealReturnedSecret(original);
    sentSecrets.push(secret);
    return secret;
  };
}

/** Extra headers can neither duplicate nor override ours (authorization, user-agent) by spelling. */
/** For a loopback host asked for with https: the same origin in plain http, what a local server (the emulator) speaks. */
function plainHttpOrigin(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  return url.protocol === "https:" && isLoopbackHost(url.hostname) ? `http://${url.host}` : undefined;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of Object.keys(headers)) result[name.toLowerCase()] = headers[name];
  return result;
}

function queryString(query: Record<string, string | number | boolean | undefined>): string {
  let result = "";
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined) continue;
    result += `${result === "" ? "?" : "&"}${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;
  }
  return result;
}

// One client per distinct settings, shared by every caller in the process.
const clients = new Map<string, TenantClient>();

function clientKey(settings: ConnectionSettings, options: Partial<ClientOptions> | undefined): string {
  const auth = settings.auth;
  // Hash secrets so the cache key itself never holds one in plain text.
  const identity =
    auth.kind === "token"
      ? `token:${sha256(auth.token)}`
      : `client:${auth.clientId}:${sha256(auth.clientSecret)}`;
  // The provider name is part of it: the client's errors name where its settings came from. So are the secret
  // field names: a client drops and redacts by them, so callers that name different fields must not share one.
  const secretFields = secretFieldsKey(options?.secretFields);
  return `${settings.baseUrl}\n${settings.audience}\n${identity}\n${settings.providerName ?? ""}\n${secretFields}`;
}

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function forgetClient(client: TenantClient): void {
  for (const [key, cached] of clients) {
    if (cached === client) clients.delete(key);
  }
}

/**
 * One client per distinct settings (baseUrl + auth identity + audience) and secret field names, shared by every
 * caller in the process. The other options (timings, sinks) apply when that client is first created.
 */
export function getClient(settings: ConnectionSettings, options?: Partial<ClientOptions>): TenantClient {
  const key = clientKey(settings, options);
  let client = clients.get(key);
  if (!client) {
    client = new TenantClient(settings, options);
    clients.set(key, client);
  }
  return client;
}
