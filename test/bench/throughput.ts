/**
 * Benchmark: client throughput over https, in one run — the package's client vs raw undici `Pool.request` (the
 * floor), raw `undici.request` and the official SDK, on the same emulator routes with the same concurrency. The SDK only speaks https, so the
 * emulator serves a throwaway self-signed certificate (openssl) and the measuring child process trusts it through
 * NODE_EXTRA_CA_CERTS; the emulator runs in a process of its own.
 *
 *   npx tsx test/bench/throughput.ts [concurrency] [seconds-per-round] [rounds]     (needs `npm run build`)
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { EMULATOR_CLIENT, startEmulatorProcess } from "./emulatorProcess";
import type { Row } from "./report";
import { round, spread } from "./stats";
import type { ThroughputReport, ThroughputSettings } from "./throughputWorker";
import { throwawayCertificate } from "./tlsCertificate";

const run = promisify(execFile);
const WORKER = path.join(__dirname, "throughputWorker.ts");
/** Streams seeded so one page of `take` is full. */
const SEEDED_STREAMS = 100;

export interface ThroughputOptions {
  concurrency?: number;
  secondsPerRound?: number;
  rounds?: number;
  pageSize?: number;
}

export interface ThroughputRun extends ThroughputReport {
  certificateMaker: string;
}

export async function benchThroughput(options: ThroughputOptions = {}): Promise<ThroughputRun> {
  const certificate = await throwawayCertificate();
  let emulator: Awaited<ReturnType<typeof startEmulatorProcess>> | undefined;
  try {
    emulator = await startEmulatorProcess({ keyFile: certificate.keyFile, certFile: certificate.certFile });
    await emulator.seedEventStreams(SEEDED_STREAMS);
    const settings: ThroughputSettings = {
      url: emulator.url,
      clientId: EMULATOR_CLIENT.id,
      clientSecret: EMULATOR_CLIENT.secret,
      concurrency: options.concurrency ?? 16,
      secondsPerRound: options.secondsPerRound ?? 1,
      rounds: options.rounds ?? 5,
      pageSize: options.pageSize ?? 50,
    };
    const rounds = settings.rounds * 4 * 2;
    const { stdout } = await run(process.execPath, ["--import", "tsx", WORKER, JSON.stringify(settings)], {
      cwd: path.join(__dirname, "..", ".."),
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certificate.certFile, NODE_NO_WARNINGS: "1" },
      maxBuffer: 16 * 1024 * 1024,
      // Rounds plus warm-ups and start-up, with room for a slow machine.
      timeout: (rounds * settings.secondsPerRound + 30) * 2_000,
    });
    const report = JSON.parse(stdout.trim().split("\n").pop() ?? "") as ThroughputReport;
    return { ...report, certificateMaker: certificate.maker };
  } finally {
    await emulator?.close();
    certificate.dispose();
  }
}

/** The issue's floor: this client, responses validated, against raw `Pool.request` on the same server. */
export const POOL_RATIO_FLOOR = 0.9;

const NAMES = { client: "this client", pool: "raw undici Pool.request", raw: "raw undici.request", sdk: "SDK auth0" } as const;

export function throughputRows(run: ThroughputRun): Row[] {
  const { concurrency, rounds, secondsPerRound } = run.settings;
  return run.routes.map((route) => {
    const toPool = route.perSecond.client / route.perSecond.pool;
    const toRaw = route.perSecond.client / route.perSecond.raw;
    const toSdk = route.perSecond.client / route.perSecond.sdk;
    const misses: string[] = [];
    if (toPool < POOL_RATIO_FLOOR) {
      const extraCpu = route.cpuMicrosPerCall.client - route.cpuMicrosPerCall.pool;
      misses.push(`below ${POOL_RATIO_FLOOR}× the Pool: the client spends ${round(extraCpu)} µs more CPU per call than Pool.request here`);
    }
    if (toSdk <= 1) misses.push("not ahead of the SDK");
    const figures = (["client", "pool", "raw", "sdk"] as const)
      .map((who) => `${who === "sdk" ? `${NAMES.sdk} ${run.sdkVersion}` : NAMES[who]} ${round(route.perSecond[who])} req/s (${round(route.cpuMicrosPerCall[who])} µs CPU/call, rounds ${spread(route.rounds[who])})`)
      .join("; ");
    return {
      section: "1",
      measure: `Throughput over https, ${route.route}; ${concurrency} in flight, median of ${rounds} × ${secondsPerRound} s per contender`,
      result: figures,
      goal: `≥ ${POOL_RATIO_FLOOR}× raw Pool.request; ahead of the SDK`,
      verdict: `${round(toPool, 2)}× Pool, ${round(toRaw, 2)}× undici.request, ${round(toSdk, 2)}× SDK: ${misses.length === 0 ? "meets both" : `MISSES (${misses.join("; ")})`}`,
    };
  });
}

if (require.main === module) {
  const [concurrency, seconds, rounds] = process.argv.slice(2).map(Number);
  benchThroughput({ concurrency: concurrency || undefined, secondsPerRound: seconds || undefined, rounds: rounds || undefined })
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
