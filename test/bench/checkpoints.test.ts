// A quick self-check of the state benchmark at a small N (the bench itself runs 1,000 tickets): per-step
// checkpoints write more than PULUMI_SKIP_CHECKPOINTS, and resources created with the recorded older texts take
// more state than today's, so the rows `npm run bench` prints come from real runs. The writes are counted by the engine
// stand-in, which persists as the file backend does; the CLI does not count its own.
import { describe, expect, it } from "vitest";
import { assertDistIsFresh } from "../resources/dist";
import { benchCheckpoints, checkpointRows } from "./checkpoints";

describe("the state benchmark, small", () => {
  it("measures state size and bytes written for both texts, with and without PULUMI_SKIP_CHECKPOINTS", async () => {
    assertDistIsFresh();
    const runs = await benchCheckpoints(3, undefined, { PULUMI_CLI: "0" });
    const find = (texts: "recorded" | "current", skip: boolean) => runs.find((run) => run.texts === texts && run.skipCheckpoints === skip)!;
    for (const texts of ["recorded", "current"] as const) {
      const every = find(texts, false);
      const skipped = find(texts, true);
      // 3 tickets, a push selection, a phone provider, the default provider and the stack.
      expect(every.resources).toBe(7);
      // Two whole-state writes per create on top of the few a skipped-checkpoint run makes.
      expect(every.writes).toBeGreaterThanOrEqual(2 * 5);
      expect(skipped.writes).toBeLessThan(2 * 5);
      expect(every.bytesWritten).toBeGreaterThan(skipped.bytesWritten);
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
