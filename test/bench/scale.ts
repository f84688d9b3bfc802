/**
 * Benchmark: rate limits at scale. The many-tickets fixture (N enrollment tickets plus one push selection and
 * one phone provider) through the Pulumi CLI at a given `--parallel`, against an emulator whose bucket allows
 * `rate` requests per second (a full refill at each epoch second), from an empty stack:
 *
 *   up               wall time; API time = first to last /api/v2 request arriving at the emulator; the bound =
 *                    accepted /api/v2 requests ÷ rate; answers 429; token requests; the host's peak RSS
 *   no-op up         the same program again: API calls and time (goal: 0 calls)
 *   preview --refresh  API calls and time
 *
 * plus what a user relies on: every ticket minted exactly once and in state, one phone provider.
 *
 *   npx tsx test/bench/scale.ts                              the matrix `npm run bench` runs, as its table rows
 *   npx tsx test/bench/scale.ts <tickets> <parallel> [rate]   one run, as JSON          (both need `npm run build`)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type Emulator, type RequestLogEntry } from "../../tools/emulator";
import { manyTicketsEngine } from "../support/manyTickets";
import { busiestSecond, benchClientPacing, type ClientPacingRun } from "./clientPacing";
import { TimingRecorder, processTimelines } from "./processTimings";
import { machineLine, markdownTable } from "./report";
import { scaleRows, type PhaseFigures, type ScaleMatrix, type ScaleRun, type ScaleSettings } from "./scaleReport";

const CLIENT = { id: "bench-scale", secret: "bench-scale-secret" };
const TICKET_TYPE = "pulumi-nodejs:dynamic/tenant:EnrollmentTicket";

/** Where the emulator's log and token count stood before a phase. */
interface Mark {
  logIndex: number;
  tokens: number;
}

const mark = (emulator: Emulator): Mark => ({ logIndex: emulator.requests.length, tokens: emulator.tokenRequests() });

/** The /api/v2 requests the emulator saw since `since`. */
const apiSince = (emulator: Emulator, since: Mark): RequestLogEntry[] =>
  emulator.requests.slice(since.logIndex).filter((entry) => entry.path.startsWith("/api/v2/"));

function phaseFigures(emulator: Emulator, since: Mark, wallMs: number): PhaseFigures {
  const api = apiSince(emulator, since);
  return {
    wallMs,
    apiRequests: api.length,
    answers429: api.filter((entry) => entry.status === 429).length,
    tokenRequests: emulator.tokenRequests() - since.tokens,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

export async function benchScale(settings: ScaleSettings): Promise<ScaleRun> {
  const { tickets, parallel, rate } = settings;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-scale-"));
  const emulator = await startEmulator({ clients: [CLIENT], rateLimit: rate });
  const recorder = new TimingRecorder();
  try {
    const engine = manyTicketsEngine({
      emulator,
      client: CLIENT,
      tickets,
      stack: "scale",
      stateDir,
      smsAuthToken: "bench-scale-sms-token",
      env: recorder.env(),
      timeoutMs: 600_000,
    });

    const start = mark(emulator);
    const up = await timed(() => engine.up({ parallel }));
    const upApi = apiSince(emulator, start);
    const accepted = upApi.filter((entry) => entry.status !== 429);
    const arrivals = upApi.map((entry) => entry.startedAt);
    const hostRss = processTimelines(recorder.take())
      .filter((timeline) => timeline.role === "host")
      .map((timeline) => timeline.maxRssKb ?? Number.NaN);
    const upFigures = phaseFigures(emulator, start, up.ms);

    const afterUp = mark(emulator);
    const noop = await timed(() => engine.up({ parallel }));
    const noopUp = phaseFigures(emulator, afterUp, noop.ms);

    const afterNoop = mark(emulator);
    const preview = await timed(() => engine.preview({ refresh: true, parallel }));
    const previewRefresh = phaseFigures(emulator, afterNoop, preview.ms);

    const state = await engine.readState();
    const minted = emulator.state.enrollmentTickets;
    return {
      ...settings,
      up: {
        ...upFigures,
        apiMs: arrivals.length > 0 ? Math.max(...arrivals) - Math.min(...arrivals) : Number.NaN,
        boundMs: (accepted.length / rate) * 1000,
        busiestSecond: busiestSecond(arrivals),
        hostPeakRssMb: Math.max(...hostRss) / 1024,
      },
      noopUp,
      previewRefresh,
      ticketsMinted: minted.length,
      distinctTicketUsers: new Set(minted.map((ticket) => ticket.request.user_id)).size,
      ticketsInState: state.resources.filter((resource) => resource.type === TICKET_TYPE).length,
      phoneProviders: emulator.state.phoneProviders.size,
    };
  } finally {
    recorder.dispose();
    await emulator.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

/** The scenario `npm run bench` runs: N = 100 and 1,000 at parallelism 8 and 64, 50 requests per second. */
export async function benchScaleMatrix(onRun?: (label: string) => void): Promise<ScaleMatrix> {
  const runs: ScaleRun[] = [];
  const clientAlone: ClientPacingRun[] = [];
  for (const parallel of [8, 64]) {
    clientAlone.push(await benchClientPacing(1_000, parallel, 50));
    onRun?.(`client alone, 1,000 creates, ${parallel} in flight`);
  }
  for (const tickets of [100, 1_000]) {
    for (const parallel of [8, 64]) {
      runs.push(await benchScale({ tickets, parallel, rate: 50 }));
      onRun?.(`${tickets} tickets at --parallel=${parallel}`);
    }
  }
  return { runs, clientAlone };
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv.length === 0) {
    const date = new Date();
    const startLoad = os.loadavg();
    const matrix = await benchScaleMatrix((label) => process.stderr.write(`${label}: done\n`));
    process.stdout.write(`${machineLine(startLoad, date)}\n\n${markdownTable(scaleRows(matrix))}\n`);
    return;
  }
  const [tickets, parallel, rate] = argv.map(Number);
  const run = await benchScale({ tickets, parallel, rate: rate || 50 });
  console.log(JSON.stringify(run, (_key, value: unknown) => (typeof value === "number" ? Math.round(value * 100) / 100 : value)));
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
