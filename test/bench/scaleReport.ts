/**
 * The figures of the scale scenario (scale.ts measures them) and the rows of the benchmark table they make. Goals are the issue's: at N = 1,000, 0 answers
 * 429 and API time ≤ 1.05× the rate limit's bound for both parallelisms; one token per run; a no-op `up` with
 * 0 API calls; every ticket minted exactly once.
 */
import type { Row } from "./report";
import type { ClientPacingRun } from "./clientPacing";
import { round } from "./stats";

export interface ScaleSettings {
  tickets: number;
  parallel: number;
  /** Requests per second the emulator's bucket allows. */
  rate: number;
}

export interface PhaseFigures {
  wallMs: number;
  apiRequests: number;
  answers429: number;
  tokenRequests: number;
}

export interface ScaleRun extends ScaleSettings {
  up: PhaseFigures & {
    /** First to last /api/v2 request arriving at the emulator. */
    apiMs: number;
    /** Accepted /api/v2 requests ÷ rate. */
    boundMs: number;
    /** Most /api/v2 requests that arrived within one epoch second (the rate when the budget is what paces). */
    busiestSecond: number;
    /** Highest peak RSS of a provider host process, MB. */
    hostPeakRssMb: number;
  };
  noopUp: PhaseFigures;
  previewRefresh: PhaseFigures;
  ticketsMinted: number;
  distinctTicketUsers: number;
  ticketsInState: number;
  phoneProviders: number;
}

export interface ScaleMatrix {
  runs: ScaleRun[];
  /** The client alone (no engine) with 1,000 creates at the same parallelisms: what the budget paces to. */
  clientAlone: ClientPacingRun[];
}

const MAX_BOUND_RATIO = 1.05;
/** Below this many tickets the run is too short for the time goal (the first and last second weigh too much). */
const TIME_GOAL_FROM = 1_000;

const seconds = (ms: number): string => `${round(ms / 1000, 1)} s`;

/** Why API time missed its goal, when the arrivals show it: no second reached the rate, so the budget never paced. */
function paceNote(busiest: number, rate: number): string {
  return busiest < rate ? ` (no second reached ${rate} requests, busiest ${busiest}: something before the client's budget set the pace)` : "";
}

export function scaleRows(matrix: ScaleMatrix): Row[] {
  return [...matrix.clientAlone.map(clientAloneRow), ...matrix.runs.flatMap(engineRows)];
}

function clientAloneRow(run: ClientPacingRun): Row {
  const ratio = run.apiMs / run.boundMs;
  const problems = [
    run.answers429 > 0 ? `${run.answers429} answers 429` : "",
    !(ratio <= MAX_BOUND_RATIO) ? `API time ${round(ratio, 2)}× the bound${paceNote(run.busiestSecond, run.rate)}` : "",
    run.tokenRequests > 1 ? `${run.tokenRequests} token requests` : "",
  ].filter((problem) => problem !== "");
  return {
    section: "7",
    measure: `scale, the client alone (no engine): ${run.requests} ticket creates, ${run.concurrency} in flight, ${run.rate} req/s`,
    result:
      `${seconds(run.wallMs)}; API time ${seconds(run.apiMs)} / bound ${seconds(run.boundMs)} = ${round(ratio, 2)}×; ` +
      `${run.answers429} answers 429; busiest second ${run.busiestSecond} requests; ${run.tokenRequests} token request(s)`,
    goal: `0 × 429, 1 token; API time ≤ ${MAX_BOUND_RATIO}× bound`,
    verdict: problems.length === 0 ? "met" : `MISSED: ${problems.join(", ")}`,
  };
}

function engineRows(run: ScaleRun): Row[] {
  const ratio = run.up.apiMs / run.up.boundMs;
  const intact = run.ticketsMinted === run.tickets && run.distinctTicketUsers === run.tickets && run.ticketsInState === run.tickets && run.phoneProviders === 1;
  const problems = [
    run.up.answers429 > 0 ? `${run.up.answers429} answers 429` : "",
    run.tickets >= TIME_GOAL_FROM && !(ratio <= MAX_BOUND_RATIO) ? `API time ${round(ratio, 2)}× the bound${paceNote(run.up.busiestSecond, run.rate)}` : "",
    run.up.tokenRequests > 1 ? `${run.up.tokenRequests} token requests` : "",
    intact ? "" : "tickets lost or duplicated",
  ].filter((problem) => problem !== "");
  const name = `${run.tickets} tickets + push + phone, --parallel=${run.parallel}, ${run.rate} req/s`;
  return [
    {
      section: "7",
      measure: `scale: up of ${name}`,
      result:
        `up ${seconds(run.up.wallMs)}; API time ${seconds(run.up.apiMs)} / bound ${seconds(run.up.boundMs)} = ${round(ratio, 2)}×; ` +
        `${run.up.answers429} answers 429 of ${run.up.apiRequests} API requests; busiest second ${round(run.up.busiestSecond)}; ${run.up.tokenRequests} token request(s); ` +
        `host peak RSS ${round(run.up.hostPeakRssMb)} MB; ` +
        `tickets minted ${run.ticketsMinted} (${run.distinctTicketUsers} distinct), in state ${run.ticketsInState}`,
      goal: `0 × 429, 1 token, nothing lost or duplicated${run.tickets >= TIME_GOAL_FROM ? `; API time ≤ ${MAX_BOUND_RATIO}× bound` : ""}`,
      verdict: problems.length === 0 ? "met" : `MISSED: ${problems.join(", ")}`,
    },
    {
      section: "7",
      measure: `scale: no-op up and preview --refresh of ${name}`,
      result:
        `no-op up ${seconds(run.noopUp.wallMs)}, ${run.noopUp.apiRequests} API calls, ${run.noopUp.tokenRequests} token requests; ` +
        `preview --refresh ${seconds(run.previewRefresh.wallMs)}, ${run.previewRefresh.apiRequests} API calls ` +
        `(${run.previewRefresh.answers429} answers 429), ${run.previewRefresh.tokenRequests} token request(s)`,
      goal: "no-op up: 0 API calls; preview --refresh: 2 (tickets are never read)",
      verdict: run.noopUp.apiRequests === 0 && run.previewRefresh.apiRequests <= 2 ? "at the floor" : "ABOVE the floor",
    },
  ];
}
