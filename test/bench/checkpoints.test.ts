// A quick self-check of the state benchmark at a small N (the bench itself runs 1,000 tickets): the CLI's file
// backend writes a checkpoint at the start and end of every create, and once at the end with PULUMI_SKIP_CHECKPOINTS;
// resources created with the recorded older texts take more state than today's; so the rows `npm run bench` prints
// come from real runs. The writes are the copies PULUMI_RETAIN_CHECKPOINTS makes, counted as they appear.
import { describe, expect, it } from "vitest";
import { assertDistIsFresh } from "../resources/dist";
import { benchCheckpoints, checkpointRows } from "./checkpoints";

describe("the state benchmark, small", () => {
  it("measures state size and bytes written for both texts, with and without PULUMI_SKIP_CHECKPOINTS", async () => {
    assertDistIsFresh();
    const runs = await benchCheckpoints(3);
    const find = (texts: "recorded" | "current", skip: boolean) => runs.find((run) => run.texts === texts && run.skipCheckpoints === skip)!;
    for (const texts of ["recorded", "current"] as const) {
      const every = find(texts, false);
      const skipped = find(texts, true);
      // 3 tickets, a push selection, a phone provider, the default provider and the stack.
      expect(every.resources).toBe(7);
      // Two whole-state writes per create (the stack and the default provider are created too).
      expect(every.writes).toBeGreaterThanOrEqual(2 * 7);
      // Skipped: the final checkpoint only, counted with the rest.
      expect(skipped.writes).toBeGreaterThanOrEqual(1);
      expect(skipped.writes).toBeLessThanOrEqual(2);
      expect(skipped.bytesWritten).toBeGreaterThanOrEqual(skipped.stateBytes * 0.99);
      expect(every.bytesWritten).toBeGreaterThan(5 * skipped.bytesWritten);
    }
    // The older texts are stored twice per resource (inputs and outputs), ~2.4 KB each.
    expect(find("recorded", false).stateBytes - find("current", false).stateBytes).toBeGreaterThan(5 * 2 * 2_000);
    expect(find("recorded", false).ticketBytes - find("current", false).ticketBytes).toBeGreaterThan(2 * 2_000);
    expect(find("current", false).ticketBytes).toBeGreaterThan(500);
    // The goal is judged on the compact entry the file holds; earlier CLIs' indentation only adds to it.
    for (const run of runs) expect(run.indentedTicketBytes).toBeGreaterThan(run.ticketBytes);
    // The three shares account for every byte of the entry but its opening brace.
    for (const run of runs) {
      const { package: ours, identity, engineAdded } = run.ticketShares;
      expect(ours + identity + engineAdded).toBeCloseTo(run.ticketBytes - 1, 6);
      expect(engineAdded).toBeGreaterThan(0);
    }
    expect(find("recorded", false).ticketShares.package - find("current", false).ticketShares.package).toBeGreaterThan(2 * 2_000);
    const rows = checkpointRows(runs);
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.goal.startsWith("≤"))).toHaveLength(2);
    expect(rows[0].result).toContain("as stored (compact");
  }, 240_000);
});
