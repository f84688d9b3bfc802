// The tenant's request bucket: `rate` tokens, refilled to full at each epoch-second boundary, so
// x-ratelimit-reset (epoch seconds) is exactly when capacity returns.
import { apiError, type ApiResult } from "./http";

// Reported when no limit is configured: a nominal, never-spent budget.
const UNLIMITED_BUDGET = 1000;

export interface RateLimitVerdict {
  allowed: boolean;
  headers: Record<string, string>;
}

const epochSecond = (): number => Math.floor(Date.now() / 1000);

export class RateLimiter {
  private tokens: number;
  private refilledAt = epochSecond();

  constructor(
    private readonly rate: number | undefined,
    private readonly sendRetryAfter: boolean,
  ) {
    this.tokens = rate ?? UNLIMITED_BUDGET;
  }

  get limit(): number {
    return this.rate ?? UNLIMITED_BUDGET;
  }

  reset(): void {
    this.tokens = this.limit;
    this.refilledAt = epochSecond();
  }

  /** Spends one token if any is left. */
  take(): RateLimitVerdict {
    if (this.rate === undefined) return { allowed: true, headers: this.headers() };
    this.refill();
    if (this.tokens < 1) return { allowed: false, headers: this.headers() };
    this.tokens -= 1;
    return { allowed: true, headers: this.headers() };
  }

  /** The headers as they stand, without spending (token endpoint, controls, faults). */
  headers(): Record<string, string> {
    this.refill();
    const now = epochSecond();
    const reset = this.tokens < this.limit ? this.refilledAt + 1 : now;
    return {
      "x-ratelimit-limit": String(this.limit),
      "x-ratelimit-remaining": String(this.tokens),
      "x-ratelimit-reset": String(reset),
    };
  }

  /** The 429 the service sends once the global budget is spent. */
  tooManyRequests(headers: Record<string, string>): ApiResult {
    const result = apiError(429, "Global limit has been reached", "too_many_requests");
    result.headers = { ...headers };
    if (this.sendRetryAfter) {
      const wait = Math.max(1, Number(headers["x-ratelimit-reset"]) - Math.floor(Date.now() / 1000));
      result.headers["retry-after"] = String(wait);
    }
    return result;
  }

  private refill(): void {
    if (this.rate === undefined) return;
    const now = epochSecond();
    if (now > this.refilledAt) {
      this.tokens = this.rate;
      this.refilledAt = now;
    }
  }
}
