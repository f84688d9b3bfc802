/**
 * Benchmark: client throughput over https, in one run — the package's client vs raw undici `Pool.request` (the
 * floor), raw `undici.request` and the official SDK, on the same emulator routes with the same concurrency. The SDK
 * only speaks https, so the emulator serves a throwaway self-signed certificate (openssl) and the measuring child
 * processes trust it through NODE_EXTRA_CA_CERTS; the emulator runs in a process of its own, and so does each
 * contender (see throughputWorker.ts), one measuring at a time.
 *
 *   npx tsx test/bench/throughput.ts [concurrency] [seconds-per-round] [rounds]     (needs `npm run build`)
 */
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import * as path from "node:path";
import { EMULATOR_CLIENT, startEmulatorProcess } from "./emulatorProcess";
import type { Row } from "./report";
import { median, round, spread } from "./stats";
import {
  CONTENDERS,
  PUSH_PATH,
  ROUTES,
  type Contender,
  type Measurement,
  type RouteKey,
  type ThroughputSettings,
  type WorkerCommand,
  type WorkerMessage,
} from "./throughputWorker";
import { throwawayCertificate } from "./tlsCertificate";

const WORKER = path.join(__dirname, "throughputWorker.ts");
/** Streams seeded so one page of `take` is full. */
const SEEDED_STREAMS = 100;
const WARM_UP_MS = 500;

export interface ThroughputOptions {
  concurrency?: number;
  secondsPerRound?: number;
  rounds?: number;
  pageSize?: number;
}

export interface RouteResult {
  route: string;
  /** Median requests per second per contender. */
  perSecond: Record<Contender, number>;
  /** Every round, for the spread. */
  rounds: Record<Contender, number[]>;
  /** Median CPU time of the contender's process per completed call (µs). */
  cpuMicrosPerCall: Record<Contender, number>;
}

export interface ThroughputRun {
  settings: Omit<ThroughputSettings, "clientSecret">;
  sdkVersion: string;
  routes: RouteResult[];
  certificateMaker: string;
}

/** One contender's process, answering one measurement at a time. */
class ContenderProcess {
  private readonly child: ChildProcess;
  private readonly messages: WorkerMessage[] = [];
  private waiting: (() => void) | undefined;

  constructor(readonly contender: Contender, settings: ThroughputSettings, env: NodeJS.ProcessEnv) {
    this.child = fork(WORKER, [contender, JSON.stringify(settings)], {
      cwd: path.join(__dirname, "..", ".."),
      execArgv: ["--import", "tsx"],
      env,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (message: WorkerMessage) => {
      this.messages.push(message);
      this.waiting?.();
    });
    this.child.on("exit", () => this.waiting?.());
  }

  async next(timeoutMs: number): Promise<WorkerMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length === 0) {
      if (this.child.exitCode !== null) throw new Error(`${this.contender} process exited with code ${this.child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${this.contender} process did not answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 1_000).unref();
      });
    }
    const message = this.messages.shift()!;
    if ("failed" in message) throw new Error(`${this.contender}: ${message.failed}`);
    return message;
  }

  async ready(): Promise<string> {
    const message = await this.next(60_000);
    if (!("ready" in message)) throw new Error(`${this.contender} process sent ${JSON.stringify(message)} before ready`);
    return message.version;
  }

  async measure(route: RouteKey, ms: number): Promise<Measurement> {
    this.child.send({ route, ms } satisfies WorkerCommand);
    const message = await this.next(ms + 60_000);
    if (!("route" in message) || message.route !== route) throw new Error(`${this.contender} answered ${JSON.stringify(message)}`);
    return { perSecond: message.perSecond, cpuMicrosPerCall: message.cpuMicrosPerCall };
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, "exit");
    if (this.child.connected) this.child.send({ done: true } satisfies WorkerCommand);
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

function routeName(route: RouteKey, pageSize: number): string {
  return route === "put" ? `PUT ${PUSH_PATH}` : `GET /event-streams?take=${pageSize} (one page)`;
}

/** Each route: every contender warmed up, then `rounds` rounds in a rotating order, one contender measuring at a time. */
async function measureRoutes(processes: Record<Contender, ContenderProcess>, settings: ThroughputSettings): Promise<RouteResult[]> {
  const results: RouteResult[] = [];
  for (const route of ROUTES) {
    // Connections, TLS sessions, JIT, token caches.
    for (const contender of CONTENDERS) await processes[contender].measure(route, WARM_UP_MS);
    const samples: Record<Contender, Measurement[]> = { client: [], pool: [], raw: [], sdk: [] };
    for (let round = 0; round < settings.rounds; round++) {
      // Rotate the order each round so drift (the emulator's state, other load) favours no one.
      const order = CONTENDERS.map((_, index) => CONTENDERS[(index + round) % CONTENDERS.length]);
      for (const contender of order) samples[contender].push(await processes[contender].measure(route, settings.secondsPerRound * 1000));
    }
    const per = <T>(pick: (contender: Contender) => T): Record<Contender, T> =>
      ({ client: pick("client"), pool: pick("pool"), raw: pick("raw"), sdk: pick("sdk") });
    results.push({
      route: routeName(route, settings.pageSize),
      perSecond: per((contender) => median(samples[contender].map((sample) => sample.perSecond))),
      rounds: per((contender) => samples[contender].map((sample) => Math.round(sample.perSecond))),
      cpuMicrosPerCall: per((contender) => median(samples[contender].map((sample) => sample.cpuMicrosPerCall))),
    });
  }
  return results;
}

export async function benchThroughput(options: ThroughputOptions = {}): Promise<ThroughputRun> {
  const certificate = await throwawayCertificate();
  let emulator: Awaited<ReturnType<typeof startEmulatorProcess>> | undefined;
  const processes: Partial<Record<Contender, ContenderProcess>> = {};
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
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: certificate.certFile, NODE_NO_WARNINGS: "1" };
    for (const contender of CONTENDERS) processes[contender] = new ContenderProcess(contender, settings, env);
    const versions = Object.fromEntries(await Promise.all(CONTENDERS.map(async (contender) => [contender, await processes[contender]!.ready()])));
    const routes = await measureRoutes(processes as Record<Contender, ContenderProcess>, settings);
    const { clientSecret: _secret, ...shown } = settings;
    return { settings: shown, sdkVersion: versions.sdk, routes, certificateMaker: certificate.maker };
  } finally {
    await Promise.all(Object.values(processes).map((child) => child.close()));
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
