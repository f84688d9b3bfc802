/**
 * Child process of the throughput benchmark: ONE contender, as a provider host holds one HTTP client. throughput.ts
 * forks one per contender (with NODE_EXTRA_CA_CERTS set to the emulator's throwaway certificate, so all trust it the
 * same way) and has them measure one at a time, in turn, so they never share a CPU, a heap or a JIT:
 *
 *   client  the package's TenantClient (from dist/, as users run it), responses validated with its schemas
 *   pool    raw undici `Pool.request` on one keep-alive Pool for the emulator (what the client itself sends
 *           through), a fixed bearer token, JSON parsed, nothing else: the floor
 *   raw     `undici.request` (the global dispatcher) the same way, which carries overhead of its own
 *   sdk     the official Node SDK (`auth0` ManagementClient), unmodified, client credentials against the emulator
 *
 * In one process the four disturbed each other (three copies of undici — the client's bundled one, the installed one
 * and Node's own under the SDK's fetch — through the same stream and socket code, and one heap for all their
 * garbage): on 2026-11-25 that cost the client 6 µs of CPU per call on the PUT and 30 µs on the GET, the Pool 1 and
 * 9 µs, against this layout in the same hour.
 *
 * Protocol (process IPC): the child sends `{ ready, version }`, then answers each `{ route, ms }` with a Measurement;
 * `{ done: true }` closes it.
 */
import { createRequire } from "node:module";
import * as path from "node:path";
import type { Dispatcher } from "undici";
import type * as ClientModule from "../../provider/client";
import type * as EventStreamsWire from "../../provider/resources/eventStream/wire";
import type * as PushWire from "../../provider/resources/pushProviderSelection/wire";

export type Contender = "client" | "pool" | "raw" | "sdk";
export const CONTENDERS: readonly Contender[] = ["client", "pool", "raw", "sdk"];

/** The two measured routes: the push selection's PUT and one page of event streams. */
export type RouteKey = "put" | "get";
export const ROUTES: readonly RouteKey[] = ["put", "get"];
export const PUSH_PATH = "/guardian/factors/push-notification/selected-provider";

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

export interface Measurement {
  perSecond: number;
  /** CPU time of the contender's process per completed call (µs): the client-side cost the emulator cannot hide. */
  cpuMicrosPerCall: number;
}

export type WorkerCommand = { route: RouteKey; ms: number } | { done: true };
export type WorkerMessage = { ready: true; version: string } | ({ route: RouteKey } & Measurement) | { failed: string };

type Calls = Record<RouteKey, () => Promise<unknown>>;

interface Setup {
  version: string;
  calls: Calls;
  close(): Promise<void>;
}

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

function packageVersion(name: string): string {
  return (createRequire(__filename)(`${name}/package.json`) as { version: string }).version;
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

/** A raw answer, refused unless 200, so a failing route cannot look fast. */
async function jsonOf(response: Dispatcher.ResponseData, who: string): Promise<unknown> {
  const body: unknown = await response.body.json();
  if (response.statusCode !== 200) throw new Error(`${who} call failed: ${response.statusCode}`);
  return body;
}

async function fetchToken(settings: ThroughputSettings): Promise<string> {
  const { request } = await import("undici");
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
  const body = (await jsonOf(response, "token")) as { access_token?: unknown };
  if (typeof body.access_token !== "string") throw new Error("token request failed: no access_token");
  return body.access_token;
}

const putBody = (): string => JSON.stringify({ provider: "sns" });

async function setUpClient(settings: ThroughputSettings): Promise<Setup> {
  const clientModule = fromDist("client/index") as typeof ClientModule;
  const pushWire = fromDist("resources/pushProviderSelection/wire") as typeof PushWire;
  const streamsWire = fromDist("resources/eventStream/wire") as typeof EventStreamsWire;
  const client = new clientModule.TenantClient({
    baseUrl: settings.url,
    audience: `${settings.url}/api/v2/`,
    auth: { kind: "clientCredentials", clientId: settings.clientId, clientSecret: settings.clientSecret },
  });
  return {
    version: (require(path.join(REPO_ROOT, "package.json")) as { version: string }).version,
    calls: {
      put: () => client.request("PUT", PUSH_PATH, { operation: "select push provider", body: { provider: "sns" }, schema: pushWire.selectionResponse }),
      get: () =>
        client.request("GET", "/event-streams", { operation: "list event streams", schema: streamsWire.eventStreamsPageWire, query: { take: settings.pageSize } }),
    },
    close: () => client.close(),
  };
}

async function setUpPool(settings: ThroughputSettings): Promise<Setup> {
  const { Pool } = await import("undici");
  const headers = { authorization: `Bearer ${await fetchToken(settings)}`, accept: "application/json" };
  const pool = new Pool(settings.url);
  return {
    version: packageVersion("undici"),
    calls: {
      put: async () =>
        jsonOf(await pool.request({ path: `/api/v2${PUSH_PATH}`, method: "PUT", headers: { ...headers, "content-type": "application/json" }, body: putBody() }), "pool"),
      get: async () => jsonOf(await pool.request({ path: `/api/v2/event-streams?take=${settings.pageSize}`, method: "GET", headers }), "pool"),
    },
    close: () => pool.close(),
  };
}

async function setUpRaw(settings: ThroughputSettings): Promise<Setup> {
  const { request } = await import("undici");
  const headers = { authorization: `Bearer ${await fetchToken(settings)}`, accept: "application/json" };
  const api = `${settings.url}/api/v2`;
  return {
    version: packageVersion("undici"),
    calls: {
      put: async () => jsonOf(await request(`${api}${PUSH_PATH}`, { method: "PUT", headers: { ...headers, "content-type": "application/json" }, body: putBody() }), "raw"),
      get: async () => jsonOf(await request(`${api}/event-streams?take=${settings.pageSize}`, { headers }), "raw"),
    },
    close: async () => undefined,
  };
}

async function setUpSdk(settings: ThroughputSettings): Promise<Setup> {
  const { ManagementClient } = await import("auth0");
  // The SDK builds https://<domain>/api/v2 itself; the domain is host:port of the TLS emulator.
  const sdk = new ManagementClient({ domain: new URL(settings.url).host, clientId: settings.clientId, clientSecret: settings.clientSecret });
  return {
    version: packageVersion("auth0"),
    calls: {
      put: () => sdk.guardian.factors.pushNotification.setProvider({ provider: "sns" }),
      get: () => sdk.eventStreams.list({ take: settings.pageSize }),
    },
    close: async () => undefined,
  };
}

const SET_UPS: Record<Contender, (settings: ThroughputSettings) => Promise<Setup>> = {
  client: setUpClient,
  pool: setUpPool,
  raw: setUpRaw,
  sdk: setUpSdk,
};

async function serve(contender: Contender, settings: ThroughputSettings): Promise<void> {
  const send = (message: WorkerMessage): void => void process.send?.(message);
  const setup = await SET_UPS[contender](settings);
  process.on("message", (command: WorkerCommand) => {
    if ("done" in command) {
      // The SDK and undici's global dispatcher keep idle sockets open; nothing is left to report.
      void setup.close().finally(() => process.exit(0));
      return;
    }
    throughput(setup.calls[command.route], settings.concurrency, command.ms).then(
      (measurement) => send({ route: command.route, ...measurement }),
      (error: unknown) => send({ failed: error instanceof Error ? error.message : String(error) }),
    );
  });
  send({ ready: true, version: setup.version });
}

if (require.main === module) {
  const contender = process.argv[2] as Contender;
  const settings = JSON.parse(process.argv[3] ?? "{}") as ThroughputSettings;
  serve(contender, settings).catch((error: unknown) => {
    process.send?.({ failed: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage);
    process.exit(1);
  });
}
