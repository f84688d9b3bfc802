/**
 * Benchmark: the native plugin's start against the bare dynamic-provider host, each started as the CLI starts it, in
 * the same run, rounds interleaved so drift on a noisy machine hits both alike (medians):
 *
 *   bare host  spawn of its launcher → port line; peak RSS (VmHWM) of the host then
 *   plugin     spawn → port line (pulumi-resource-tenant, run as the CLI runs it); then port → Configure →
 *              Check → first Create of a PushProviderSelection answered (token + GET + PUT on the emulator);
 *              peak RSS after it
 *
 * Goals: the plugin starts within 1.2× the bare host's time and stays within 25 MB of its peak RSS.
 *
 *   npx tsx test/bench/pluginStart.ts [rounds]     (needs `npm run build`)
 */
import * as path from "node:path";
import { startEmulator } from "../../tools/emulator";
import { NativePlugin } from "../../tools/host-driver";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { COLD_START_CLIENT, bareHost, peakRssMb, type HostSample } from "./coldStart";
import type { Row } from "./report";
import { median, round } from "./stats";

const EXECUTABLE = path.join(REPO_ROOT, "pulumi-resource-tenant");
const PUSH_URN = "urn:pulumi:bench::tenant-bench::tenant:index:PushProviderSelection::push";
const MAX_START_RATIO = 1.2;
const MAX_ADDED_RSS_MB = 25;

export interface PluginStartResult {
  rounds: number;
  bare: HostSample[];
  plugin: HostSample[];
}

async function pluginSample(domain: string, provider: string): Promise<HostSample> {
  const started = performance.now();
  // No engine in this benchmark: the address is one nothing listens on (the plugin dials it only to log).
  const plugin = await NativePlugin.launch(EXECUTABLE, { cwd: REPO_ROOT, engineAddress: "127.0.0.1:1", callTimeoutMs: 30_000 });
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
  const emulator = await startEmulator({ clients: [COLD_START_CLIENT] });
  const result: PluginStartResult = { rounds, bare: [], plugin: [] };
  try {
    await pluginSample(emulator.url, "sns"); // warms the file cache
    for (let index = 0; index < rounds; index++) {
      result.bare.push(await bareHost());
      result.plugin.push(await pluginSample(emulator.url, index % 2 ? "sns" : "direct"));
    }
    return result;
  } finally {
    await emulator.close();
  }
}

export function pluginStartRows(result: PluginStartResult): Row[] {
  const bare = median(result.bare.map((sample) => sample.portMs));
  const bareRss = median(result.bare.map((sample) => sample.peakRssMb));
  const port = median(result.plugin.map((sample) => sample.portMs));
  const toCreate = median(result.plugin.map((sample) => (sample.createMs ?? Number.NaN) - sample.portMs));
  const rss = median(result.plugin.map((sample) => sample.peakRssMb));
  const ratio = port / bare;
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
      result: `${round(toCreate)} ms (token, GET and PUT on the emulator included)`,
      goal: "context",
      verdict: "—",
    },
    {
      section: "8",
      measure: "Native plugin: peak RSS (VmHWM) after the first Create, against the bare host's at its port line",
      result: `${round(rss, 1)} MB vs ${round(bareRss, 1)} MB = ${rss - bareRss >= 0 ? "+" : ""}${round(rss - bareRss, 1)} MB`,
      goal: `≤ ${MAX_ADDED_RSS_MB} MB above the bare host`,
      verdict: rss - bareRss <= MAX_ADDED_RSS_MB ? "met" : `MISSED by ${round(rss - bareRss - MAX_ADDED_RSS_MB, 1)} MB`,
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
