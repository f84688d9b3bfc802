// Injected faults: the next K requests matching a method and path get a 429, a 5xx, an entitlement 403, a dropped
// connection or a delay. The first pending fault that matches is used and its count spent.
import { apiError, reasonPhrase, type ApiResult } from "./http";
import type { FaultKind, FaultSpec } from "./types";

const KINDS: readonly FaultKind[] = ["429", "500", "502", "503", "drop", "delay", "not_entitled", "insufficient_entitlement"];
const ENTITLEMENT_KINDS: readonly FaultKind[] = ["not_entitled", "insufficient_entitlement"];
const ALLOWED_KEYS = new Set(["method", "path", "count", "kind", "resetSeconds", "retryAfterSeconds", "delayMs", "afterHandling"]);

interface PendingFault {
  spec: FaultSpec;
  remaining: number;
}

const isNonNegativeNumber = (value: unknown): boolean => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** Checks a FaultSpec from a test or from JSON; returns an error message or the normalized spec. */
export function parseFaultSpec(value: unknown): FaultSpec | string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "a fault must be a JSON object";
  const spec = value as Record<string, unknown>;
  const unknown = Object.keys(spec).filter((key) => !ALLOWED_KEYS.has(key));
  if (unknown.length > 0) return `unknown fault properties: ${unknown.join(", ")}`;
  if (typeof spec.path !== "string" || !spec.path.startsWith("/")) return "path must be a string starting with /";
  if (spec.method !== undefined && (typeof spec.method !== "string" || spec.method === "")) return "method must be a non-empty string";
  if (typeof spec.count !== "number" || !Number.isInteger(spec.count) || spec.count < 1) return "count must be an integer >= 1";
  if (!KINDS.includes(spec.kind as FaultKind)) return `kind must be one of ${KINDS.join(", ")}`;
  for (const key of ["resetSeconds", "retryAfterSeconds", "delayMs"] as const) {
    if (spec[key] !== undefined && !isNonNegativeNumber(spec[key])) return `${key} must be a non-negative number`;
  }
  if (spec.kind === "delay" && spec.delayMs === undefined) return "a delay fault needs delayMs";
  if (spec.afterHandling !== undefined && typeof spec.afterHandling !== "boolean") return "afterHandling must be a boolean";
  if (spec.afterHandling === true && (spec.kind === "delay" || spec.kind === "429" || ENTITLEMENT_KINDS.includes(spec.kind as FaultKind))) {
    return "afterHandling applies to drop and 5xx faults only";
  }
  // Token requests are matched (and logged) as "/oauth/token" whichever spelling the client used.
  const path = spec.path === "/oauth/token/" ? "/oauth/token" : spec.path;
  return { ...(spec as unknown as FaultSpec), path, method: (spec.method as string | undefined)?.toUpperCase() };
}

function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

export class FaultBook {
  private pending: PendingFault[] = [];

  add(spec: FaultSpec): void {
    const parsed = parseFaultSpec(spec);
    if (typeof parsed === "string") throw new Error(`injectFault: ${parsed}`);
    this.pending.push({ spec: parsed, remaining: parsed.count });
  }

  clear(): void {
    this.pending = [];
  }

  /** The faults still waiting to fire, with their remaining counts. */
  list(): (FaultSpec & { remaining: number })[] {
    return this.pending.map(({ spec, remaining }) => ({ ...spec, remaining }));
  }

  /** Spends one use of the first pending fault matching this request, if any. */
  take(method: string, path: string): FaultSpec | undefined {
    if (this.pending.length === 0) return undefined;
    const index = this.pending.findIndex(
      ({ spec }) => (spec.method === undefined || spec.method === method) && pathMatches(spec.path, path),
    );
    if (index < 0) return undefined;
    const fault = this.pending[index];
    fault.remaining -= 1;
    if (fault.remaining === 0) this.pending.splice(index, 1);
    return fault.spec;
  }
}

/** The answer of a tenant whose plan does not offer what was called: the body recorded for `not_entitled` (auth0/terraform-provider-auth0#1732). */
function notEntitled(kind: FaultKind): ApiResult {
  return apiError(403, "The requestor is not entitled to perform this operation.", kind);
}

/** The response a 429, 5xx or entitlement fault sends; token-endpoint faults use the OAuth error shape. */
export function faultResponse(
  fault: FaultSpec,
  isTokenPath: boolean,
  rateHeaders: Record<string, string>,
  retryAfterByDefault: boolean,
): ApiResult {
  if (ENTITLEMENT_KINDS.includes(fault.kind)) {
    const result = isTokenPath ? { status: 403, body: { error: "access_denied", error_description: "Forbidden" } } : notEntitled(fault.kind);
    return { ...result, headers: { ...rateHeaders } };
  }
  const status = Number(fault.kind);
  const headers: Record<string, string> = { ...rateHeaders };
  let result: ApiResult;
  if (status === 429) {
    const resetSeconds = fault.resetSeconds ?? 1;
    headers["x-ratelimit-remaining"] = "0";
    headers["x-ratelimit-reset"] = String(Math.floor(Date.now() / 1000) + resetSeconds);
    const retryAfter = fault.retryAfterSeconds ?? (retryAfterByDefault ? Math.max(1, resetSeconds) : undefined);
    if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter);
    result = isTokenPath
      ? { status, body: { error: "too_many_requests", error_description: "Global limit has been reached" } }
      : apiError(429, "Global limit has been reached", "too_many_requests");
  } else {
    if (fault.retryAfterSeconds !== undefined) headers["retry-after"] = String(fault.retryAfterSeconds);
    result = isTokenPath
      ? { status, body: { error: "server_error", error_description: reasonPhrase(status) } }
      : apiError(status, reasonPhrase(status));
  }
  return { ...result, headers };
}
