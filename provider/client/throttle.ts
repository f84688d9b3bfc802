/**
 * Proactive throttle, shared per base URL across every client in the process: once the service says
 * the bucket is empty (x-ratelimit-remaining 0, or a 429), later requests wait for its reset instead of
 * provoking more 429s.
 */
import type { IncomingHttpHeaders } from "node:http";
import { headerValue, parseRateLimitReset } from "./retry";

export class RateLimitGate {
  /** Epoch ms before which no request should be sent; 0 when open. */
  private blockedUntil = 0;
  /** End of the last wait users were told about, so concurrent callers print one notice per wait. */
  private noticedUntil = 0;

  /** Whether a wait from `now` to `until` is news: no earlier notice's wait is still running. */
  claimNotice(now: number, until: number): boolean {
    if (now < this.noticedUntil) return false;
    this.noticedUntil = until;
    return true;
  }

  /** Milliseconds to wait before sending now (0 when the bucket is not known to be empty). */
  waitBeforeSend(now: number): number {
    return this.blockedUntil > now ? this.blockedUntil - now : 0;
  }

  /** Records the bucket state a response reported. Cheap when the bucket still has room. */
  observe(headers: IncomingHttpHeaders, now: number): void {
    if (headerValue(headers, "x-ratelimit-remaining") !== "0") return;
    this.closeUntil(parseRateLimitReset(headerValue(headers, "x-ratelimit-reset")), now);
  }

  /** A 429 also empties the bucket for everyone, until the earliest retry time the service named. */
  closeUntil(resetAt: number | undefined, now: number): void {
    if (resetAt !== undefined && resetAt > now && resetAt > this.blockedUntil) this.blockedUntil = resetAt;
  }
}

const gates = new Map<string, RateLimitGate>();

export function rateLimitGateFor(baseUrl: string): RateLimitGate {
  let gate = gates.get(baseUrl);
  if (!gate) {
    gate = new RateLimitGate();
    gates.set(baseUrl, gate);
  }
  return gate;
}
