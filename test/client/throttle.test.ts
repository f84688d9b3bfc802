// The rate-limit budget as a table: the service's header sequences in, how many requests may go out (and when
// time alone opens the budget) out. No server, no timers: every event carries its own time.
import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { RESET_MARGIN_MS, RateLimitBudget, ServerClock } from "../../provider/client/throttle";

/** A whole epoch second: the service's x-ratelimit-reset values are whole seconds. */
const SECOND = Date.parse("2025-01-01T00:00:00Z");
const SECOND_S = SECOND / 1000;
const at = (ms: number): number => SECOND + ms;

/** The service's three headers: bucket size, tokens left, and the epoch second capacity returns. */
function bucket(limit: number, remaining: number, resetSecondsAhead: number): IncomingHttpHeaders {
  return {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(SECOND_S + resetSecondsAhead),
  };
}
/** An HTTP Date header for a moment of the service's clock (ms after SECOND), whole seconds as on the wire. */
const dated = (serverMs: number): IncomingHttpHeaders => ({ date: new Date(SECOND + serverMs).toUTCString() });

type Event =
  /** Requests the caller tries to send at `at`; the case states how many the budget lets go. */
  | { send: number; at: number; expectSent: number }
  /** One request answered (not 429) at `at`; sentAt defaults to just before. */
  | { answer: IncomingHttpHeaders; at: number; sentAt?: number }
  /** One request ended without an answer. */
  | { lost: true }
  /** One request answered 429; the retry decision named `until` (or no time). */
  | { rateLimited: number | undefined; at: number };

interface Case {
  name: string;
  events: Event[];
  /** Then, at this time: how many may go out, and when time alone opens the budget. */
  check: { at: number; available: number; opensAt?: number };
}

const send = (count: number, time: number, expectSent = count): Event => ({ send: count, at: at(time), expectSent });
const answer = (headers: IncomingHttpHeaders, time: number, sentAt?: number): Event => ({
  answer: headers,
  at: at(time),
  sentAt: sentAt === undefined ? undefined : at(sentAt),
});

const CASES: Case[] = [
  // Before the first answer: one request, whose headers set the pace.
  {
    name: "a new process sends one request and waits for its answer",
    events: [send(5, 100, 1)],
    check: { at: at(150), available: 0 },
  },
  {
    name: "the first answer opens its remaining budget",
    events: [send(1, 100), answer(bucket(50, 49, 1), 110)],
    check: { at: at(120), available: 49, opensAt: at(1_000 + RESET_MARGIN_MS) },
  },
  // Within a reset second: the lowest remaining minus every request still unanswered.
  {
    name: "requests in flight count against the remaining budget, even those an answer may already count",
    events: [send(1, 100), answer(bucket(50, 49, 1), 110), send(20, 120), answer(bucket(50, 48, 1), 130)],
    check: { at: at(140), available: 48 - 19 },
  },
  {
    name: "the lowest remaining of a second wins over an answer that arrives late with a higher one",
    events: [send(1, 0), answer(bucket(50, 49, 1), 10), send(10, 20), answer(bucket(50, 40, 1), 40), answer(bucket(50, 45, 1), 50)],
    check: { at: at(60), available: 40 - 8 },
  },
  {
    name: "x-ratelimit-remaining 0 closes the budget until the reset",
    events: [send(1, 0), answer(bucket(3, 2, 1), 10), send(2, 20), answer(bucket(3, 1, 1), 30), answer(bucket(3, 0, 1), 40)],
    check: { at: at(500), available: 0, opensAt: at(1_000 + RESET_MARGIN_MS) },
  },
  {
    name: "no request goes out at the reset itself, before the margin for early timers",
    events: [send(1, 0), answer(bucket(3, 0, 1), 10)],
    check: { at: at(1_000 + RESET_MARGIN_MS - 1), available: 0, opensAt: at(1_000 + RESET_MARGIN_MS) },
  },
  // After a reset: the limit minus the requests still unanswered, which may land in the new second.
  {
    name: "after the reset the whole limit is back, minus the requests still unanswered",
    events: [send(1, 0), answer(bucket(50, 49, 1), 10), send(49, 20), answer(bucket(50, 30, 1), 600)],
    check: { at: at(1_000 + RESET_MARGIN_MS), available: 50 - 48 },
  },
  {
    name: "an answer from a second that is over says nothing about the new one",
    events: [
      send(1, 0),
      answer(bucket(50, 40, 1), 10),
      send(2, 20),
      send(2, 1_010),
      answer(bucket(50, 45, 2), 1_020),
      answer(bucket(50, 0, 1), 1_030),
    ],
    check: { at: at(1_040), available: 45 - 2, opensAt: at(2_000 + RESET_MARGIN_MS) },
  },
  {
    name: "without x-ratelimit-limit, the first request after a reset goes alone",
    events: [send(1, 0), answer({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(SECOND_S + 1) }, 10)],
    check: { at: at(1_100), available: 1 },
  },
  {
    name: "a full bucket (reset = the current second) allows the limit at once",
    events: [send(1, 0), answer(bucket(10, 10, 0), 10)],
    check: { at: at(20), available: 10 },
  },
  {
    name: "a slow refill: the reset lies seconds out (a full bucket then), and the budget waits for it",
    events: [send(1, 0), answer(bucket(50, 0, 10), 10)],
    check: { at: at(5_000), available: 0, opensAt: at(10_000 + RESET_MARGIN_MS) },
  },
  {
    name: "a slow refill: a higher remaining for the same reset does not raise the budget",
    events: [send(1, 0), answer(bucket(50, 2, 10), 10), send(2, 20), answer(bucket(50, 1, 10), 30), answer(bucket(50, 5, 10), 1_020)],
    check: { at: at(1_030), available: 1 },
  },
  // Header-less servers and lost requests.
  {
    name: "a server that sends no rate-limit headers sets no limit",
    events: [send(1, 0), answer({}, 10), send(500, 20)],
    check: { at: at(30), available: Number.POSITIVE_INFINITY },
  },
  {
    name: "one answer without headers from a metered server changes nothing but the count in flight",
    events: [send(1, 0), answer(bucket(10, 9, 1), 10), send(9, 20), answer({}, 30)],
    check: { at: at(40), available: 1 },
  },
  {
    name: "a request that ended without an answer gives its share back",
    events: [send(1, 0), answer(bucket(10, 9, 1), 10), send(9, 20), { lost: true }],
    check: { at: at(40), available: 1 },
  },
  {
    name: "the first request lost without an answer lets the next one probe",
    events: [send(1, 0), { lost: true }, send(3, 20, 1)],
    check: { at: at(30), available: 0 },
  },
  // A 429 that still comes (another client spent the budget).
  {
    name: "a 429 holds every request until the time the decision named",
    events: [send(1, 0), answer(bucket(50, 40, 1), 10), send(5, 20), { rateLimited: at(2_000), at: at(30) }],
    check: { at: at(1_500), available: 0, opensAt: at(2_000 + RESET_MARGIN_MS) },
  },
  {
    name: "after a 429's hold, requests sent before the 429 and still out keep the next one waiting",
    events: [send(1, 0), answer(bucket(50, 40, 1), 10), send(3, 20), { rateLimited: at(2_000), at: at(30) }],
    check: { at: at(2_010), available: 0 },
  },
  {
    name: "after a 429's hold one request goes alone, whatever answers to requests sent before the 429 said",
    events: [
      send(1, 0),
      answer(bucket(50, 40, 1), 10),
      send(3, 20),
      { rateLimited: at(2_000), at: at(30) },
      answer(bucket(50, 30, 3), 40, 20),
      answer(bucket(50, 29, 3), 50, 20),
    ],
    check: { at: at(2_010), available: 1 },
  },
  {
    name: "after a 429's hold, the probe's answer sets the pace again",
    events: [
      send(1, 0),
      answer(bucket(50, 40, 1), 10),
      send(1, 20),
      { rateLimited: at(2_000), at: at(30) },
      send(1, 2_010),
      answer(bucket(50, 49, 3), 2_020, 2_010),
    ],
    check: { at: at(2_030), available: 49 },
  },
  {
    name: "a 429 without timing on a header-less server: one request at a time until an answer comes",
    events: [send(1, 0), answer({}, 10), send(3, 20), { rateLimited: undefined, at: at(30) }],
    check: { at: at(40), available: 0 },
  },
  // The service's clock, from Date headers.
  {
    // Stamped 2 s (service) when we were at 0.3 s: the service is at least 2 - 0.31 = 1.69 s ahead.
    name: "a service clock ahead (proven by Date) opens the reset earlier on ours, by the proven part",
    events: [send(1, 0), answer({ ...bucket(5, 0, 3), ...dated(2_300) }, 310, 300)],
    check: { at: at(3_000 + RESET_MARGIN_MS - 1_690), available: 5 },
  },
  {
    // Stamped -2 s (service) when we were at 0.3 s: behind by 1.3 to 2.31 s; the budget assumes 2.31 s.
    name: "a service clock behind (proven by Date) opens the reset later on ours, by the most it may be",
    events: [send(1, 0), answer({ ...bucket(5, 0, 1), ...dated(-1_700) }, 310, 300)],
    check: { at: at(1_500), available: 0, opensAt: at(1_000 + RESET_MARGIN_MS + 2_310) },
  },
  {
    name: "Date headers consistent with our clock change nothing",
    events: [send(1, 0), answer({ ...bucket(5, 0, 1), ...dated(400) }, 410, 400)],
    check: { at: at(1_000 + RESET_MARGIN_MS), available: 5 },
  },
];

function play(budget: RateLimitBudget, event: Event): void {
  if ("send" in event) {
    let sent = 0;
    while (sent < event.send && budget.tryAcquire(event.at)) sent++;
    expect(sent, `requests let go at ${event.at - SECOND} ms`).toBe(event.expectSent);
  } else if ("answer" in event) {
    budget.answered(event.answer, event.sentAt ?? event.at - 1, event.at);
  } else if ("lost" in event) {
    budget.abandoned();
  } else {
    budget.rateLimited(event.rateLimited, event.at);
  }
}

describe("RateLimitBudget", () => {
  it.each(CASES)("$name", ({ events, check }) => {
    const budget = new RateLimitBudget();
    for (const event of events) play(budget, event);
    expect(budget.available(check.at)).toBe(check.available);
    if ("opensAt" in check) expect(budget.opensAt(check.at)).toBe(check.opensAt);
  });

  it("lets exactly the limit through per second when every second's answers come back in order", () => {
    const budget = new RateLimitBudget();
    const limit = 50;
    const sentPerSecond: number[] = [];
    expect(budget.tryAcquire(at(0))).toBe(true);
    let remaining = limit - 1;
    budget.answered(bucket(limit, remaining, 1), at(0), at(2));
    let sentThisSecond = 1;
    // Every millisecond, send what the budget allows and answer what went out 3 ms earlier, with the headers
    // the service computed when the request arrived (at once, in sending order).
    const pending: { sentAt: number; headers: IncomingHttpHeaders }[] = [];
    for (let ms = 3; ms < 5_000; ms++) {
      const second = Math.floor(ms / 1000);
      if (ms % 1000 === 0) {
        sentPerSecond.push(sentThisSecond);
        sentThisSecond = 0;
        remaining = limit;
      }
      while (pending.length > 0 && pending[0].sentAt <= ms - 3) {
        const done = pending.shift();
        if (done) budget.answered(done.headers, at(done.sentAt), at(ms));
      }
      while (budget.tryAcquire(at(ms))) {
        if (remaining === 0) throw new Error(`a request at ${ms} ms would have drawn a 429`);
        remaining--;
        sentThisSecond++;
        pending.push({ sentAt: ms, headers: bucket(limit, remaining, second + 1) });
      }
    }
    expect(sentPerSecond).toEqual([50, 50, 50, 50]);
  });
});

describe("ServerClock", () => {
  it("assumes agreeing clocks until Date headers prove otherwise, then takes the bound that never sends early", () => {
    const clock = new ServerClock();
    expect(clock.offsetMs()).toBe(0);
    clock.sample(new Date(SECOND).toUTCString(), at(500), at(510));
    expect(clock.offsetMs()).toBe(0);
    clock.sample("not a date", at(600), at(610));
    clock.sample(undefined, at(700), at(710));
    expect(clock.offsetMs()).toBe(0);
    // Stamped 3 s (service) while we were at 1.8 s: the clock moved forward, at least 1.19 s ahead of ours.
    clock.sample(new Date(SECOND + 3_000).toUTCString(), at(1_800), at(1_810));
    expect(clock.offsetMs()).toBe(1_190);
    // A later stamp narrows the floor: stamped 4 s when we were at 2.5 s, so at least 1.49 s ahead.
    clock.sample(new Date(SECOND + 4_000).toUTCString(), at(2_500), at(2_510));
    expect(clock.offsetMs()).toBe(1_490);
  });

  it("is not misled by a stale Date header (a server's cached one, a second behind just after the boundary)", () => {
    const clock = new ServerClock();
    // Stamped 1 s, sent and answered just after our 1 s: clocks agree to within a few ms.
    clock.sample(new Date(SECOND + 1_000).toUTCString(), at(1_002), at(1_004));
    // Stamped 1 s again though it is 2.06 s on both clocks (a busy server's header cache): it must not move the reset.
    clock.sample(new Date(SECOND + 1_000).toUTCString(), at(2_060), at(2_063));
    expect(clock.offsetMs()).toBe(0);

    const fresh = new ServerClock();
    // A stale header as the only sample: a clock a few ms behind is not proven.
    fresh.sample(new Date(SECOND).toUTCString(), at(1_003), at(1_006));
    expect(fresh.offsetMs()).toBe(0);
  });
});
