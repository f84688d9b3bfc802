/**
 * Turns each benchmark's measurements into rows of the one Markdown table `npm run bench` prints. Goals and floors
 * are the issue's (stated here once); every figure comes from the run. Explanations are given only for rows
 * that miss or sit above the floor.
 */
import { readPins } from "../../tools/pulumi-cli/build";
import * as os from "node:os";
import type { ColdStartSummary } from "./coldStart";
import type { GetEventStreamsRun } from "./getEventStreams";
import type { LoadProfile, TypeLoad } from "./loadProfile";
import type { ManyResourcesRun } from "./manyResources";
import { providerText } from "../../provider/resources/common/providerText";
import type { ProgramCostSample, TypeCost } from "./programCost";
import { median, round, spread } from "./stats";

/** What runs the programs of a bench row. */
export function engineLabel(): string {
  return `the Pulumi CLI ${readPins().pulumi}`;
}

export interface Row {
  section: string;
  measure: string;
  result: string;
  goal: string;
  verdict: string;
}

const GOALS = {
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

// 1. Throughput: throughputRows in throughput.ts.

// 2. Calls per operation: callsReport.ts (run.ts imports it from there).


// 3. What state stores, and what the program spends --------------------------------------------------------------

/** Rows of section 3, from fresh program processes under mocks (programCost.ts). */
export function storedTextRows(samples: readonly ProgramCostSample[]): Row[] {
  const types = samples[0]?.types ?? [];
  const constant = types.every((type) => type.providerText === providerText(type.module));
  const sameEverywhere = samples.every((sample) => sample.types.every((type, index) => type.providerText === types[index]?.providerText));
  const small = types.every((type) => type.bytes < GOALS.serializedBytes);
  const bytes = types.map((type) => type.bytes);
  const at = (pick: (sample: ProgramCostSample) => number): number => median(samples.map(pick));
  const perType = (pick: (type: TypeCost) => number): number[] => types.map((_type, index) => median(samples.map((sample) => pick(sample.types[index]))));
  const ours = Math.max(...samples.map((sample) => sample.serializeCallsOurs));
  const controlCalls = Math.min(...samples.map((sample) => sample.control.serializeCalls));
  return [
    {
      section: "3",
      measure: `Stored provider text (__provider in state) of each registered type, as its class registers it (mocks, installed copy, ${samples.length} processes)`,
      result:
        `${types.map((type) => `${type.name} ${type.bytes} B`).join(", ")} (${types.length} types, ${Math.min(...bytes)}–${Math.max(...bytes)} B); ` +
        `each the constant text of its type, requiring only …/resources/<module>/handler: ${constant ? "yes" : "NO"}; the same in every process: ${sameEverywhere ? "yes" : "NO"}`,
      goal: `< ${GOALS.serializedBytes} B, a constant: nothing of the program in it`,
      verdict: constant && sameEverywhere && small ? "meets" : "MISSES",
    },
    {
      section: "3",
      measure: `What a program spends on the package before its resources register (fresh process, mocks; median of ${samples.length})`,
      result:
        `require("pulumi-tenant") ${round(at((sample) => sample.requireMs))} ms (CPU ${round(at((sample) => sample.requireCpuMs))} ms); ` +
        `a constructor ${spread(perType((type) => type.constructMs), 1)} ms, then ${spread(perType((type) => type.toRegistrationMs))} ms to its registration; ` +
        `serializeFunction: ${ours} call(s). Control, a pulumi.dynamic.Resource in the same process: ${controlCalls} call(s), ` +
        `${round(at((sample) => sample.control.serializeMs))} ms in it, ${round(at((sample) => sample.control.toRegistrationMs))} ms to its registration`,
      goal: "nothing serialized",
      verdict:
        ours > 0 ? "SERIALIZES" : controlCalls > 0 ? "nothing serialized (the control's call shows the probe sees one)" : "cannot tell: the probe missed the control's serialization",
    },
  ];
}

// 4. Cold start -------------------------------------------------------------------------------------------------------

export function coldStartRows(summary: ColdStartSummary, rounds: number, profile: LoadProfile, perType: readonly TypeLoad[] = []): Row[] {
  const timeMeets = summary.addedMs <= GOALS.addedMs;
  const rssMeets = summary.addedRssMb <= GOALS.addedRssMb;
  return [
    {
      section: "4",
      measure: `Bare dynamic-provider host (the user's @pulumi/pulumi), started as the CLI starts it (its launcher): spawn → port line; median of ${rounds}`,
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
      measure: "pulumi-tenant PushProviderSelection (today's short provider text): port line → Configure → Check → first Create answered (same host)",
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
        `handler (all Check/Diff need; zod is dist/vendor.js, so zod shows ${round(profile.handlerZodMs)} ms on its own): ` +
        `${round(profile.handlerMs)} ms in ${round(profile.handlerOwnFiles)} of our files, +${round(profile.handlerRssMb, 1)} MB RSS; undici (dist/vendorUndici.js), loaded lazily with the first request: ` +
        `${round(profile.undiciMs)} ms, +${round(profile.undiciRssMb, 1)} MB`,
      goal: "lazy loading, no work at import time",
      verdict: "previews and no-op updates (Check/Diff only) load no client request code and do not parse undici (dist/vendorUndici.js)",
    },
    ...perType.map((load) => ({
      section: "4",
      measure: `Handler load of ${load.module} alone (a host's first Check of that type; require profile, median of 3 processes)`,
      result: `${round(load.handlerMs)} ms, ${round(load.files)} of our files (zod from dist/vendor.js included; no undici)`,
      goal: "context",
      verdict: "—",
    })),
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
      measure: `up of ${count} tickets + a push selection + a phone provider through ${engineLabel()}, empty stack: API calls, ${runs.length} runs`,
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
