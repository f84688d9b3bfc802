// Randomized fault schedules: seeded schedules, each one kind of run (a fresh create, an update of the previous
// schedule's stack, or an `up --refresh`) with one to three faults on the endpoints that run reaches, sometimes with
// 3-second tokens. Each must converge, every failed `up` having spent at least one fault (so at most 1 + planned fault
// hits ups), leave no duplicate, and leave state and tenant matching; tickets the state never knew must be exactly the
// ones minted by ticket POSTs that failed after the service acted.
//
// Each run draws a new base seed (printed, and in the test's name) and runs DEFAULT_SCHEDULES schedules from it, so
// runs cover new schedules over time; `npm run test:schedules` runs 50. The fault matrix
// (faultMatrix.test.ts, tokenExpiry.test.ts, faultDelay.test.ts) is what covers every fault on every endpoint in
// every run; these schedules add combinations of faults, kinds of run and token lifetimes.
//
// Replay a run: RELIABILITY_SEED=<base seed> RELIABILITY_SCHEDULES=<count> npm run test:reliability -- randomSchedules
// Replay one schedule: RELIABILITY_SEED=<its seed> RELIABILITY_SCHEDULES=1 (a schedule that updates or refreshes
// then runs on a freshly created stack instead of the previous one).
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { SEEDED_STREAMS } from "./support/cells";
import { INITIAL_DESIRED } from "./support/convergence";
import { TICKET_PATH, faultHits } from "./support/endpoints";
import { LeakScanner } from "./support/leakScan";
import { BasicScenario, summarizeError } from "./support/scenario";
import { applyChange, describeFault, describeSchedule, makeSchedule, type Schedule } from "./support/schedules";
import { printTable } from "./support/table";

/** Schedules a run makes unless RELIABILITY_SCHEDULES says otherwise (`npm run test:schedules` asks for 50). */
const DEFAULT_SCHEDULES = 12;
/** A new base seed each run unless RELIABILITY_SEED gives one; schedule i uses the base seed + i. */
const BASE_SEED = process.env.RELIABILITY_SEED ? Number(process.env.RELIABILITY_SEED) : randomInt(1, 2 ** 31 - 10_000);
const SCHEDULES = Number(process.env.RELIABILITY_SCHEDULES ?? DEFAULT_SCHEDULES);
const SHORT_TOKEN_TTL_SECONDS = 3;

interface ScheduleResult {
  schedule: Schedule;
  injected: number;
  ups: number;
  duplicates: number;
  mismatches: number;
  orphanTickets: number;
  firstError: string;
  problems: string[];
}

/** One emulator per token lifetime, each with the stack the last schedule left converged (if any). */
interface Lane {
  emulator: Emulator;
  scenario?: BasicScenario;
}

describe("randomized fault schedules", () => {
  const scanner = new LeakScanner();
  const results: ScheduleResult[] = [];
  const lanes: Record<"long" | "short", Lane> = {} as Record<"long" | "short", Lane>;
  const scenarios: BasicScenario[] = [];

  beforeAll(async () => {
    console.log(
      `Randomized fault schedules: base seed ${BASE_SEED}, ${SCHEDULES} schedules. ` +
        `Replay: RELIABILITY_SEED=${BASE_SEED} RELIABILITY_SCHEDULES=${SCHEDULES} npm run test:reliability -- randomSchedules`,
    );
    lanes.long = { emulator: await startEmulator({ clients: [SENTINEL_CLIENT] }) };
    lanes.short = { emulator: await startEmulator({ clients: [SENTINEL_CLIENT], tokenTtlSeconds: SHORT_TOKEN_TTL_SECONDS }) };
  });

  afterAll(async () => {
    printTable(
      `Randomized fault schedules (base seed ${BASE_SEED}; schedule i uses seed ${BASE_SEED} + i)`,
      ["seed", "run", "faults planned", "injected", "ups", "duplicates", "mismatches", "orphan tickets", "first up's error"],
      results.map((result) => [
        result.schedule.seed,
        describeSchedule(result.schedule),
        result.schedule.faults.map(describeFault).join("; "),
        result.injected,
        result.ups,
        result.duplicates,
        result.mismatches,
        result.orphanTickets,
        result.firstError || "-",
      ]),
    );
    const sum = (pick: (result: ScheduleResult) => number): number => results.reduce((total, result) => total + pick(result), 0);
    console.log(
      `${results.length} schedules: ${sum((r) => r.injected)} faults injected, ${sum((r) => r.ups)} ups ` +
        `(max ${Math.max(0, ...results.map((r) => r.ups))}), ${sum((r) => r.duplicates)} duplicates, ` +
        `${sum((r) => r.mismatches)} state mismatches, ${sum((r) => r.orphanTickets)} orphan tickets`,
    );
    for (const scenario of scenarios) scenario.dispose();
    await Promise.all(Object.values(lanes).map((lane) => lane.emulator?.close()));
  });

  /** A fresh tenant and stack on the lane; `converged` runs a fault-free `up` first (for update/refresh). */
  async function freshScenario(lane: Lane, seed: number, converged: boolean): Promise<BasicScenario> {
    scanner.collectTickets(lane.emulator);
    lane.emulator.reset();
    lane.emulator.seedEventStreams(SEEDED_STREAMS);
    const scenario = new BasicScenario(lane.emulator, scanner, `seed ${seed}`, { ...INITIAL_DESIRED });
    scenarios.push(scenario);
    if (converged && !(await scenario.converge(1)).converged) throw new Error(`seed ${seed}: the fault-free setup up failed`);
    return scenario;
  }

  async function runSchedule(schedule: Schedule): Promise<ScheduleResult> {
    const lane = schedule.shortTokens ? lanes.short : lanes.long;
    const { emulator } = lane;
    const scenario = schedule.phase === "create" || !lane.scenario ? await freshScenario(lane, schedule.seed, schedule.phase !== "create") : lane.scenario;
    lane.scenario = undefined;
    if (schedule.phase === "update") scenario.desired = applyChange(scenario.desired, schedule.change);

    const since = emulator.requests.length;
    const orphansBefore = scenario.orphanTickets();
    for (const fault of schedule.faults) emulator.injectFault(fault);
    // A failed up must have spent a fault, so more ups than planned fault hits + 1 cannot be needed.
    const maxUps = 1 + schedule.faults.reduce((sum, fault) => sum + fault.count, 0);
    const convergence = await scenario.converge(maxUps, { refresh: schedule.phase === "refresh" });
    const injected = faultHits(emulator, since);
    emulator.clearFaults();
    const report = await scenario.check();
    // Each ticket POST the service handled before failing mints a ticket the state cannot know.
    const mintedThenFailed = emulator.requests
      .slice(since)
      .filter((entry) => entry.path === TICKET_PATH && entry.faulted?.endsWith("after handling")).length;
    const orphanTickets = scenario.orphanTickets() - orphansBefore;

    const problems: string[] = [];
    if (!convergence.converged) problems.push(`did not converge in ${maxUps} ups: ${convergence.errors.join(" | ")}`);
    if (convergence.ups - 1 > injected) problems.push(`${convergence.ups - 1} failed ups but only ${injected} faults hit`);
    if (report.duplicates !== 0) problems.push(`${report.duplicates} duplicate(s)`);
    problems.push(...report.mismatches);
    if (orphanTickets !== mintedThenFailed) problems.push(`${orphanTickets} orphan ticket(s), but ${mintedThenFailed} ticket POST(s) failed after handling`);
    problems.push(...convergence.unclear.map((reason) => `unclear error: ${reason}`));
    if (problems.length === 0) lane.scenario = scenario;
    return {
      schedule,
      injected,
      ups: convergence.ups,
      duplicates: report.duplicates,
      mismatches: report.mismatches.length,
      orphanTickets,
      firstError: convergence.errors[0] ? summarizeError(convergence.errors[0]) : "",
      problems,
    };
  }

  it(
    `${SCHEDULES} schedules from base seed ${BASE_SEED} converge without duplicates or state mismatches`,
    async () => {
      const failed: string[] = [];
      for (let index = 0; index < SCHEDULES; index++) {
        const schedule = makeSchedule(BASE_SEED + index);
        const result = await runSchedule(schedule);
        results.push(result);
        if (result.problems.length > 0) {
          failed.push(`seed ${schedule.seed} (${JSON.stringify(schedule)}): ${result.problems.join("; ")}`);
          console.log(`FAILED schedule, seed ${schedule.seed}: ${result.problems.join("; ")}`);
        }
      }
      expect(failed).toEqual([]);
      expect(results.reduce((total, result) => total + result.injected, 0)).toBeGreaterThan(SCHEDULES);
    },
    1_500_000,
  );

  it("leaves no secret in any state file, serialized provider, output or error message", () => {
    for (const lane of Object.values(lanes)) scanner.collectTickets(lane.emulator);
    expect(scanner.artifactCount).toBeGreaterThan(0);
    expect(scanner.report("Randomized schedules")).toEqual([]);
  });
});
