// Scale: one `up` of 200 enrollment tickets plus a push selection and a phone provider (the many-tickets fixture)
// at --parallel=64 against an emulator allowing 50 requests per second. The client's budget must keep every
// request under the limit (0 answers 429), every ticket is minted once and lands in state, one token serves the
// run, and a second `up` changes nothing and calls nothing.
import { describe, expect, it } from "vitest";
import { itLeavesNoSecret, useManyTicketsStack } from "./support/manyTicketsStack";
import { printTable } from "./support/table";

const TICKETS = 200;
const PARALLEL = 64;
const RATE_LIMIT = 50;
const TICKET_TYPE = "pulumi-nodejs:dynamic/tenant:EnrollmentTicket";

describe(`scale: ${TICKETS} tickets at --parallel=${PARALLEL} against ${RATE_LIMIT} requests/s`, () => {
  const stack = useManyTicketsStack({ stack: "scale", tickets: TICKETS, rateLimit: RATE_LIMIT });
  const { scanner } = stack;

  it(
    "draws no 429, mints every ticket exactly once, and needs one token",
    async () => {
      const { emulator, engine } = stack;
      const up = await engine.up({ parallel: PARALLEL });
      scanner.addRun("scale up", up);
      await scanner.addState("scale up", engine);
      scanner.collectTickets(emulator);

      const api = emulator.requests.filter((entry) => entry.path.startsWith("/api/v2/"));
      const throttled = api.filter((entry) => entry.status === 429).length;
      const state = await engine.readState();
      const ticketsInState = state.resources.filter((resource) => resource.type === TICKET_TYPE).length;
      const minted = emulator.state.enrollmentTickets.map((ticket) => String(ticket.request.user_id));
      const arrivals = api.map((entry) => entry.startedAt);
      const apiMs = Math.max(...arrivals) - Math.min(...arrivals);

      printTable(
        `Scale: ${TICKETS} tickets + push + phone, one up at --parallel=${PARALLEL}, emulator ${RATE_LIMIT}/s`,
        ["figure", "value"],
        [
          ["tickets minted (distinct users) / in state", `${minted.length} (${new Set(minted).size}) / ${ticketsInState}`],
          ["API requests / answers 429", `${api.length} / ${throttled}`],
          ["token requests", emulator.tokenRequests()],
          ["API time (first to last arrival) / bound", `${(apiMs / 1000).toFixed(1)} s / ${(api.length / RATE_LIMIT).toFixed(1)} s`],
        ],
      );

      expect(throttled).toBe(0);
      expect(api.filter((entry) => entry.status >= 300)).toEqual([]);
      expect(minted).toHaveLength(TICKETS);
      expect(new Set(minted).size).toBe(TICKETS);
      expect(ticketsInState).toBe(TICKETS);
      expect(emulator.state.phoneProviders.size).toBe(1);
      expect(emulator.tokenRequests()).toBe(1);
    },
    300_000,
  );

  it("a second up changes nothing and sends no request", async () => {
    const { emulator, engine } = stack;
    const before = emulator.requests.length;
    const again = await engine.up({ parallel: PARALLEL });
    scanner.addRun("scale no-op up", again);
    expect(again.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(emulator.requests.slice(before)).toEqual([]);
  }, 120_000);

  itLeavesNoSecret(stack, "Scale");
});
