// The tenant's request bucket: `size` tokens; at each epoch-second boundary `refillPerSecond` tokens come
// back (never above `size`). The default refill equals the size: a full bucket at every second.
//
// x-ratelimit-reset (whole epoch seconds) is when the bucket is full again if nothing more is spent: with the
// default refill that is the next second, as before; with a slower refill it lies further out, so a client
// that waits for the reset and then spends the whole limit never overruns. Retry-After on a 429 counts the
// seconds until the next token instead, the earliest moment a single retry can succeed.
import { apiError, type ApiResult } from "./http";

// Reported when no limit is configured: a nominal, never-spent budget.
const UNLIMITED_BUDGET = 1000;

export interface BucketConfig {
  /** Tokens the bucket holds: x-ratelimit-limit. */
  size: number;
  /** Tokens added at each epoch-second boundary; default `size` (a full refill every second). */
  refillPerSecond?: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  headers: Record<string, string>;
}

const epochSecond = (): number => Math.floor(Date.now() / 1000);

/** Why a bucket configuration is unusable, or undefined when it is fine. */
export function bucketConfigProblem(config: BucketConfig): string | undefined {
  const { size, refillPerSecond } = config;
  if (!Number.isInteger(size) || size < 1) return `size must be a positive integer (requests), got ${String(size)}`;
  if (refillPerSecond === undefined) return undefined;
  if (typeof refillPerSecond !== "number" || !Number.isFinite(refillPerSecond) || refillPerSecond <= 0 || refillPerSecond > size) {
    return `refillPerSecond must be a number above 0 and at most size (${size}), got ${String(refillPerSecond)}`;
  }
  return undefined;
}

export class RateLimiter {
  private config: Required<BucketConfig> | undefined;
  /** May be fractional with a fractional refill; a request needs one whole token. */
  private tokens = UNLIMITED_BUDGET;
  private refilledAt = epochSecond();

  constructor(
    config: BucketConfig | undefined,
    private readonly sendRetryAfter: boolean,
  ) {
    this.configure(config);
  }

  get limit(): number {
    return this.config?.size ?? UNLIMITED_BUDGET;
  }

  /** The bucket's configuration (undefined: no limit). */
  get bucket(): Required<BucketConfig> | undefined {
    return this.config && { ...this.config };
  }

  /** A new size and refill (undefined: no limit), starting from a full bucket. Throws on a bad config. */
  configure(config: BucketConfig | undefined): void {
    if (config !== undefined) {
      const problem = bucketConfigProblem(config);
      if (problem) throw new Error(problem);
    }
    this.config = config && { size: config.size, refillPerSecond: config.refillPerSecond ?? config.size };
    this.reset();
  }

  reset(): void {
    this.tokens = this.limit;
    this.refilledAt = epochSecond();
  }

  /** Spends one token if a whole one is left. */
  take(): RateLimitVerdict {
    if (this.config === undefined) return { allowed: true, headers: this.headers() };
    this.refill();
    if (this.tokens < 1) return { allowed: false, headers: this.headers() };
    this.tokens -= 1;
    return { allowed: true, headers: this.headers() };
  }

  /** The headers as they stand, without spending (token endpoint, controls, faults). */
  headers(): Record<string, string> {
    this.refill();
    return {
      "x-ratelimit-limit": String(this.limit),
      "x-ratelimit-remaining": String(Math.floor(this.tokens)),
      "x-ratelimit-reset": String(this.fullAt()),
    };
  }

  /** The 429 the service sends once the global budget is spent. */
  tooManyRequests(headers: Record<string, string>): ApiResult {
    const result = apiError(429, "Global limit has been reached", "too_many_requests");
    result.headers = { ...headers };
    if (this.sendRetryAfter) result.headers["retry-after"] = String(this.secondsToNextToken());
    return result;
  }

  /** The epoch second at which the bucket is full again; now when it already is. */
  private fullAt(): number {
    if (this.config === undefined || this.tokens >= this.config.size) return epochSecond();
    return this.refilledAt + Math.ceil((this.config.size - this.tokens) / this.config.refillPerSecond);
  }

  private secondsToNextToken(): number {
    if (this.config === undefined || this.tokens >= 1) return 1;
    const at = this.refilledAt + Math.ceil((1 - this.tokens) / this.config.refillPerSecond);
    return Math.max(1, at - epochSecond());
  }

  private refill(): void {
    if (this.config === undefined) return;
    const now = epochSecond();
    if (now > this.refilledAt) {
      const refilled = this.tokens + (now - this.refilledAt) * this.config.refillPerSecond;
      // Rounded so fractional refills (0.1 per second) add up to whole tokens exactly.
      this.tokens = Math.min(this.config.size, Math.round(refilled * 1e6) / 1e6);
      this.refilledAt = now;
    }
  }
}
