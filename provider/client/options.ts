/** Client tuning knobs: every number has a default and can be overridden per client. */
import { z } from "zod";
import type { SecretFieldNames } from "./secretFields";

export interface ClientOptions {
  /** TCP/TLS connect timeout per attempt. */
  connectTimeoutMs: number;
  /** Time to wait for response headers per attempt. */
  headersTimeoutMs: number;
  /** Idle time allowed between body chunks per attempt. */
  bodyTimeoutMs: number;
  /** Total time for one call, every retry and wait included. */
  deadlineMs: number;
  /** Re-sends after a 5xx or a network error (a create only when it provably never left this machine). */
  maxRetries: number;
  /** Re-sends after a 429 (any method: a 429 means the call was not processed). */
  maxRateLimitRetries: number;
  /** First backoff step for 5xx/network retries and 429s without timing headers; doubles per retry. */
  baseBackoffMs: number;
  /** Cap on one backoff step. */
  maxBackoffMs: number;
  /** Cap on one rate-limit wait (Retry-After / x-ratelimit-reset / proactive throttle). */
  maxRateLimitWaitMs: number;
  /** Refresh a cached access token this long before it expires (at most half its lifetime). */
  tokenRefreshSkewMs: number;
  userAgent: string;
  /** A rate-limit wait at least this long is announced (once per wait, not only in debug logs). */
  longWaitNoticeMs: number;
  /** Where that announcement goes; default stderr, which Pulumi shows in the CLI's output. */
  notice?: (line: string) => void;
  /** Debug log sink (opt-in); lines never contain bodies, headers or secrets. */
  logger?: (line: string) => void;
  /**
   * Wire names of the resources' secret fields (default: none): write-only ones dropped from every answer on
   * arrival, the values of all of them kept out of every message. Part of the client's identity in getClient.
   */
  secretFields?: SecretFieldNames;
}

/** Reads the package version at run time: ../../package.json from both provider/client/ and dist/client/. */
function packageVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const manifest: unknown = require("../../package.json");
    // A plain check: a zod parse here would be work at import time in every process that loads the client.
    const version = typeof manifest === "object" && manifest !== null ? (manifest as { version?: unknown }).version : undefined;
    return typeof version === "string" ? version : "unknown";
  } catch {
    return "unknown";
  }
}

export const PACKAGE_VERSION = packageVersion();

export const DEFAULT_CLIENT_OPTIONS: Readonly<Omit<ClientOptions, "logger" | "notice">> = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  deadlineMs: 120_000,
  maxRetries: 3,
  // Waiters released together at a reset race for the new budget; the deadline is the real bound.
  maxRateLimitRetries: 30,
  baseBackoffMs: 500,
  maxBackoffMs: 10_000,
  maxRateLimitWaitMs: 60_000,
  tokenRefreshSkewMs: 10_000,
  longWaitNoticeMs: 5_000,
  userAgent: `pulumi-tenant/${PACKAGE_VERSION}`,
};

const duration = z.number().finite().nonnegative();
const count = z.number().int().nonnegative();

const optionsSchema = z.object({
  connectTimeoutMs: duration.positive(),
  headersTimeoutMs: duration.positive(),
  bodyTimeoutMs: duration.positive(),
  deadlineMs: duration.positive(),
  maxRetries: count,
  maxRateLimitRetries: count,
  baseBackoffMs: duration,
  maxBackoffMs: duration,
  maxRateLimitWaitMs: duration,
  tokenRefreshSkewMs: duration,
  userAgent: z.string().min(1),
  longWaitNoticeMs: duration,
  notice: z.custom<(line: string) => void>((value) => typeof value === "function").optional(),
  logger: z.custom<(line: string) => void>((value) => typeof value === "function").optional(),
  secretFields: z
    .object({
      writeOnly: z.array(z.string().min(1)).readonly(),
      outputs: z.array(z.string().min(1)).readonly(),
      returned: z.array(z.string().min(1)).readonly().optional(),
    })
    .optional(),
});

/** Fills defaults and rejects nonsense (negative or non-finite numbers) early, naming the option. */
export function resolveOptions(overrides: Partial<ClientOptions> | undefined): ClientOptions {
  const merged = { ...DEFAULT_CLIENT_OPTIONS, ...stripUndefined(overrides ?? {}) };
  const parsed = optionsSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new TypeError(`Invalid TenantClient options: ${problems}`);
  }
  return parsed.data;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
