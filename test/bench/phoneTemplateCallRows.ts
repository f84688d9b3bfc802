// Section 2's rows for PhoneTemplate: its calls per operation on examples/mfa-sms against the floor, and its share of
// a no-op up and of a preview --refresh.
import type { Operation, OperationRun } from "./callsPerOperation";
import { requestsOf } from "./callsReport";
import type { Row } from "./report";

/**
 * PhoneTemplate on examples/mfa-sms (`templates` of them, each changed by the update): per template, create lists
 * the templates then POSTs (the listing is what finds a type customized already), update, read and delete one call
 * each; a no-op up makes none and a preview --refresh one GET per template.
 */
export function phoneTemplateCallRows(runs: readonly OperationRun[], templates: number): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  const floors: [Operation, number, string][] = [
    ["create", 2, "the listing + one POST"],
    ["update", 1, "one PATCH"],
    ["no-op up", 0, "none"],
    ["preview --refresh", 1, "one GET"],
    ["read (refresh)", 1, "one GET"],
    ["delete (destroy)", 1, "one DELETE"],
  ];
  return floors.map(([operation, perTemplate, goal]) => {
    const methods = requestsOf(byOperation.get(operation), "PhoneTemplate");
    const floor = perTemplate * templates;
    return {
      section: "2",
      measure: `Calls per operation, PhoneTemplate (examples/mfa-sms, ${templates} templates): ${operation}`,
      result: `${methods.length}${methods.length ? ` (${methods.join("+")})` : ""}`,
      goal: `floor ${floor}: ${perTemplate === 0 ? goal : `${goal} per template`}`,
      verdict: methods.length === floor ? "at the floor" : `${methods.length > floor ? "ABOVE" : "BELOW"} the floor`,
    };
  });
}
