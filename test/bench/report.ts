/**
 * Turns each benchmark's measurements into rows of the one Markdown table `npm run bench` prints. Goals and floors
 * are the issue's (stated here once); every figure comes from the run. Explanations are given only for rows
 * that miss or sit above the floor.
 */
import * as os from "node:os";
import type { OperationRun, ResourceName } from "./callsPerOperation";
import type { ColdStartSummary } from "./coldStart";
import type { GetEventStreamsRun } from "./getEventStreams";
import type { LoadProfile } from "./loadProfile";
import type { ManyResourcesRun } from "./manyResources";
import { shortReason, type SerializedSizes } from "./serializedSize";
import type { Serialized } from "./serialization";
import { median, round, spread } from "./stats";
import type { ThroughputRun } from "./throughput";

export interface Row {
  section: string;
  measure: string;
  result: string;
  goal: string;
  verdict: string;
}

const GOALS = {
  rawRatio: 0.85,
  serializedBytes: 4096,
  addedMs: 150,
  addedRssMb: 25,
  listRequests: 101,
  listMs: 1_500,
};

const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function markdownTable(rows: readonly Row[]): string {
  const lines = ["| # | Measure | Result | Goal / floor | Verdict |", "|---|---|---|---|---|"];
  for (const row of rows) lines.push(`| ${[row.section, row.measure, row.result, row.goal, row.verdict].map(cell).join(" | ")} |`);
  return lines.join("\n");
}

export function machineLine(startLoad: number[], date: Date): string {
  const cpus = os.cpus();
  const load = (values: number[]): string => values.map((value) => value.toFixed(2)).join(" / ");
  return (
    `pulumi-tenant benchmarks, ${date.toISOString()}: ${cpus.length} cores, ${cpus[0]?.model.trim() ?? "unknown CPU"}, ` +
    `Node ${process.version}, ${os.platform()} ${os.release()}; load average (1/5/15 min) ${load(startLoad)} at start, ` +
    `${load(os.loadavg())} at the end. Medians of several runs; compare rows within this run only.`
  );
}

// 1. Throughput -------------------------------------------------------------------------------------------------

export function throughputRows(run: ThroughputRun): Row[] {
  const { concurrency, rounds, secondsPerRound } = run.settings;
  return run.routes.map((route) => {
    const toRaw = route.perSecond.client / route.perSecond.raw;
    const toSdk = route.perSecond.client / route.perSecond.sdk;
    const misses: string[] = [];
    if (toRaw < GOALS.rawRatio) {
      const extraCpu = route.cpuMicrosPerCall.client - route.cpuMicrosPerCall.raw;
      misses.push(`below ${GOALS.rawRatio}× raw: the client spends ${round(extraCpu)} µs more CPU per call than raw undici here`);
    }
    if (toSdk <= 1) misses.push("not ahead of the SDK");
    const figures = (["client", "raw", "sdk"] as const)
      .map((who) => `${{ client: "this client", raw: "raw undici.request", sdk: `SDK auth0 ${run.sdkVersion}` }[who]} ${round(route.perSecond[who])} req/s (${round(route.cpuMicrosPerCall[who])} µs CPU/call, rounds ${spread(route.rounds[who])})`)
      .join("; ");
    return {
      section: "1",
      measure: `Throughput over https, ${route.route}; ${concurrency} in flight, median of ${rounds} × ${secondsPerRound} s per contender`,
      result: figures,
      goal: `≥ ${GOALS.rawRatio}× raw undici; ahead of the SDK`,
      verdict: `${round(toRaw, 2)}× raw, ${round(toSdk, 2)}× SDK: ${misses.length === 0 ? "meets both" : `MISSES (${misses.join("; ")})`}`,
    };
  });
}

// 2. Calls per operation ------------------------------------------------------------------------------------------

const PER_RESOURCE: { resource: ResourceName; floor: Record<string, number>; floorNote?: string; why: Record<string, string> }[] = [
  {
    resource: "PushProviderSelection",
    floor: { create: 1, update: 1, "read (refresh)": 1, "delete (destroy)": 1 },
    floorNote: "delete is a PUT of the previous selection: the API has no DELETE",
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
const CRUD = ["create", "update", "read (refresh)", "delete (destroy)"] as const;

export function requestsOf(run: OperationRun | undefined, resource: ResourceName): string[] {
  return run?.requests[resource] ?? [];
}

export function callRows(runs: readonly OperationRun[]): Row[] {
  const byOperation = new Map(runs.map((run) => [run.operation, run]));
  const rows: Row[] = PER_RESOURCE.map(({ resource, floor, floorNote, why }) => {
    const measured = CRUD.map((operation) => requestsOf(byOperation.get(operation), resource));
    const above = CRUD.filter((operation, index) => measured[index].length > floor[operation]);
    const below = CRUD.filter((operation, index) => measured[index].length < floor[operation]);
    const verdicts = above.map((operation) => `${operation} +${measured[CRUD.indexOf(operation)].length - floor[operation]}: ${why[operation] ?? "unexplained"}`);
    if (below.length > 0) verdicts.push(`below the floor on ${below.join(", ")}: the bench's floor is wrong or a call went missing`);
    return {
      section: "2",
      measure: `Calls per operation, ${resource}: create / update / read / delete (examples/basic through the engine stand-in)`,
      result: measured.map((methods) => `${methods.length}${methods.length ? ` (${methods.join("+")})` : ""}`).join(" / "),
      goal: `floor ${CRUD.map((operation) => floor[operation]).join(" / ")}${floorNote ? ` (${floorNote})` : ""}`,
      verdict: verdicts.length === 0 ? "at the floor" : verdicts.join("; "),
    };
  });
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

// 3. Serialized size ------------------------------------------------------------------------------------------------

function naiveSummary(serialized: Serialized): string {
  if (serialized.error) return `cannot be serialized (${shortReason(serialized.error)})`;
  const problems = [
    serialized.secretInText ? "the client secret in plain text" : "",
    serialized.secretInText && !serialized.containsSecrets ? "not marked secret" : "",
    serialized.unresolvable?.length ? `${serialized.unresolvable.length} require(s) that do not resolve` : "",
  ].filter(Boolean);
  return `${serialized.bytes} B${problems.length ? `, with ${problems.join(", ")}` : ""}`;
}

export function sizeRows(sizes: SerializedSizes): Row[] {
  const rows: Row[] = sizes.resources.map((entry) => {
    const shim = entry.shim;
    const sameText = shim.text === entry.shimInstalled.text;
    const requires = shim.requires?.map((call) => call.replace(/^require\("pulumi-tenant\/dist\//, "…/").replace(/"\)$/, "")).join(", ");
    const meets = (shim.bytes ?? Infinity) < GOALS.serializedBytes && !shim.containsSecrets && sameText;
    return {
      section: "3",
      measure: `Serialized provider (__provider in state), ${entry.resource}, from dist/`,
      result:
        `shim ${shim.bytes} B, secret: ${shim.containsSecrets ? "yes" : "no"}, requires only ${requires}; same text from an installed copy: ${sameText ? "yes" : "NO"}. ` +
        `Naive provider capturing the client — a client instance: repo ${naiveSummary(entry.naiveInstanceRepo)}, installed ${naiveSummary(entry.naiveInstanceInstalled)}; ` +
        `the client module + settings: repo ${naiveSummary(entry.naiveModuleRepo)}, installed ${naiveSummary(entry.naiveModuleInstalled)}`,
      goal: `< ${GOALS.serializedBytes} B, no secret`,
      verdict: meets ? "meets" : "MISSES",
    };
  });
  rows.push({
    section: "3",
    measure: "Serialization time in the program (SDK serializeFunction, once per provider object)",
    result: `first ${round(sizes.firstSerializationMs)} ms (the SDK loads TypeScript to parse function text), next ones ≤ ${round(sizes.laterSerializationMs)} ms`,
    goal: "—",
    verdict: "context for 6 (part of the time before the first API call)",
  });
  return rows;
}

// 4. Cold start -------------------------------------------------------------------------------------------------------

export function coldStartRows(summary: ColdStartSummary, rounds: number, profile: LoadProfile): Row[] {
  const timeMeets = summary.addedMs <= GOALS.addedMs;
  const rssMeets = summary.addedRssMb <= GOALS.addedRssMb;
  return [
    {
      section: "4",
      measure: `Bare dynamic-provider host (the user's @pulumi/pulumi): spawn → port line; median of ${rounds}`,
      result: `${round(summary.barePortMs)} ms, peak RSS ${round(summary.bareRssMb, 1)} MB`,
      goal: "baseline",
      verdict: "—",
    },
    {
      section: "4",
      measure: "Host's own cost of Configure → Check → Create (a provider that loads and calls nothing)",
      result: `port → Create answered ${round(summary.nullAfterPortMs)} ms, peak RSS ${round(summary.nullRssMb, 1)} MB`,
      goal: "context",
      verdict: "—",
    },
    {
      section: "4",
      measure: "pulumi-tenant PushProviderSelection: port line → Configure → Check → first Create answered (same host)",
      result:
        `${round(summary.addedMs)} ms over the bare host (Check ${round(summary.tenantCheckMs)} ms incl. loading the handler; Create ` +
        `${round(summary.tenantCreateCallMs)} ms incl. undici, token, GET and PUT — ${round(summary.tenantApiRequests)} requests, ` +
        `${round(summary.tenantApiServerMs, 1)} ms of it in the emulator); ${round(summary.addedOverNullMs)} ms over the null provider`,
      goal: `≤ ${GOALS.addedMs} ms over the bare host`,
      verdict: timeMeets
        ? "meets"
        : `MISSES by ${round(summary.addedMs - GOALS.addedMs)} ms: loading the handler code (zod inside, ${round(profile.handlerMs)} ms) ` +
          `and undici (${round(profile.undiciMs)} ms) take ${round(profile.handlerMs + profile.undiciMs)} ms of it here`,
    },
    {
      section: "4",
      measure: "pulumi-tenant host: peak RSS (VmHWM) after the first Create",
      result: `${round(summary.tenantRssMb, 1)} MB = +${round(summary.addedRssMb, 1)} MB over the bare host (+${round(summary.addedOverNullRssMb, 1)} MB over the null provider)`,
      goal: `≤ ${GOALS.addedRssMb} MB over the bare host`,
      verdict: rssMeets ? "meets" : `MISSES by ${round(summary.addedRssMb - GOALS.addedRssMb, 1)} MB`,
    },
    {
      section: "4",
      measure: "What the host loads for us (require profile, @pulumi/pulumi preloaded; self time per package, median of 3 processes)",
      result:
        `handler (all Check/Diff need; zod comes inside dist/vendor.js, so zod shows ${round(profile.handlerZodMs)} ms on its own): ` +
        `${round(profile.handlerMs)} ms in ${round(profile.handlerOwnFiles)} of our files, +${round(profile.handlerRssMb, 1)} MB RSS; undici (from the same bundle), loaded lazily with the first request: ` +
        `${round(profile.undiciMs)} ms, +${round(profile.undiciRssMb, 1)} MB`,
      goal: "lazy loading, no work at import time",
      verdict: "previews and no-op updates (Check/Diff only) no longer load undici",
    },
  ];
}

// 5. getEventStreams --------------------------------------------------------------------------------------------------

export function eventStreamRows(runs: readonly GetEventStreamsRun[]): Row[] {
  const cold = {
    requests: Math.max(...runs.map((run) => run.requests)),
    tokens: Math.max(...runs.map((run) => run.tokenRequests)),
    wallMs: median(runs.map((run) => run.wallMs)),
    heap: median(runs.map((run) => run.peakHeapGrowthMb)),
    rss: median(runs.map((run) => run.peakRssGrowthMb)),
  };
  const warm = {
    requests: Math.max(...runs.map((run) => run.warm.requests)),
    wallMs: median(runs.map((run) => run.warm.wallMs)),
    heap: median(runs.map((run) => run.warm.peakHeapGrowthMb)),
    rss: median(runs.map((run) => run.warm.peakRssGrowthMb)),
  };
  const streams = runs[0]?.streams ?? 0;
  const timeVerdict = (ms: number): string => (ms < GOALS.listMs ? "meets" : `MISSES by ${round(ms - GOALS.listMs)} ms`);
  return [
    {
      section: "5",
      measure: `getEventStreams over ${streams} streams: requests`,
      result: `${cold.requests} list requests + ${cold.tokens} token (cold), ${warm.requests} (warm, token cached)`,
      goal: `≤ ${GOALS.listRequests} (100 pages + the empty last page)`,
      verdict: cold.requests <= GOALS.listRequests && warm.requests <= GOALS.listRequests ? "meets" : "MISSES",
    },
    {
      section: "5",
      measure: `getEventStreams over ${streams} streams: wall time and peak memory, median of ${runs.length} fresh processes`,
      result:
        `cold (first call in a process: client, undici, token, connection) ${round(cold.wallMs)} ms, heap +${round(cold.heap, 1)} MB, RSS +${round(cold.rss, 1)} MB; ` +
        `warm ${round(warm.wallMs)} ms, heap +${round(warm.heap, 1)} MB, RSS +${round(warm.rss, 1)} MB`,
      goal: `< ${GOALS.listMs} ms`,
      verdict: `cold ${timeVerdict(cold.wallMs)}; warm ${timeVerdict(warm.wallMs)}`,
    },
  ];
}

// 6. Many resources -----------------------------------------------------------------------------------------------

export function manyResourceRows(runs: readonly ManyResourcesRun[]): Row[] {
  const count = runs[0]?.resources ?? 0;
  const at = (pick: (run: ManyResourcesRun) => number): number => median(runs.map(pick));
  const maxApi = Math.max(...runs.map((run) => run.apiRequests));
  const maxTokens = Math.max(...runs.map((run) => run.tokenRequests));
  const creates = Math.min(...runs.map((run) => run.creates));
  // One request per create, plus the push selection's read of the current selection (section 2 explains it).
  const atFloor = runs.every((run) => run.apiRequests === run.creates + 1 && run.tokenRequests === run.apiCallers && run.maxTokensPerProcess === 1);
  return [
    {
      section: "6",
      measure: `up of ${count} tickets + a push selection + a phone provider through the engine stand-in, empty stack: API calls, ${runs.length} runs`,
      result: `${maxApi} API requests for ${creates} creates; ${maxTokens} token request(s), ${at((run) => run.apiCallers)} process(es) called the API`,
      goal: `floor: ${count + 2} (one per change) + 1 (the push selection's create reads the current one) + 1 token per process`,
      verdict: atFloor ? "exactly the floor" : "ABOVE the floor",
    },
    {
      section: "6",
      measure: `up of ${count} tickets + 2: wall time split (medians)`,
      result:
        `${round(at((run) => run.wallMs))} ms = program start ${round(at((run) => run.programStartMs))} + to the host's first Check ` +
        `${round(at((run) => run.toFirstCheckMs))} + to the first API call ${round(at((run) => run.toFirstCallMs))} + API ${round(at((run) => run.apiMs))} (emulator busy ${round(at((run) => run.apiServerMs))}) + finish ` +
        `${round(at((run) => run.finishMs))}; the host starts in parallel with the program: spawn → port ${round(at((run) => run.hostStartMs))} ms`,
      goal: "—",
      verdict: "—",
    },
  ];
}
