/**
 * Reading the service's timing headers: Retry-After (the retry decision) and x-ratelimit-reset (the retry
 * decision and the rate-limit budget). Garbage reads as absent, never as a wait.
 */
import type { IncomingHttpHeaders } from "node:http";

/** A header's value; the first one when the header came several times. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After as seconds or an HTTP date → milliseconds from now (never negative); undefined if absent/garbage. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** x-ratelimit-reset (Unix epoch seconds) → epoch milliseconds; undefined if absent/garbage. */
export function parseRateLimitReset(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value) * 1000;
}
