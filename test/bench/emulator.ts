// Benchmark: authenticated GETs per second against the emulator on loopback (a measurement, not a test).
//
//   npx tsx test/bench/emulator.ts [--seconds 3] [--rounds 5] [--connections 16] [--pipelining 1] [--in-process] [--all-scopes]
//
// By default the emulator runs in its own process (started through its CLI, as `npm run emulator` does),
// so the figure is the emulator's throughput rather than the client's and server's sharing one event loop.
// --in-process runs both in this process instead (how test suites use it). The token asks for the one scope the
// GET needs; --all-scopes uses the default token carrying all 240 contract scopes (an ~8 KB header per request).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Pool } from "undici";
import { startEmulator, type Emulator } from "../../tools/emulator";

const ROUTE = "/api/v2/guardian/factors/push-notification/selected-provider";

interface Settings {
  seconds: number;
  rounds: number;
  connections: number;
  pipelining: number;
  inProcess: boolean;
  allScopes: boolean;
}

function parseSettings(argv: readonly string[]): Settings {
  const settings: Settings = { seconds: 3, rounds: 5, connections: 16, pipelining: 1, inProcess: false, allScopes: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--in-process" || flag === "--all-scopes") {
      settings[flag === "--in-process" ? "inProcess" : "allScopes"] = true;
      continue;
    }
    const key = ({ "--seconds": "seconds", "--rounds": "rounds", "--connections": "connections", "--pipelining": "pipelining" } as const)[
      flag as "--seconds"
    ];
    const value = Number(argv[++i]);
    if (key === undefined || !Number.isFinite(value) || value <= 0) {
      throw new Error(`bad argument ${flag}; see the header of test/bench/emulator.ts`);
    }
    settings[key] = value;
  }
  return settings;
}

/** Starts `tools/emulator/cli.ts` in a child process and resolves with its URL from the first stdout line. */
async function startChildEmulator(): Promise<{ url: string; child: ChildProcess }> {
  const cli = join(__dirname, "..", "..", "tools", "emulator", "cli.ts");
  const child = spawn(process.execPath, ["--import", "tsx", cli, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, "line")) as [string];
  lines.close();
  const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first);
  if (!match) throw new Error(`unexpected first line from the emulator: ${first}`);
  return { url: match[1], child };
}

async function fetchToken(url: string, allScopes: boolean): Promise<string> {
  const response = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "client_credentials",
      client_id: "demo",
      client_secret: "demo-secret",
      audience: `${url}/api/v2/`,
      ...(allScopes ? {} : { scope: "read:guardian_factors" }),
    }),
  });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Keeps `connections` requests in flight for `seconds`; returns completed 200s per second. */
async function round(pool: Pool, token: string, settings: Settings): Promise<number> {
  const inFlight = settings.connections * settings.pipelining;
  const deadline = performance.now() + settings.seconds * 1000;
  let completed = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const { statusCode, body } = await pool.request({ method: "GET", path: ROUTE, headers: { authorization: `Bearer ${token}` } });
      await body.text();
      if (statusCode !== 200) throw new Error(`unexpected status ${statusCode}`);
      completed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return completed / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2));
  let emulator: Emulator | undefined;
  let child: ChildProcess | undefined;
  let url: string;
  if (settings.inProcess) {
    emulator = await startEmulator();
    url = emulator.url;
  } else {
    ({ url, child } = await startChildEmulator());
  }
  const pool = new Pool(url, { connections: settings.connections, pipelining: settings.pipelining });
  try {
    const token = await fetchToken(url, settings.allScopes);
    await round(pool, token, { ...settings, seconds: 1 }); // warm-up: JIT, connections, the verified-token cache
    const rates: number[] = [];
    for (let i = 0; i < settings.rounds; i++) {
      const rate = await round(pool, token, settings);
      rates.push(rate);
      console.log(`round ${i + 1}: ${Math.round(rate)} req/s`);
    }
    const sorted = [...rates].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `conditions: GET ${ROUTE} with a bearer token (${token.length} chars, ${settings.allScopes ? "all 240 scopes" : "1 scope"}); emulator ${settings.inProcess ? "in this process" : "in a child process"}; ` +
        `undici Pool, ${settings.connections} connections x pipelining ${settings.pipelining}; ` +
        `${settings.rounds} rounds of ${settings.seconds}s after 1s warm-up; Node ${process.version}; ${cpus().length} CPUs; ` +
        `loopback; 1-min load average ${loadavg()[0].toFixed(1)} at the end`,
    );
    console.log(`median: ${Math.round(median)} authenticated GETs/s (min ${Math.round(sorted[0])}, max ${Math.round(sorted[sorted.length - 1])})`);
  } finally {
    await pool.close();
    await emulator?.close();
    if (child) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
