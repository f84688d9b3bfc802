/**
 * Section 2 of the bench table: calls per operation of each resource against its floor (examples/basic and
 * examples/mfa-sms), and the resources' share of a no-op up, a preview and a preview --refresh.
 */
import type { Operation, OperationRun, ResourceName } from "./callsPerOperation";
import { engineLabel, type Row } from "./report";

const PER_RESOURCE: { resource: ResourceName; floor: Record<string, number>; floorNote?: string; why: Record<string, string> }[] = [
  {
    resource: "PushProviderSelection",
    floor: { create: 1, update: 1, "read (refresh)": 1, "delete (destroy)": 2 },
    floorNote:
      "delete GETs the selection and PUTs the previous one back: the API has no DELETE, and destroy decides from the tenant, " +
      "not the state, so a change made by hand is put back too",
    why: {
      create: "create also GETs the current selection, stored as previousProvider so destroy can put it back (the API has no DELETE)",
    },
  },
  { resource: "PhoneProvider", floor: { create: 1, update: 1, "read (refresh)": 1, "delete (destroy)": 1 }, why: {} },
  {
    resource: "EnrollmentTicket",
    // Tickets can be neither read nor revoked through the API: read returns the state, delete only forgets.
    floor: { create: 1, update: 1, "read (refresh)": 0, "delete (destroy)": 0 },
    floorNote: "update is a replace (one POST); no API reads or revokes a ticket",
    why: {},
  },
];

/**
 * The MFA resources (examples/mfa-sms): create reads the value destroy puts back, then writes. Destroy reads the
 * tenant and PUTs that value back only where the tenant differs from it, and the bench's second up sets each to the
 * fresh tenant's own value, so its destroy reads and has nothing to put back (the restoring PUT is tested in
 * test/resources/).
 */
const RESTORE_NOTE =
  "create's GET records the value destroy puts back; destroy GETs the tenant's and PUTs it back only where they differ " +
  "(the API has no DELETE; a change made by hand is put back too), and the second up here set each back to the fresh " +
  "tenant's value";
const MFA_RESOURCES: typeof PER_RESOURCE = (["MfaFactor", "MfaPolicy", "PhoneMessageTypes"] as const).map((resource) => ({
  resource,
  floor: { create: 2, update: 1, "read (refresh)": 1, "delete (destroy)": 1 },
  floorNote: RESTORE_NOTE,
  why: {},
}));
const CRUD = ["create", "update", "read (refresh)", "delete (destroy)"] as const;

export function requestsOf(run: OperationRun | undefined, resource: ResourceName): string[] {
  return run?.requests[resource] ?? [];
}

function perResourceRows(runs: readonly OperationRun[], resources: typeof PER_RESOURCE, example: string): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  return resources.map(({ resource, floor, floorNote, why }) => {
    const measured = CRUD.map((operation) => requestsOf(byOperation.get(operation), resource));
    const above = CRUD.filter((operation, index) => measured[index].length > floor[operation]);
    const below = CRUD.filter((operation, index) => measured[index].length < floor[operation]);
    const verdicts = above.map((operation) => `${operation} +${measured[CRUD.indexOf(operation)].length - floor[operation]}: ${why[operation] ?? "unexplained"}`);
    if (below.length > 0) verdicts.push(`below the floor on ${below.join(", ")}: the bench's floor is wrong or a call went missing`);
    return {
      section: "2",
      measure: `Calls per operation, ${resource}: create / update / read / delete (${example} through ${engineLabel()})`,
      result: measured.map((methods) => `${methods.length}${methods.length ? ` (${methods.join("+")})` : ""}`).join(" / "),
      goal: `floor ${CRUD.map((operation) => floor[operation]).join(" / ")}${floorNote ? ` (${floorNote})` : ""}`,
      verdict: verdicts.length === 0 ? "at the floor" : verdicts.join("; "),
    };
  });
}

export function callRows(runs: readonly OperationRun[]): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  const rows = perResourceRows(runs, PER_RESOURCE, "examples/basic");
  for (const operation of ["no-op up", "preview"] as const) {
    const run = byOperation.get(operation);
    const resourceCalls = PER_RESOURCE.reduce((sum, { resource }) => sum + requestsOf(run, resource).length, 0);
    const pages = requestsOf(run, "getEventStreams").length;
    rows.push({
      section: "2",
      measure: `Calls for a ${operation} of examples/basic`,
      result: `${resourceCalls} by resources; ${pages} GET /event-streams by the program's getEventStreams; steps: ${run?.steps.length ? run.steps.join(", ") : "none"}`,
      goal: "floor 0 by resources (+ ceil(streams/100) + 1 pages for the data function, which reads on every run: 1 on this empty tenant)",
      verdict: resourceCalls === 0 && pages <= 1 && (run?.unattributed.length ?? 0) === 0 ? "at the floor" : "ABOVE the floor",
    });
  }
  const maxTokens = Math.max(...runs.map((run) => run.maxTokensPerProcess));
  rows.push({
    section: "2",
    measure: "Token requests per process, over all six runs (create, update, no-op up, preview, refresh, destroy)",
    result: `at most ${maxTokens} per process; ${runs.map((run) => `${run.operation}: ${run.tokenRequests} token(s), ${run.apiCallers} of ${run.processes} processes called the API`).join("; ")}`,
    goal: "floor 1 per process that calls the API",
    verdict: maxTokens <= 1 ? "at the floor" : "ABOVE the floor",
  });
  return rows;
}

/** The MFA resources' calls per operation, and their share of a no-op up (0) and of preview --refresh (1 each). */
export function mfaCallRows(runs: readonly OperationRun[]): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  const rows = perResourceRows(runs, MFA_RESOURCES, "examples/mfa-sms");
  const shares: [operation: Operation, floor: number][] = [
    ["no-op up", 0],
    ["preview --refresh", 1],
  ];
  for (const [operation, floor] of shares) {
    const run = byOperation.get(operation);
    const counts = MFA_RESOURCES.map(({ resource }) => [resource, requestsOf(run, resource)] as const);
    const total = requestsOf(run, "PhoneProvider").length + counts.reduce((sum, [, methods]) => sum + methods.length, 0);
    const atFloor = counts.every(([, methods]) => methods.length === floor) && (run?.unattributed.length ?? 0) === 0;
    rows.push({
      section: "2",
      measure: `Calls for a ${operation} of examples/mfa-sms, by MFA resource`,
      result: `${counts.map(([resource, methods]) => `${resource} ${methods.length}${methods.length ? ` (${methods.join("+")})` : ""}`).join(", ")}; ${total} in all with the PhoneProvider; steps: ${run?.steps.length ? run.steps.join(", ") : "none"}`,
      goal: `floor ${floor} per resource${floor === 1 ? " (one read each; three MfaFactors would make three GETs of the list: nothing is shared)" : ""}`,
      verdict: atFloor ? "at the floor" : "ABOVE the floor",
    });
  }
  return rows;
}
