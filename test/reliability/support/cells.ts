/**
 * The fault matrix's unit: one fault kind on one endpoint, run through `up` until it converges, then
 * checked (tenant = program, one phone provider, state = tenant). A "chain" runs one kind across a list
 * of endpoints: create-phase cells on fresh stacks, then refresh and update cells on the last stack. A cell
 * may hold several endpoints of one kind of run: each gets the fault, all in the same runs.
 */
import type { Emulator, FaultSpec } from "../../../tools/emulator";
import type { Step } from "../../../tools/pulumi-cli/driver";
import { DEFAULT_CLIENT_OPTIONS } from "../../../provider/client/options";
import { INITIAL_DESIRED } from "./convergence";
import { TOKEN_PATH, statusCount, waitForFaultHits, type Endpoint } from "./endpoints";
import type { LeakScanner } from "./leakScan";
import { BasicScenario, summarizeError } from "./scenario";
import { printTable } from "./table";

/** The client's per-attempt wait for response headers; not configurable from a program (see README). */
export const CLIENT_HEADERS_TIMEOUT_MS = DEFAULT_CLIENT_OPTIONS.headersTimeoutMs;
/** Event streams on every fresh tenant, so the program's listing has something to return. */
export const SEEDED_STREAMS = 3;

export type FaultShape = Omit<FaultSpec, "method" | "path" | "count">;

export interface FaultKind {
  label: string;
  shape: FaultShape;
}

export interface CellResult {
  endpoint: string;
  fault: string;
  injected: number;
  expectedHits: number;
  ups: number;
  expectedUps: number;
  converged: boolean;
  duplicates: number;
  mismatches: string[];
  orphanTickets: number;
  expectedOrphans: number;
  expired401: number;
  /** 401s on any endpoint during the cell. */
  unauthorized: number;
  tokenRequests: number;
  firstError: string;
  unclear: string[];
}

function beyondTimeout(shape: FaultShape): boolean {
  return shape.kind === "delay" && (shape.delayMs ?? 0) > CLIENT_HEADERS_TIMEOUT_MS;
}

/** Whether the client cannot know if the request took effect (and so must not simply resend it). */
function leavesOutcomeUnknown(shape: FaultShape): boolean {
  return shape.kind === "500" || shape.kind === "502" || shape.kind === "503" || shape.kind === "drop" || beyondTimeout(shape);
}

/**
 * What the design promises per cell: everything is retried or reconciled within one `up`, except an
 * ambiguous ticket POST, which fails clearly (a retry would mint a second ticket) and the next `up` mints
 * one; the ambiguous POST leaves an orphan ticket when the service did handle it.
 */
export function expectationFor(target: Endpoint, shape: FaultShape): { ups: number; orphans: number } {
  if (target.key !== "postTicket" || !leavesOutcomeUnknown(shape)) return { ups: 1, orphans: 0 };
  return { ups: 2, orphans: shape.afterHandling === true || beyondTimeout(shape) ? 1 : 0 };
}

export function describeShape(shape: FaultShape): string {
  const parts: string[] = [shape.kind];
  if (shape.resetSeconds !== undefined) parts.push(`reset ${shape.resetSeconds}s`);
  if (shape.retryAfterSeconds !== undefined) parts.push(`Retry-After ${shape.retryAfterSeconds}s`);
  if (shape.delayMs !== undefined) parts.push(`${shape.delayMs} ms`);
  if (shape.afterHandling) parts.push("after handling");
  return parts.join(" ");
}

export interface ChainOptions {
  emulator: Emulator;
  scanner: LeakScanner;
  kind: FaultKind;
  /**
   * Create-phase endpoints first; refresh/update endpoints run on the last stack. A list of endpoints is one cell:
   * their faults in the same runs (of one phase, none with companions, each expected to need the same number of ups).
   */
  targets: readonly (Endpoint | readonly Endpoint[])[];
  /** Replaces the kind's fault for some endpoints (expected: one up, no orphan). */
  override?: (target: Endpoint) => { label: string; faults: FaultSpec[] } | undefined;
  timeoutMs?: number;
  /** How long to wait for requests the client gave up on to be handled. */
  lateRequestMs?: number;
  /** Changes the final `preview --refresh --expect-no-changes` may show (each is reported). */
  tolerateDrift?: (step: Step) => boolean;
}

export interface ChainOutcome {
  cells: CellResult[];
  /** Error of the final `preview --refresh --expect-no-changes`, if it found changes or failed. */
  noChangesError: string | undefined;
  /** Changes that preview showed and `tolerateDrift` accepted. */
  toleratedDrift: string[];
}

async function freshScenario(options: ChainOptions, label: string): Promise<BasicScenario> {
  const { emulator, scanner } = options;
  scanner.collectTickets(emulator);
  emulator.reset();
  emulator.seedEventStreams(SEEDED_STREAMS);
  return new BasicScenario(emulator, scanner, label, { ...INITIAL_DESIRED }, options.timeoutMs);
}

export async function runChain(options: ChainOptions): Promise<ChainOutcome> {
  const { emulator, kind } = options;
  const cells: CellResult[] = [];
  const scenarios: BasicScenario[] = [];
  let current: BasicScenario | undefined;
  try {
    for (const cellTargets of options.targets.map((target) => ("key" in target ? [target] : target))) {
      const target = cellTargets[0];
      const label = `${kind.label} @ ${cellTargets.map((each) => each.label).join(" + ")}`;
      if (cellTargets.length > 1) assertSharable(cellTargets, kind.shape, label);
      if (target.phase === "create" || !current) {
        current = await freshScenario(options, label);
        scenarios.push(current);
        // A refresh or update cell needs an existing stack: build it without faults.
        if (target.phase !== "create" && !(await current.converge(1)).converged) throw new Error(`${label}: setup up failed`);
      }
      const scenario = current;
      const override = cellTargets.length === 1 ? options.override?.(target) : undefined;
      const faults: FaultSpec[] = override
        ? override.faults
        : cellTargets.flatMap((each) => [...(each.companions ?? []), { ...kind.shape, method: each.method, path: each.path, count: 1 }]);
      const expectedHits = faults.reduce((sum, fault) => sum + fault.count, 0);
      const since = emulator.requests.length;
      const orphansBefore = scenario.orphanTickets();
      for (const fault of faults) emulator.injectFault(fault);
      if (target.phase === "update") scenario.desired = { ...scenario.desired, smsDisabled: !scenario.desired.smsDisabled };

      const convergence = await scenario.converge(3, { refresh: target.phase === "refresh" });
      const injected = await waitForFaultHits(emulator, since, expectedHits, options.lateRequestMs ?? 0);
      emulator.clearFaults();
      const report = await scenario.check();
      const perEndpoint = override ? { ups: 1, orphans: 0 } : expectationFor(target, kind.shape);
      const expected = { ups: perEndpoint.ups, orphans: perEndpoint.orphans * cellTargets.length };
      cells.push({
        endpoint: cellTargets.map((each) => each.label).join(" + "),
        fault: override?.label ?? kind.label,
        injected,
        expectedHits,
        ups: convergence.ups,
        expectedUps: expected.ups,
        converged: convergence.converged,
        duplicates: report.duplicates,
        mismatches: report.mismatches,
        orphanTickets: scenario.orphanTickets() - orphansBefore,
        expectedOrphans: expected.orphans,
        expired401: cellTargets.reduce((sum, each) => sum + statusCount(emulator, since, each, 401), 0),
        unauthorized: emulator.requests.slice(since).filter((entry) => entry.status === 401).length,
        tokenRequests: emulator.requests.slice(since).filter((entry) => entry.path === TOKEN_PATH).length,
        firstError: convergence.errors[0] ? summarizeError(convergence.errors[0]) : "",
        unclear: convergence.unclear,
      });
    }
    const final = current ? await current.expectNoChanges(options.tolerateDrift) : { tolerated: [] };
    return { cells, noChangesError: final.error, toleratedDrift: final.tolerated };
  } finally {
    options.scanner.collectTickets(emulator);
    for (const scenario of scenarios) scenario.dispose();
  }
}

/**
 * Endpoints whose faults may share runs: one phase, no companion faults (which would fault another endpoint), and the
 * same expectation (so the runs' count and orphans say the same of each).
 */
function assertSharable(targets: readonly Endpoint[], shape: FaultShape, label: string): void {
  const expectations = new Set(targets.map((target) => JSON.stringify(expectationFor(target, shape))));
  const phases = new Set(targets.map((target) => target.phase));
  if (phases.size > 1 || expectations.size > 1 || targets.some((target) => target.companions)) {
    throw new Error(`${label}: these endpoints cannot share runs (one phase, no companion faults, the same expected ups and orphans)`);
  }
}

/** Everything wrong with a cell, as readable lines (empty when the cell passed). */
export function cellProblems(cell: CellResult): string[] {
  const where = `${cell.fault} @ ${cell.endpoint}`;
  const problems: string[] = [];
  if (!cell.converged) problems.push(`${where}: did not converge in ${cell.ups} ups`);
  if (cell.injected !== cell.expectedHits) problems.push(`${where}: ${cell.injected} of ${cell.expectedHits} faults were hit`);
  if (cell.ups !== cell.expectedUps) problems.push(`${where}: needed ${cell.ups} ups, expected ${cell.expectedUps}`);
  if (cell.duplicates !== 0) problems.push(`${where}: ${cell.duplicates} duplicate(s)`);
  for (const mismatch of cell.mismatches) problems.push(`${where}: ${mismatch}`);
  if (cell.orphanTickets !== cell.expectedOrphans) problems.push(`${where}: ${cell.orphanTickets} orphan ticket(s), expected ${cell.expectedOrphans}`);
  for (const reason of cell.unclear) problems.push(`${where}: unclear error (${reason})`);
  return problems;
}

export function printCells(title: string, cells: readonly CellResult[]): void {
  printTable(
    title,
    ["endpoint", "fault", "injected", "ups", "duplicates", "mismatches", "orphan tickets", "401 expired", "token requests", "first up's error"],
    cells.map((cell) => [
      cell.endpoint,
      cell.fault,
      cell.injected,
      cell.converged ? cell.ups : `${cell.ups} (not converged)`,
      cell.duplicates,
      cell.mismatches.length,
      cell.orphanTickets,
      cell.expired401,
      cell.tokenRequests,
      cell.firstError || "-",
    ]),
  );
  const total = (pick: (cell: CellResult) => number): number => cells.reduce((sum, cell) => sum + pick(cell), 0);
  console.log(
    `${cells.length} cells: ${total((cell) => cell.injected)} faults injected, ${total((cell) => cell.ups)} ups, ` +
      `${total((cell) => cell.duplicates)} duplicates, ${total((cell) => cell.mismatches.length)} state mismatches, ` +
      `${total((cell) => cell.orphanTickets)} orphan tickets (ambiguous ticket POSTs, expected)`,
  );
}
