// Load: one `up` of 200 enrollment tickets plus a push selection and a phone provider
// (test/support/fixtures/manyTickets, a project of its own that imports "pulumi-tenant" by name) against an
// emulator allowing 10 requests per second. No failure, not one 429 (the client's budget keeps every request
// under the limit), and the API time — first request sent to last response — within 1.3× the bound the rate
// limit sets (requests the service accepted ÷ limit).
import { describe, expect, it } from "vitest";
import { itLeavesNoSecret, useManyTicketsStack } from "./support/manyTicketsStack";
import { printTable } from "./support/table";

const TICKETS = 200;
const RATE_LIMIT = 10;
const MAX_RATIO = 1.3;

describe(`load: ${TICKETS} resources in one up at ${RATE_LIMIT} requests/s`, () => {
  const stack = useManyTicketsStack({ stack: "load", tickets: TICKETS, rateLimit: RATE_LIMIT });
  const { scanner } = stack;

  it(
    `creates all ${TICKETS} tickets without a failure, within ${MAX_RATIO}× the rate limit's bound`,
    async () => {
      const { emulator, engine } = stack;
      const startedAt = Date.now();
      let failure: unknown;
      try {
        scanner.addRun("load up", await engine.up());
      } catch (error) {
        failure = error;
        scanner.addError("load up", error);
      }
      const wallMs = Date.now() - startedAt;
      await scanner.addState("load up", engine);
      scanner.collectTickets(emulator);

      const api = emulator.requests.filter((entry) => entry.path.startsWith("/api/v2/"));
      const accepted = api.filter((entry) => entry.status !== 429);
      const throttled = api.length - accepted.length;
      const apiMs = Math.max(...api.map((entry) => entry.startedAt + entry.durationMs)) - Math.min(...api.map((entry) => entry.startedAt));
      const boundMs = (accepted.length / RATE_LIMIT) * 1000;
      const state = await engine.readState();
      const ticketsInState = state.resources.filter((resource) => resource.type === "pulumi-nodejs:dynamic/tenant:EnrollmentTicket").length;

      printTable(
        `Load: ${TICKETS} EnrollmentTickets, one up, emulator rate limit ${RATE_LIMIT}/s`,
        ["figure", "value"],
        [
          ["tickets minted / in state", `${emulator.state.enrollmentTickets.length} / ${ticketsInState}`],
          ["API requests accepted", accepted.length],
          ["429s the client provoked", throttled],
          ["token requests", emulator.tokenRequests()],
          ["bound = accepted / limit", `${(boundMs / 1000).toFixed(1)} s`],
          ["API time (first request to last response)", `${(apiMs / 1000).toFixed(1)} s`],
          ["API time / bound", `${(apiMs / boundMs).toFixed(2)} (must be <= ${MAX_RATIO})`],
          ["whole up (program and host start included)", `${(wallMs / 1000).toFixed(1)} s`],
        ],
      );

      expect(failure).toBeUndefined();
      // The client's budget keeps every request under the limit: it provokes no 429 of its own.
      expect(throttled).toBe(0);
      expect(accepted.filter((entry) => entry.status >= 300)).toEqual([]);
      expect(emulator.state.enrollmentTickets).toHaveLength(TICKETS);
      expect(ticketsInState).toBe(TICKETS);
      expect(apiMs / boundMs).toBeLessThanOrEqual(MAX_RATIO);
    },
    300_000,
  );

  itLeavesNoSecret(stack, "Load");
});
