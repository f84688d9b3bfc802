/**
 * Child process of the throughput benchmark (started by throughput.ts with NODE_EXTRA_CA_CERTS set to the
 * emulator's throwaway certificate, so all contenders trust it the same way). Measures requests per second
 * for four ways of calling the same routes, with the same concurrency, in this one process:
 *
 *   client  the package's TenantClient (from dist/, as users run it), responses validated with its schemas
 *   pool    raw undici `Pool.request` on one keep-alive Pool for the emulator (what the client itself sends
 *           through), a fixed bearer token, JSON parsed, nothing else: the floor
 *   raw     `undici.request` (the global dispatcher) the same way, which carries overhead of its own
 *   sdk     the official Node SDK (`auth0` ManagementClient), unmodified, client credentials against the emulator
 *
 * Prints one JSON line: ThroughputReport.
 */
import { createRequire } from "node:module";
import * as path from "node:path";
import { ManagementClient } from "auth0";
import { Pool, request } from "undici";
import type * as ClientModule from "../../provider/client";
import type * as EventStreamsWire from "../../provider/functions/eventStreamsWire";
import type * as PushWire from "../../provider/resources/pushProviderSelection/wire";
import { median } from "./stats";

export type Contender = "client" | "pool" | "raw" | "sdk";
export const CONTENDERS: readonly Contender[] = ["client", "pool", "raw", "sdk"];

export interface ThroughputSettings {
  url: string;
  clientId: string;
  clientSecret: string;
  concurrency: number;
  secondsPerRound: number;
  rounds: number;
  /** Streams per event-streams page (`take`). */
  pageSize: number;
}

export interface RouteResult {
  route: string;
  /** Median requests per second per contender. */
  perSecond: Record<Contender, number>;
  /** Every round, for the spread. */
  rounds: Record<Contender, number[]>;
  /** Median CPU time of this process per completed call (µs): the client-side cost the emulator cannot hide. */
  cpuMicrosPerCall: Record<Contender, number>;
}

export interface ThroughputReport {
  settings: Omit<ThroughputSettings, "clientSecret">;
  sdkVersion: string;
  routes: RouteResult[];
}

interface Measurement {
  perSecond: number;
  cpuMicrosPerCall: number;
}

const PUSH_PATH = "/guardian/factors/push-notification/selected-provider";
const REPO_ROOT = path.join(__dirname, "..", "..");
const DIST = path.join(REPO_ROOT, "dist");

/**
 * A module of dist/, what users run. By file path: under tsx a package-name require of "pulumi-tenant/dist/..." follows
 * tsconfig's paths to the TypeScript sources, which tsx compiles with a `__name` call per closure created, a cost no
 * user pays.
 */
function fromDist(module: string): unknown {
  const file = require.resolve(path.join(DIST, `${module}.js`));
  if (!file.startsWith(DIST + path.sep)) throw new Error(`${module} resolved to ${file}, not into dist/`);
  return require(file) as unknown;
}

/** Keeps `concurrency` calls in flight for `ms`: completed calls per second and this process's CPU per call. */
async function throughput(call: () => Promise<unknown>, concurrency: number, ms: number): Promise<Measurement> {
  const endAt = performance.now() + ms;
  let completed = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < endAt) {
      await call();
      completed++;
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  return { perSecond: completed / ((performance.now() - started) / 1000), cpuMicrosPerCall: (cpu.user + cpu.system) / completed };
}

async function fetchToken(settings: ThroughputSettings): Promise<string> {
  const response = await request(`${settings.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      audience: `${settings.url}/api/v2/`,
    }).toString(),
  });
  const body = (await response.body.json()) as { access_token?: unknown };
  if (response.statusCode !== 200 || typeof body.access_token !== "string") throw new Error(`token request failed: ${response.statusCode}`);
  return body.access_token;
}

/** A raw call that still refuses a wrong answer, so a failing route cannot look fast. */
async function rawCall(url: string, init: Parameters<typeof request>[1]): Promise<unknown> {
  const response = await request(url, init);
  const body: unknown = await response.body.json();
  if (response.statusCode !== 200) throw new Error(`raw call failed: ${response.statusCode}`);
  return body;
}

/** The same through one Pool's `request` (path relative to the pool's origin). */
async function poolCall(pool: Pool, options: Parameters<Pool["request"]>[0]): Promise<unknown> {
  const response = await pool.request(options);
  const body: unknown = await response.body.json();
  if (response.statusCode !== 200) throw new Error(`pool call failed: ${response.statusCode}`);
  return body;
}

async function measure(settings: ThroughputSettings): Promise<ThroughputReport> {
  const clientModule = fromDist("client/index") as typeof ClientModule;
  const pushWire = fromDist("resources/pushProviderSelection/wire") as typeof PushWire;
  const streamsWire = fromDist("functions/eventStreamsWire") as typeof EventStreamsWire;
  const sdkVersion = (createRequire(__filename)("auth0/package.json") as { version: string }).version;

  const client = new clientModule.TenantClient({
    baseUrl: settings.url,
    audience: `${settings.url}/api/v2/`,
    auth: { kind: "clientCredentials", clientId: settings.clientId, clientSecret: settings.clientSecret },
  });
  // The SDK builds https://<domain>/api/v2 itself; the domain is host:port of the TLS emulator.
  const sdk = new ManagementClient({
    domain: new URL(settings.url).host,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
  });
  const token = await fetchToken(settings);
  const rawHeaders = { authorization: `Bearer ${token}`, accept: "application/json" };
  const api = `${settings.url}/api/v2`;
  const pool = new Pool(settings.url);

  const routes: { name: string; calls: Record<Contender, () => Promise<unknown>> }[] = [
    {
      name: `PUT ${PUSH_PATH}`,
      calls: {
        client: () =>
          client.request("PUT", PUSH_PATH, { operation: "select push provider", body: { provider: "sns" }, schema: pushWire.selectionResponse }),
        pool: () =>
          poolCall(pool, {
            path: `/api/v2${PUSH_PATH}`,
            method: "PUT",
            headers: { ...rawHeaders, "content-type": "application/json" },
            body: JSON.stringify({ provider: "sns" }),
          }),
        raw: () =>
          rawCall(`${api}${PUSH_PATH}`, {
            method: "PUT",
            headers: { ...rawHeaders, "content-type": "application/json" },
            body: JSON.stringify({ provider: "sns" }),
          }),
        sdk: () => sdk.guardian.factors.pushNotification.setProvider({ provider: "sns" }),
      },
    },
    {
      name: `GET /event-streams?take=${settings.pageSize} (one page)`,
      calls: {
        client: () =>
          client.request("GET", "/event-streams", {
            operation: "list event streams",
            schema: streamsWire.eventStreamsPageWire,
            query: { take: settings.pageSize },
          }),
        pool: () => poolCall(pool, { path: `/api/v2/event-streams?take=${settings.pageSize}`, method: "GET", headers: rawHeaders }),
        raw: () => rawCall(`${api}/event-streams?take=${settings.pageSize}`, { headers: rawHeaders }),
        sdk: () => sdk.eventStreams.list({ take: settings.pageSize }),
      },
    },
  ];

  const results: RouteResult[] = [];
  try {
    for (const route of routes) {
      // Warm up every contender: connections, TLS sessions, JIT, token caches.
      for (const contender of CONTENDERS) await throughput(route.calls[contender], settings.concurrency, 500);
      const samples: Record<Contender, Measurement[]> = { client: [], pool: [], raw: [], sdk: [] };
      for (let round = 0; round < settings.rounds; round++) {
        // Rotate the order each round so drift (GC, the emulator's state, other load) favours no one.
        const order = CONTENDERS.map((_, index) => CONTENDERS[(index + round) % CONTENDERS.length]);
        for (const contender of order) {
          samples[contender].push(await throughput(route.calls[contender], settings.concurrency, settings.secondsPerRound * 1000));
        }
      }
      const per = <T>(pick: (contender: Contender) => T): Record<Contender, T> =>
        ({ client: pick("client"), pool: pick("pool"), raw: pick("raw"), sdk: pick("sdk") });
      results.push({
        route: route.name,
        perSecond: per((contender) => median(samples[contender].map((sample) => sample.perSecond))),
        rounds: per((contender) => samples[contender].map((sample) => Math.round(sample.perSecond))),
        cpuMicrosPerCall: per((contender) => median(samples[contender].map((sample) => sample.cpuMicrosPerCall))),
      });
    }
  } finally {
    await client.close();
    await pool.close();
  }
  const { clientSecret: _secret, ...shown } = settings;
  return { settings: shown, sdkVersion, routes: results };
}

if (require.main === module) {
  const settings = JSON.parse(process.argv[2] ?? "{}") as ThroughputSettings;
  measure(settings)
    .then((report) => {
      process.stdout.write(`${JSON.stringify(report)}\n`);
      // The SDK and undici's global dispatcher keep idle sockets open; the report is out.
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
