// Benchmark: requests/s of the shared TenantClient vs raw undici.request on the same emulator routes
// (GET and PUT of the selected push provider) over plain http, same concurrency and duration, medians of several
// rounds. Goal: the client reaches at least 0.85x raw undici. (`npm run bench` runs the https comparison that
// includes the official SDK: throughput.ts.)
//
//   npx tsx test/bench/client.ts [concurrency] [seconds-per-round] [rounds]
//
// The emulator runs in a child process so the measured process holds only the client; the client is
// loaded from dist/ when built (what users run), else from the sources.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { request } from "undici";
import { z } from "zod";
import type * as ClientModule from "../../provider/client";
import { median } from "./stats";

const GOAL_RATIO = 0.85;
const PUSH_PATH = "/guardian/factors/push-notification/selected-provider";
const pushSelection = z.object({ provider: z.enum(["guardian", "sns", "direct"]).optional() });

export interface ClientBenchRow {
  route: string;
  rawPerSecond: number;
  clientPerSecond: number;
  ratio: number;
  /** CPU time of this (client) process per completed call: the overhead the emulator cannot hide. */
  rawCpuMicros: number;
  clientCpuMicros: number;
}

interface Measurement {
  perSecond: number;
  cpuMicrosPerCall: number;
}

function loadClient(): { module: typeof ClientModule; from: string } {
  const built = path.join(__dirname, "..", "..", "dist", "client", "index.js");
  if (existsSync(built)) return { module: require(built) as typeof ClientModule, from: "dist/" };
  return { module: require("../../provider/client") as typeof ClientModule, from: "provider/ (sources; run npm run build for dist/)" };
}

/** Starts the emulator CLI in a child process and resolves its URL from the first stdout line. */
async function startEmulatorProcess(): Promise<{ url: string; child: ChildProcess }> {
  const root = path.join(__dirname, "..", "..");
  const child = spawn(process.execPath, ["--import", "tsx", "test/emulator/cli.ts", "--port", "0"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => resolve(line));
    child.once("exit", (code) => reject(new Error(`emulator exited early with code ${code}`)));
  });
  const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(firstLine);
  if (!match) throw new Error(`unexpected emulator output: ${firstLine}`);
  return { url: match[1], child };
}

/** Runs `call` from `concurrency` loops for `ms`: completed calls per second and this process's CPU per call. */
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
  return {
    perSecond: completed / ((performance.now() - started) / 1000),
    cpuMicrosPerCall: (cpu.user + cpu.system) / completed,
  };
}

async function fetchToken(url: string): Promise<string> {
  const response = await request(`${url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: "demo",
      client_secret: "demo-secret",
      audience: `${url}/api/v2/`,
    }).toString(),
  });
  const { access_token: token } = z.object({ access_token: z.string() }).parse(await response.body.json());
  return token;
}

export async function benchClient(concurrency = 16, secondsPerRound = 1.5, rounds = 5): Promise<ClientBenchRow[]> {
  const { module: clientModule, from } = loadClient();
  const { url, child } = await startEmulatorProcess();
  const settings = {
    baseUrl: url,
    audience: `${url}/api/v2/`,
    auth: { kind: "clientCredentials" as const, clientId: "demo", clientSecret: "demo-secret" },
  };
  const client = new clientModule.TenantClient(settings);
  try {
    const token = await fetchToken(url);
    const rawHeaders = { authorization: `Bearer ${token}`, accept: "application/json" };
    const routes: { name: string; raw: () => Promise<unknown>; viaClient: () => Promise<unknown> }[] = [
      {
        name: `GET ${PUSH_PATH}`,
        raw: async () => (await request(`${url}/api/v2${PUSH_PATH}`, { headers: rawHeaders })).body.json(),
        viaClient: () => client.request("GET", PUSH_PATH, { operation: "read push provider", schema: pushSelection }),
      },
      {
        name: `PUT ${PUSH_PATH}`,
        raw: async () =>
          (
            await request(`${url}/api/v2${PUSH_PATH}`, {
              method: "PUT",
              headers: { ...rawHeaders, "content-type": "application/json" },
              body: JSON.stringify({ provider: "sns" }),
            })
          ).body.json(),
        viaClient: () =>
          client.request("PUT", PUSH_PATH, { operation: "select push provider", body: { provider: "sns" }, schema: pushSelection }),
      },
    ];

    console.log(`client from ${from}; emulator ${url} (child process); ${concurrency} in flight, ` +
      `${secondsPerRound}s per round, ${rounds} rounds, medians`);
    const rows: ClientBenchRow[] = [];
    for (const route of routes) {
      // Warm up both paths: connections, JIT, the token cache.
      await throughput(route.raw, concurrency, 300);
      await throughput(route.viaClient, concurrency, 300);
      const raw: Measurement[] = [];
      const viaClient: Measurement[] = [];
      for (let round = 0; round < rounds; round++) {
        // Alternate the order so drift (thermal, GC, the emulator's state) does not favour one side.
        const order = round % 2 === 0 ? [route.raw, route.viaClient] : [route.viaClient, route.raw];
        for (const call of order) {
          const measured = await throughput(call, concurrency, secondsPerRound * 1000);
          (call === route.raw ? raw : viaClient).push(measured);
        }
      }
      const rawPerSecond = median(raw.map((m) => m.perSecond));
      const clientPerSecond = median(viaClient.map((m) => m.perSecond));
      const row: ClientBenchRow = {
        route: route.name,
        rawPerSecond,
        clientPerSecond,
        ratio: clientPerSecond / rawPerSecond,
        rawCpuMicros: median(raw.map((m) => m.cpuMicrosPerCall)),
        clientCpuMicros: median(viaClient.map((m) => m.cpuMicrosPerCall)),
      };
      rows.push(row);
      console.log(
        `${route.name}\n  raw undici.request ${row.rawPerSecond.toFixed(0).padStart(6)} req/s ` +
          `(${row.rawCpuMicros.toFixed(0)} us CPU/call)\n  TenantClient       ${row.clientPerSecond.toFixed(0).padStart(6)} ` +
          `req/s (${row.clientCpuMicros.toFixed(0)} us CPU/call)\n  ratio ${row.ratio.toFixed(2)}: ` +
          `${row.ratio >= GOAL_RATIO ? "meets" : "MISSES"} the ${GOAL_RATIO}x goal`,
      );
    }
    console.log(`client stats: ${JSON.stringify(client.stats)}`);
    return rows;
  } finally {
    await client.close();
    child.kill("SIGTERM");
  }
}

if (require.main === module) {
  const [concurrency, seconds, rounds] = process.argv.slice(2).map(Number);
  benchClient(concurrency || undefined, seconds || undefined, rounds || undefined).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
