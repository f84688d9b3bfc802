// Benchmark: getEventStreams over 10,000 event streams (every destination type) on the local emulator (loopback
// HTTP). Prints list requests, wall time and peak memory per run. Goal: at most 101 list requests (the floor:
// 100 pages of 100, then the empty page the service sends after the last stream) and under 1.5 s.
//
//   npx tsx test/bench/getEventStreams.ts [streams] [runs]     (needs `npm run build`)
//
// The emulator runs in a process of its own, and each run is a fresh plain-node process that loads the built
// package and calls getEventStreams() twice (fixtures/listEventStreams.js): cold, like a program's only call
// (the client, undici, the token and the connection come first), then warm. Memory figures are each call's own
// (growth over that process's baseline, sampled every 10 ms).
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { SEED_DESTINATIONS } from "../../tools/emulator";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { EMULATOR_CLIENT, startEmulatorProcess } from "./emulatorProcess";

const run = promisify(execFile);
const LISTER = path.join(__dirname, "fixtures", "listEventStreams.js");
const GOAL_REQUESTS = 101;
const GOAL_MS = 1_500;

export interface GetEventStreamsCall {
  streams: number;
  requests: number;
  tokenRequests: number;
  wallMs: number;
  peakHeapGrowthMb: number;
  peakRssGrowthMb: number;
}

export interface GetEventStreamsRun extends GetEventStreamsCall {
  /** The second call in the same process. */
  warm: GetEventStreamsCall;
}

export async function benchGetEventStreams(streams = 10_000, runs = 3): Promise<GetEventStreamsRun[]> {
  const emulator = await startEmulatorProcess();
  try {
    await emulator.seedEventStreams(streams, SEED_DESTINATIONS);
    const results: GetEventStreamsRun[] = [];
    for (let index = 0; index < runs; index++) {
      const { stdout } = await run(process.execPath, [LISTER, REPO_ROOT], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_NO_WARNINGS: "1",
          TENANT_DOMAIN: emulator.url,
          TENANT_CLIENT_ID: EMULATOR_CLIENT.id,
          TENANT_CLIENT_SECRET: EMULATOR_CLIENT.secret,
          TENANT_API_TOKEN: "",
          TENANT_AUDIENCE: "",
        },
        timeout: 60_000,
      });
      const { cold, warm } = JSON.parse(stdout) as { cold: GetEventStreamsCall; warm: GetEventStreamsCall };
      for (const call of [cold, warm]) {
        if (call.streams !== streams) throw new Error(`expected ${streams} streams, got ${call.streams}`);
      }
      results.push({ ...cold, warm });
    }
    return results;
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const streams = Number(process.argv[2] ?? 10_000);
  const runs = Number(process.argv[3] ?? 3);
  console.log(`getEventStreams: ${streams} streams, ${runs} runs, each a fresh process (token request included)`);
  const results = await benchGetEventStreams(streams, runs);
  for (const [index, result] of results.entries()) {
    for (const [label, call] of [["cold", result], ["warm", result.warm]] as const) {
      const meets = call.requests <= GOAL_REQUESTS && call.wallMs < GOAL_MS ? "ok" : "MISSES GOAL";
      console.log(
        `  run ${index + 1} ${label}: ${call.requests} list requests + ${call.tokenRequests} token, ${call.wallMs.toFixed(0)} ms, ` +
          `peak heap +${call.peakHeapGrowthMb.toFixed(1)} MB, peak rss +${call.peakRssGrowthMb.toFixed(1)} MB  [${meets}: ` +
          `≤ ${GOAL_REQUESTS} list requests, < ${GOAL_MS} ms]`,
      );
    }
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
