/** The endpoints examples/basic calls, where faults go, and which kind of run reaches each of them. */
import type { Emulator, FaultSpec } from "../../../tools/emulator";

export const SELECTION_PATH = "/api/v2/guardian/factors/push-notification/selected-provider";
export const PHONE_PATH = "/api/v2/branding/phone/providers";
export const TICKET_PATH = "/api/v2/guardian/enrollments/ticket";
export const STREAMS_PATH = "/api/v2/event-streams";
export const TOKEN_PATH = "/oauth/token";

/** create: `up` of a fresh stack; update: `up` after a config change; refresh: `up --refresh` with no change. */
export type Phase = "create" | "update" | "refresh";

export type EndpointKey =
  | "token"
  | "getSelection"
  | "putSelection"
  | "postPhone"
  | "listPhones"
  | "postTicket"
  | "listStreams"
  | "getPhone"
  | "patchPhone";

export interface Endpoint {
  key: EndpointKey;
  label: string;
  method: string;
  /** Fault path: exact, or a prefix ending in "*". */
  path: string;
  phase: Phase;
  /** POST of a phone provider or ticket: the client must never send it twice after an ambiguous failure. */
  ambiguousWhenFaulted: boolean;
  /** Faults that make the run reach this endpoint (the list is only called to reconcile an ambiguous create). */
  companions?: FaultSpec[];
}

export const ENDPOINTS: readonly Endpoint[] = [
  { key: "token", label: "POST /oauth/token", method: "POST", path: TOKEN_PATH, phase: "create", ambiguousWhenFaulted: false },
  { key: "getSelection", label: "GET selected-provider", method: "GET", path: SELECTION_PATH, phase: "create", ambiguousWhenFaulted: false },
  { key: "putSelection", label: "PUT selected-provider", method: "PUT", path: SELECTION_PATH, phase: "create", ambiguousWhenFaulted: false },
  { key: "postPhone", label: "POST phone providers", method: "POST", path: PHONE_PATH, phase: "create", ambiguousWhenFaulted: true },
  {
    key: "listPhones",
    label: "GET phone providers (list)",
    method: "GET",
    path: PHONE_PATH,
    phase: "create",
    ambiguousWhenFaulted: false,
    companions: [{ method: "POST", path: PHONE_PATH, count: 1, kind: "drop", afterHandling: true }],
  },
  { key: "postTicket", label: "POST enrollment ticket", method: "POST", path: TICKET_PATH, phase: "create", ambiguousWhenFaulted: true },
  { key: "listStreams", label: "GET event-streams", method: "GET", path: STREAMS_PATH, phase: "create", ambiguousWhenFaulted: false },
  { key: "getPhone", label: "GET phone provider (id)", method: "GET", path: `${PHONE_PATH}/*`, phase: "refresh", ambiguousWhenFaulted: false },
  { key: "patchPhone", label: "PATCH phone provider", method: "PATCH", path: `${PHONE_PATH}/*`, phase: "update", ambiguousWhenFaulted: false },
];

export function endpoint(key: EndpointKey): Endpoint {
  const found = ENDPOINTS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`unknown endpoint ${key}`);
  return found;
}

function matches(pattern: string, path: string): boolean {
  return pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** Requests logged since `since` (an index into emulator.requests) that hit an injected fault. */
export function faultHits(emulator: Emulator, since: number): number {
  return emulator.requests.slice(since).filter((entry) => entry.faulted !== undefined).length;
}

/** Requests logged since `since` to this endpoint with this status. */
export function statusCount(emulator: Emulator, since: number, target: Endpoint, status: number): number {
  return emulator.requests
    .slice(since)
    .filter((entry) => entry.method === target.method && matches(target.path, entry.path) && entry.status === status).length;
}

/**
 * A request the client gave up on (timeout) may still be handled later; wait until the emulator has logged
 * `expected` faulted requests since `since`, so the verdict covers what the late request did.
 */
export async function waitForFaultHits(emulator: Emulator, since: number, expected: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (faultHits(emulator, since) < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return faultHits(emulator, since);
}
