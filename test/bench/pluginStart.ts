/**
 * Benchmark: the native plugin's start against the bare dynamic-provider host, each started as the CLI starts it, in
 * the same run, rounds interleaved so drift on a noisy machine hits all alike (medians):
 *
 *   bare host   spawn of its launcher → port line; peak RSS (VmHWM) of the host then
 *   plugin      spawn → port line (pulumi-resource-tenant, the package's script run by `node`, as the CLI runs it
 *               from an npm folder); then port → Configure → Check → first Create of a PushProviderSelection
 *               answered (token + GET + PUT on the emulator); peak RSS after it
 *   executable  the same for the single executable `npm run release` ships (built here, with V8's code cache
 *               in it), and for the same executable built without the code cache (what that lever is worth)
 *
 * Goals: the plugin starts within 1.2× the bare host's time and stays within 25 MB of its peak RSS; the executable
 * starts no slower than the script (aim: half its time); its memory is reported beside the script's.
 *
 *   npx tsx test/bench/pluginStart.ts [rounds]     (needs `npm run build`)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as os from "node:os";
import { startEmulator } from "../../tools/emulator";
import { NativePlugin } from "../../tools/host-driver";
import { buildExecutable } from "../../tools/release/executable";
import { currentPlatform } from "../../tools/release/platform";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { COLD_START_CLIENT, bareHost, peakRssMb, type HostSample } from "./coldStart";
import type { Row } from "./report";
import { median, round } from "./stats";

const SCRIPT = path.join(REPO_ROOT, "pulumi-resource-tenant");
const PUSH_URN = "urn:pulumi:bench::tenant-bench::tenant:index:PushProviderSelection::push";
const MAX_START_RATIO = 1.2;
const MAX_ADDED_RSS_MB = 25;

export interface PluginStartResult {
  rounds: number;
  bare: HostSample[];
  plugin: HostSample[];
  executable: HostSample[];
  executableNoCodeCache: HostSample[];
  executableMb: number;
  loadBefore: number;
  loadAfter: number;
}

async function pluginSample(executable: string, domain: string, provider: string): Promise<HostSample> {
  const started = performance.now();
  // No engine in this benchmark: the address is one nothing listens on (the plugin dials it only to log).
  const plugin = await NativePlugin.launch(executable, { cwd: REPO_ROOT, engineAddress: "127.0.0.1:1", callTimeoutMs: 30_000 });
  const portMs = performance.now() - started;
  try {
    await plugin.load("tenant", "urn:pulumi:bench::tenant-bench::pulumi:providers:tenant::default", {
      domain,
      clientId: COLD_START_CLIENT.id,
      clientSecret: COLD_START_CLIENT.secret,
      version: "0.0.0",
    });
    const checked = await plugin.check(PUSH_URN, {}, { provider });
    if (checked.failures.length > 0) throw new Error(`check failed: ${JSON.stringify(checked.failures)}`);
    await plugin.create(PUSH_URN, checked.inputs);
    return { portMs, createMs: performance.now() - started, peakRssMb: peakRssMb(plugin.pid) };
  } finally {
    await plugin.stop();
  }
}

export async function benchPluginStart(rounds = 5): Promise<PluginStartResult> {
  const loadBefore = os.loadavg()[0];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-plugin-"));
  const emulator = await startEmulator({ clients: [COLD_START_CLIENT] });
  try {
    const platform = currentPlatform();
    const executable = (await buildExecutable(path.join(work, "cached"), platform, path.join(work, "sea"))).file;
    const noCodeCache = (await buildExecutable(path.join(work, "uncached"), platform, path.join(work, "sea-uncached"), { useCodeCache: false })).file;
    const result: PluginStartResult = {
      rounds,
      bare: [],
      plugin: [],
      executable: [],
      executableNoCodeCache: [],
      executableMb: fs.statSync(executable).size / 1024 ** 2,
      loadBefore,
      loadAfter: 0,
    };
    // Warms the file cache.
    for (const file of [SCRIPT, executable, noCodeCache]) await pluginSample(file, emulator.url, "sns");
    for (let index = 0; index < rounds; index++) {
      const provider = index % 2 ? "sns" : "direct";
      result.bare.push(await bareHost());
      result.plugin.push(await pluginSample(SCRIPT, emulator.url, provider));
      result.executable.push(await pluginSample(executable, emulator.url, provider));
      result.executableNoCodeCache.push(await pluginSample(noCodeCache, emulator.url, provider));
    }
    result.loadAfter = os.loadavg()[0];
    return result;
  } finally {
    await emulator.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const portOf = (samples: HostSample[]): number => median(samples.map((sample) => sample.portMs));
const toCreateOf = (samples: HostSample[]): number => median(samples.map((sample) => (sample.createMs ?? Number.NaN) - sample.portMs));
const rssOf = (samples: HostSample[]): number => median(samples.map((sample) => sample.peakRssMb));
const signed = (value: number, digits = 1): string => `${value >= 0 ? "+" : ""}${round(value, digits)}`;

export function pluginStartRows(result: PluginStartResult): Row[] {
  const bare = portOf(result.bare);
  const bareRss = rssOf(result.bare);
  const port = portOf(result.plugin);
  const rss = rssOf(result.plugin);
  const ratio = port / bare;
  const executablePort = portOf(result.executable);
  const executableRatio = executablePort / port;
  const executableRss = rssOf(result.executable);
  const uncachedPort = portOf(result.executableNoCodeCache);
  const load = `load ${result.loadBefore.toFixed(2)} → ${result.loadAfter.toFixed(2)}`;
  return [
    {
      section: "8",
      measure: `Native plugin: spawn → port line, against the bare dynamic-provider host through its launcher, as the CLI starts each, in the same run; median of ${result.rounds}`,
      result: `${round(port)} ms vs ${round(bare)} ms = ${round(ratio, 2)}×`,
      goal: `≤ ${MAX_START_RATIO}× the bare host`,
      verdict: ratio <= MAX_START_RATIO ? "met" : `MISSED by ${round(port - bare * MAX_START_RATIO)} ms`,
    },
    {
      section: "8",
      measure: "Native plugin: port line → Configure → Check → first Create of a PushProviderSelection answered",
      result: `${round(toCreateOf(result.plugin))} ms (token, GET and PUT on the emulator included)`,
      goal: "context",
      verdict: "—",
    },
    {
      section: "8",
      measure: "Native plugin: peak RSS (VmHWM) after the first Create, against the bare host's at its port line",
      result: `${round(rss, 1)} MB vs ${round(bareRss, 1)} MB = ${signed(rss - bareRss)} MB`,
      goal: `≤ ${MAX_ADDED_RSS_MB} MB above the bare host`,
      verdict: rss - bareRss <= MAX_ADDED_RSS_MB ? "met" : `MISSED by ${round(rss - bareRss - MAX_ADDED_RSS_MB, 1)} MB`,
    },
    {
      section: "8",
      measure: `The plugin as a single executable (${round(result.executableMb, 1)} MB, V8 code cache in it): spawn → port line, against the script above; median of ${result.rounds}`,
      result: `${round(executablePort)} ms vs ${round(port)} ms = ${round(executableRatio, 2)}×; without the code cache ${round(uncachedPort)} ms; ${load}`,
      goal: "≤ 1× the script (no slower); aim 0.5×",
      verdict: executableRatio <= 0.5 ? "met, and the aim" : executableRatio <= 1 ? `met; the aim of 0.5× missed by ${round(executablePort - port / 2)} ms` : `MISSED by ${round(executablePort - port)} ms`,
    },
    {
      section: "8",
      measure: "The single executable: port line → Configure → Check → first Create answered; peak RSS after it, against the script's",
      result: `${round(toCreateOf(result.executable))} ms vs ${round(toCreateOf(result.plugin))} ms; ${round(executableRss, 1)} MB vs ${round(rss, 1)} MB = ${signed(executableRss - rss)} MB`,
      goal: "context (the same code; the executable maps more of its own file)",
      verdict: "—",
    },
  ];
}

if (require.main === module) {
  benchPluginStart(Number(process.argv[2] ?? 5))
    .then((result) => {
      for (const row of pluginStartRows(result)) console.log(`${row.measure}: ${row.result} — ${row.verdict}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
