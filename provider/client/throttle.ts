/**
 * The tenant's rate-limit budget, shared per base URL by every client in the process. A request is sent
 * only when the budget allows it, so the client does not provoke 429s itself:
 *
 * - Before any answer, one request at a time: its headers set the pace.
 * - Within a reset second: the lowest x-ratelimit-remaining seen for that second, minus every request sent
 *   and not yet answered (an answer may or may not count the requests still in flight: assume it does not).
 * - Once that x-ratelimit-reset has passed on the service's clock (plus a few ms: timers fire early): the
 *   limit minus the requests still unanswered, since they may land in the new second.
 * - A server that answers without rate-limit headers sets no limit.
 * - A 429 that still comes (another client spending the same budget) holds every request until the time the
 *   retry decision names; then one request at a time again until an answer sets the pace.
 */
import type { IncomingHttpHeaders } from "node:http";
import { headerValue, parseRateLimitReset } from "./headers";

/** How far past a reset (on the service's clock) the first request into the new second goes out. */
export const RESET_MARGIN_MS = 5;

/**
 * A Date header may lag the service's clock by a few ms (servers cache it per second), which makes a clock look
 * behind when it is not; a clock counts as proven behind only by more than this.
 */
const STALE_DATE_TOLERANCE_MS = 50;

/**
 * The service's clock minus ours, bounded by Date headers (whole seconds). Zero while the headers are
 * consistent with agreeing clocks; once they prove a difference, the bound that never sends early.
 */
export class ServerClock {
  /** Proven offset floor and ceiling, in ms. */
  private floor = Number.NEGATIVE_INFINITY;
  private ceiling = Number.POSITIVE_INFINITY;
  /** The last Date header read and its value: a server repeats one Date for a whole second of answers. */
  private lastDate: string | undefined;
  private lastSecond = Number.NaN;

  /** An answer's Date header, with the local times the request went out and the answer came back. */
  sample(date: string | undefined, sentAt: number, receivedAt: number): void {
    if (date === undefined) return;
    if (date !== this.lastDate) {
      this.lastDate = date;
      this.lastSecond = Date.parse(date);
    }
    const serverSecond = this.lastSecond;
    if (Number.isNaN(serverSecond)) return;
    // The service stamped the answer at some instant in [serverSecond, serverSecond + 1 s) of its clock,
    // between sentAt and receivedAt of ours.
    const floor = serverSecond - receivedAt;
    const ceiling = serverSecond + 1_000 - sentAt;
    // A floor above the ceiling: the service's clock moved forward (or the ceiling came from a stale Date).
    if (floor > this.ceiling) this.ceiling = Number.POSITIVE_INFINITY;
    this.floor = Math.max(this.floor, floor);
    // A ceiling below the floor can only come from a stale Date: a lagging header lowers both bounds.
    if (ceiling >= this.floor) this.ceiling = Math.min(this.ceiling, ceiling);
  }

  offsetMs(): number {
    if (this.floor > 0 || this.ceiling < -STALE_DATE_TOLERANCE_MS) return this.floor;
    return 0;
  }
}

type Mode =
  /** No answer has set the pace yet (or the limit is unknown after a reset, or a 429 hold ended). */
  | "probing"
  /** Answers carry no rate-limit headers: no limit. */
  | "unlimited"
  /** The current reset second and its lowest remaining are known. */
  | "metered";

/** The budget's arithmetic, a pure function of the events and the times passed in: table-testable. */
export class RateLimitBudget {
  private mode: Mode = "probing";
  private limit: number | undefined;
  /** The current window's x-ratelimit-reset, epoch ms on the service's clock. */
  private resetAt = 0;
  /** The lowest x-ratelimit-remaining seen for that reset. */
  private remaining = 0;
  /** Requests sent and not yet answered. */
  private inFlight = 0;
  /** After a 429, answers to requests sent before it set no pace (local epoch ms). */
  private paceFrom = 0;
  /** After a 429: no request before this (local epoch ms). */
  private holdUntil = 0;
  readonly clock = new ServerClock();

  /** Requests that may go out now. */
  available(now: number): number {
    if (now < this.holdUntil) return 0;
    if (this.mode === "unlimited") return Number.POSITIVE_INFINITY;
    if (this.mode === "metered") {
      if (now + this.clock.offsetMs() < this.resetAt + RESET_MARGIN_MS) return Math.max(0, this.remaining - this.inFlight);
      if (this.limit !== undefined) return Math.max(0, this.limit - this.inFlight);
    }
    return this.inFlight === 0 ? 1 : 0;
  }

  /** Takes one request's share of the budget if there is one. */
  tryAcquire(now: number): boolean {
    if (this.available(now) < 1) return false;
    this.inFlight++;
    return true;
  }

  /**
   * When time alone may open the budget (local epoch ms): the end of a hold or the current reset; undefined
   * when only answers can (the requests in flight use it up).
   */
  opensAt(now: number): number | undefined {
    if (now < this.holdUntil) return this.holdUntil;
    if (this.mode !== "metered") return undefined;
    const resetLocal = this.resetAt + RESET_MARGIN_MS - this.clock.offsetMs();
    return now < resetLocal ? resetLocal : undefined;
  }

  /** Until when a 429 holds every request back (local epoch ms; 0 or past when none does). */
  get heldUntil(): number {
    return this.holdUntil;
  }

  /** A request came back with an answer other than 429. */
  answered(headers: IncomingHttpHeaders, sentAt: number, receivedAt: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.clock.sample(headerValue(headers, "date"), sentAt, receivedAt);
    const limit = wholeNumber(headerValue(headers, "x-ratelimit-limit"));
    const remaining = wholeNumber(headerValue(headers, "x-ratelimit-remaining"));
    const resetAt = parseRateLimitReset(headerValue(headers, "x-ratelimit-reset"));
    if (sentAt < this.paceFrom) return;
    if (limit !== undefined) this.limit = limit;
    if (remaining === undefined || resetAt === undefined) {
      // Without usable headers an answer sets no pace; only a service that never sends them is unlimited.
      if (this.mode === "probing" && this.limit === undefined) this.mode = "unlimited";
      return;
    }
    if (this.mode !== "metered" || resetAt > this.resetAt) {
      this.mode = "metered";
      this.resetAt = resetAt;
      this.remaining = remaining;
    } else if (resetAt === this.resetAt) {
      this.remaining = Math.min(this.remaining, remaining);
    }
    // An older reset: an answer from a second that is over says nothing about this one.
  }

  /** A request ended without an answer (or its answer was lost): it no longer holds budget. */
  abandoned(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /**
   * A request came back 429: the service says the budget is spent. Nobody sends before `until` (the time the
   * retry decision names; undefined when the 429 had no timing), then one request finds the new pace.
   */
  rateLimited(until: number | undefined, receivedAt: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (until !== undefined && until + RESET_MARGIN_MS > this.holdUntil) this.holdUntil = until + RESET_MARGIN_MS;
    this.paceFrom = receivedAt;
    this.mode = "probing";
  }
}

function wholeNumber(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** What `admit` needs of a call's deadline (the Deadline in deadline.ts). */
export interface AdmissionDeadline {
  readonly at: number;
  readonly aborted: boolean;
  once(event: "abort", listener: () => void): unknown;
  off(event: "abort", listener: () => void): unknown;
}

interface Waiter {
  admitted: (admitted: boolean) => void;
}

/** The budget plus the queue of requests waiting for it, woken by answers and by resets. */
export class RateLimitGate {
  readonly budget = new RateLimitBudget();
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  /** End of the last wait users were told about, so concurrent callers print one notice per wait. */
  private noticedUntil = 0;

  /** Whether a wait from `now` to `until` is news: no earlier notice's wait is still running. */
  claimNotice(now: number, until: number): boolean {
    if (now < this.noticedUntil) return false;
    this.noticedUntil = until;
    return true;
  }

  /** Takes a share of the budget now, in turn behind earlier waiters; false when the call must wait. */
  tryAdmit(now: number): boolean {
    return this.waiters.length === 0 && this.budget.tryAcquire(now);
  }

  /**
   * Waits in line for a share of the budget. Resolves true once the request may go out, false when the
   * call's deadline comes first (at once when a 429 holds every request past it).
   */
  admit(deadline: AdmissionDeadline): Promise<boolean> {
    if (deadline.aborted || this.budget.heldUntil > deadline.at) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onDeadline = (): void => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve(false);
      };
      const waiter: Waiter = {
        admitted: (admitted) => {
          deadline.off("abort", onDeadline);
          resolve(admitted);
        },
      };
      deadline.once("abort", onDeadline);
      this.waiters.push(waiter);
      this.pump();
    });
  }

  answered(headers: IncomingHttpHeaders, sentAt: number, receivedAt: number): void {
    this.budget.answered(headers, sentAt, receivedAt);
    this.pump();
  }

  abandoned(): void {
    this.budget.abandoned();
    this.pump();
  }

  rateLimited(until: number | undefined, receivedAt: number): void {
    this.budget.rateLimited(until, receivedAt);
    this.pump();
  }

  /** Lets waiters go in order while the budget allows, then sleeps until the next reset or hold ends. */
  private pump(): void {
    if (this.waiters.length === 0) return;
    const now = Date.now();
    while (this.waiters.length > 0 && this.budget.tryAcquire(now)) this.waiters.shift()?.admitted(true);
    if (this.waiters.length === 0) return;
    const opensAt = this.budget.opensAt(now);
    if (opensAt === undefined || opensAt >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = opensAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, Math.max(1, opensAt - now));
    // A pending reset must not keep a finished process alive; a waiting call's own deadline timer does.
    this.timer.unref();
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
