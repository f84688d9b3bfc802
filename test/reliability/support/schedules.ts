/**
 * Randomized fault schedules, generated from a seed: which kind of run (create, update, refresh), what the
 * update changes, whether tokens are short-lived, and one to three faults on endpoints that run reaches.
 * The same seed always gives the same schedule.
 */
import type { FaultKind as EmulatorFaultKind, FaultSpec } from "../../../tools/emulator";
import type { BasicDesired, PushProvider } from "./convergence";
import { endpoint, type EndpointKey, type Phase } from "./endpoints";
import { SeededRandom } from "./random";

/** What an update changes, relative to the stack's current config (so a schedule does not depend on it). */
export interface Change {
  flipSmsDisabled?: true;
  /** Moves the push provider this many places along guardian → sns → direct. */
  pushProviderShift?: 1 | 2;
  newTicketUserId?: string;
}

export interface Schedule {
  seed: number;
  phase: Phase;
  /** For "update" only. */
  change: Change;
  /** Short-lived (3 s) access tokens, on a second emulator. */
  shortTokens: boolean;
  faults: FaultSpec[];
}

const PUSH_PROVIDERS: readonly PushProvider[] = ["guardian", "sns", "direct"];
const KINDS: readonly EmulatorFaultKind[] = ["429", "500", "502", "503", "drop", "delay"];

/** The endpoints each kind of run calls (an update calls what its change needs). */
function reachable(phase: Phase, change: Change): EndpointKey[] {
  if (phase === "create") return ["token", "getSelection", "putSelection", "postPhone", "listPhones", "postTicket", "listStreams"];
  if (phase === "refresh") return ["token", "getSelection", "getPhone", "listStreams"];
  const keys: EndpointKey[] = ["token", "listStreams"];
  if (change.pushProviderShift) keys.push("putSelection");
  if (change.flipSmsDisabled) keys.push("patchPhone");
  if (change.newTicketUserId) keys.push("postTicket");
  return keys;
}

function randomChange(random: SeededRandom): Change {
  const change: Change = {};
  while (Object.keys(change).length === 0) {
    if (random.chance(0.6)) change.flipSmsDisabled = true;
    if (random.chance(0.5)) change.pushProviderShift = random.pick([1, 2] as const);
    if (random.chance(0.3)) change.newTicketUserId = `auth0|user-${random.int(1000, 9999)}`;
  }
  return change;
}

export function applyChange(current: BasicDesired, change: Change): BasicDesired {
  const shift = change.pushProviderShift ?? 0;
  return {
    pushProvider: PUSH_PROVIDERS[(PUSH_PROVIDERS.indexOf(current.pushProvider) + shift) % PUSH_PROVIDERS.length],
    smsDisabled: change.flipSmsDisabled ? !current.smsDisabled : current.smsDisabled,
    ticketUserId: change.newTicketUserId ?? current.ticketUserId,
  };
}

function randomFault(random: SeededRandom, key: EndpointKey): FaultSpec {
  const target = endpoint(key);
  const kind = random.pick(KINDS);
  const fault: FaultSpec = { method: target.method, path: target.path, kind, count: random.int(1, 2) };
  if (kind === "429") fault.resetSeconds = random.int(1, 2);
  if (kind === "delay") fault.delayMs = random.int(100, 2_500);
  if (kind === "500" || kind === "502" || kind === "503" || kind === "drop") fault.afterHandling = random.chance(0.5);
  if (kind === "503" && random.chance(0.5)) fault.retryAfterSeconds = 1;
  return fault;
}

export function makeSchedule(seed: number): Schedule {
  const random = new SeededRandom(seed);
  const roll = random.next();
  const phase: Phase = roll < 0.4 ? "create" : roll < 0.75 ? "update" : "refresh";
  const change = phase === "update" ? randomChange(random) : {};
  const shortTokens = random.chance(0.2);
  const targets = reachable(phase, change);
  const faults: FaultSpec[] = [];
  const planned = random.int(1, 3);
  for (let i = 0; i < planned; i++) {
    const key = random.pick(targets);
    // The list is only called to reconcile an ambiguous create: make the create ambiguous first.
    if (key === "listPhones") faults.push(...(endpoint(key).companions ?? []));
    faults.push(randomFault(random, key));
  }
  return { seed, phase, change, shortTokens, faults };
}

export function describeFault(fault: FaultSpec): string {
  const target = fault.path.replace("/api/v2", "").replace("/guardian/factors/push-notification/selected-provider", "/selected-provider");
  const extras = [
    fault.count > 1 ? `x${fault.count}` : "",
    fault.afterHandling ? "after" : "",
    fault.delayMs !== undefined ? `${fault.delayMs}ms` : "",
    fault.resetSeconds !== undefined ? `reset${fault.resetSeconds}s` : "",
    fault.retryAfterSeconds !== undefined ? `RA${fault.retryAfterSeconds}s` : "",
  ].filter(Boolean);
  return `${fault.kind}${extras.length ? `(${extras.join(",")})` : ""} ${fault.method} ${target}`;
}

export function describeSchedule(schedule: Schedule): string {
  const change = schedule.change;
  const parts = [
    change.flipSmsDisabled ? "smsDisabled" : "",
    change.pushProviderShift ? "pushProvider" : "",
    change.newTicketUserId ? "ticket user" : "",
  ].filter(Boolean);
  const phase = schedule.phase === "update" ? `update(${parts.join("+")})` : schedule.phase;
  return `${phase}${schedule.shortTokens ? ", 3s tokens" : ""}`;
}
