// Benchmark: getEventStreams over 10,000 event streams on the local emulator (loopback HTTP).
// Prints list requests, wall time and peak memory per run. Goal: at most 101 requests and under 1.5 s.
//
//   npx tsx bench/getEventStreams.ts [streams] [runs]
//
// The emulator runs in this process, so memory figures are growth over the seeded baseline: what the
// listing itself allocates (pages in flight plus the result), sampled every 10 ms.
import { getEventStreams } from "../../provider/functions/getEventStreams";
import { DEFAULT_CLIENT, startEmulator } from "../emulator";

const LIST_PATH = "/api/v2/event-streams";
const GOAL_REQUESTS = 101;
const GOAL_MS = 1_500;

export interface GetEventStreamsRun {
  streams: number;
  requests: number;
  tokenRequests: number;
  wallMs: number;
  peakHeapGrowthMb: number;
  peakRssGrowthMb: number;
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Samples heap and RSS while `work` runs; the listing yields on every response, so samples interleave. */
async function withMemoryPeak<T>(work: () => Promise<T>): Promise<{ result: T; heap: number; rss: number }> {
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sample = (): void => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    return { result, heap: heap - before.heapUsed, rss: rss - before.rss };
  } finally {
    clearInterval(timer);
  }
}

export async function benchGetEventStreams(streams = 10_000, runs = 3): Promise<GetEventStreamsRun[]> {
  const emulator = await startEmulator();
  const saved = { ...process.env };
  Object.assign(process.env, {
    TENANT_DOMAIN: emulator.url,
    TENANT_CLIENT_ID: DEFAULT_CLIENT.id,
    TENANT_CLIENT_SECRET: DEFAULT_CLIENT.secret,
    TENANT_API_TOKEN: "",
    TENANT_AUDIENCE: "",
  });
  try {
    emulator.seedEventStreams(streams);
    const results: GetEventStreamsRun[] = [];
    for (let run = 0; run < runs; run++) {
      const requestsBefore = emulator.count("GET", LIST_PATH);
      const tokensBefore = emulator.tokenRequests();
      const started = performance.now();
      const { result, heap, rss } = await withMemoryPeak(() => getEventStreams());
      const wallMs = Math.round(performance.now() - started);
      if (result.eventStreams.length !== streams) {
        throw new Error(`expected ${streams} streams, got ${result.eventStreams.length}`);
      }
      results.push({
        streams,
        requests: emulator.count("GET", LIST_PATH) - requestsBefore,
        tokenRequests: emulator.tokenRequests() - tokensBefore,
        wallMs,
        peakHeapGrowthMb: mb(heap),
        peakRssGrowthMb: mb(rss),
      });
    }
    return results;
  } finally {
    process.env = saved;
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const streams = Number(process.argv[2] ?? 10_000);
  const runs = Number(process.argv[3] ?? 3);
  console.log(`getEventStreams: ${streams} streams, ${runs} runs (first run includes the token request)`);
  const results = await benchGetEventStreams(streams, runs);
  for (const [index, run] of results.entries()) {
    const meets = run.requests <= GOAL_REQUESTS && run.wallMs < GOAL_MS ? "ok" : "MISSES GOAL";
    console.log(
      `  run ${index + 1}: ${run.requests} list requests + ${run.tokenRequests} token, ${run.wallMs} ms, ` +
        `peak heap +${run.peakHeapGrowthMb} MB, peak rss +${run.peakRssGrowthMb} MB  [${meets}: ` +
        `≤ ${GOAL_REQUESTS} requests, < ${GOAL_MS} ms]`,
    );
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
