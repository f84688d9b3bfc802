/**
 * Benchmark: `up` of many resources (test/support/fixtures/manyTickets: N enrollment tickets, one POST each, plus a push
 * selection and a phone provider) through the Pulumi CLI, from an empty stack. Counts API calls against the floor (one per change, one token per process) and
 * splits the wall time along the critical path with timestamps from the processes (preload) and the emulator log:
 *
 *   program start   run start → the program's own code runs (node, @pulumi/pulumi, ts-node, pulumi-tenant)
 *   to first Check  → the host loads our handler for the first Check (the SDK serializes the provider, the program
 *                     registers resources, the engine steps them; waits for the host if it is not up yet)
 *   to first call   → the first API request (handler load, Check, Create: undici, the token request)
 *   API             first API request → last API response
 *   finish          → the run returns (program exit, stack outputs, hosts stopped, state saved)
 *
 * The provider host starts in parallel with the program (the engine starts it when the program registers its provider), so its
 * own start (spawn → port) is reported beside the split, not in it.
 *
 *   npx tsx test/bench/manyResources.ts [count] [runs]     (needs `npm run build`)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../tools/emulator";
import { manyTicketsEngine } from "../support/manyTickets";
import { TimingRecorder, TOKEN_PATH, processTimelines, tokensPerProcess } from "./processTimings";
import { median } from "./stats";

const CLIENT = { id: "bench-many", secret: "bench-many-secret" };

export interface ManyResourcesRun {
  resources: number;
  creates: number;
  apiRequests: number;
  tokenRequests: number;
  apiCallers: number;
  maxTokensPerProcess: number;
  wallMs: number;
  programStartMs: number;
  toFirstCheckMs: number;
  toFirstCallMs: number;
  apiMs: number;
  finishMs: number;
  /** Server-side time the emulator spent on the run's requests, summed. */
  apiServerMs: number;
  hostStartMs: number;
  hosts: number;
}

async function oneRun(count: number, stateDir: string): Promise<ManyResourcesRun> {
  const emulator = await startEmulator({ clients: [CLIENT] });
  const recorder = new TimingRecorder();
  try {
    const engine = manyTicketsEngine({ emulator, client: CLIENT, tickets: count, stack: "bench", stateDir, env: recorder.env(), timeoutMs: 300_000 });
    const runStart = Date.now();
    const started = performance.now();
    const result = await engine.up();
    const wallMs = performance.now() - started;

    const timelines = processTimelines(recorder.take());
    const program = timelines.find((timeline) => timeline.role === "program");
    const hosts = timelines.filter((timeline) => timeline.role === "host");
    const api = emulator.requests.filter((entry) => entry.path !== TOKEN_PATH);
    const firstCheck = Math.min(...hosts.map((host) => host.handlerAt ?? Number.POSITIVE_INFINITY));
    if (!program?.mainAt || !Number.isFinite(firstCheck) || api.length === 0) {
      throw new Error(`incomplete timings: program ${JSON.stringify(program)}, ${hosts.length} hosts, ${api.length} API requests`);
    }
    const firstCall = Math.min(...emulator.requests.map((entry) => entry.startedAt));
    const lastAnswer = Math.max(...emulator.requests.map((entry) => entry.startedAt + entry.durationMs));
    const tokens = tokensPerProcess(timelines);
    return {
      resources: count,
      creates: result.steps.filter((step) => step.op === "create" && !step.type.startsWith("pulumi:providers:")).length,
      apiRequests: api.length,
      tokenRequests: emulator.tokenRequests(),
      apiCallers: tokens.callers,
      maxTokensPerProcess: tokens.maxTokens,
      wallMs,
      programStartMs: program.mainAt - runStart,
      toFirstCheckMs: firstCheck - program.mainAt,
      toFirstCallMs: firstCall - firstCheck,
      apiMs: lastAnswer - firstCall,
      finishMs: runStart + wallMs - lastAnswer,
      apiServerMs: emulator.requests.reduce((sum, entry) => sum + entry.durationMs, 0),
      hostStartMs: median(hosts.map((host) => (host.portAt ?? Number.NaN) - host.startAt)),
      hosts: hosts.length,
    };
  } finally {
    recorder.dispose();
    await emulator.close();
  }
}

/** `runs` cold `up`s, each into a fresh stack on a fresh emulator. */
export async function benchManyResources(count = 100, runs = 3): Promise<ManyResourcesRun[]> {
  const results: ManyResourcesRun[] = [];
  for (let run = 0; run < runs; run++) {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-many-"));
    try {
      results.push(await oneRun(count, stateDir));
    } finally {
      fs.rmSync(stateDir, { recursive: true, force: true });
    }
  }
  return results;
}

if (require.main === module) {
  const [count, runs] = process.argv.slice(2).map(Number);
  benchManyResources(count || undefined, runs || undefined)
    .then((results) => {
      for (const result of results) console.log(JSON.stringify(result, (_key, value: unknown) => (typeof value === "number" ? Math.round(value) : value)));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
