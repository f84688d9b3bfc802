// Section 2's rows for EventStream: its calls per operation on examples/event-streams against the floor.
import type { Operation, OperationRun } from "./callsPerOperation";
import { requestsOf } from "./callsReport";
import type { Row } from "./report";

/**
 * EventStream on examples/event-streams: one call per create, update, read and delete per stream; a no-op up
 * makes none and a preview --refresh one GET per stream.
 */
export function eventStreamCallRows(runs: readonly OperationRun[], streams: number): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  const floors: [Operation, number, string][] = [
    ["create", streams, "one POST per stream"],
    ["update", 1, "one PATCH (the rotated webhook)"],
    ["no-op up", 0, "none"],
    ["preview --refresh", streams, "one GET per stream"],
    ["read (refresh)", streams, "one GET per stream"],
    ["delete (destroy)", streams, "one DELETE per stream"],
  ];
  return floors.map(([operation, floor, goal]) => {
    const run = byOperation.get(operation);
    const methods = requestsOf(run, "EventStream");
    const stray = [...requestsOf(run, "getEventStreams"), ...(run?.unattributed ?? [])];
    return {
      section: "2",
      measure: `Calls per operation, EventStream (examples/event-streams, ${streams} streams): ${operation}`,
      result: `${methods.length}${methods.length ? ` (${methods.join("+")})` : ""}`,
      goal: `floor ${floor}: ${goal}`,
      verdict: methods.length === floor && stray.length === 0 ? "at the floor" : `${methods.length > floor ? "ABOVE" : "BELOW"} the floor${stray.length ? `; other calls: ${stray.join(", ")}` : ""}`,
    };
  });
}

