/**
 * Benchmark: cold start of the dynamic-provider host (the user's own @pulumi/pulumi) and what pulumi-tenant adds. The
 * host is started as the CLI starts it: its launcher `pulumi-resource-pulumi-nodejs` (a shell script that asks node
 * where `cmd/dynamic-provider` is, then runs it), the engine address as its argument.
 *
 *   bare   spawn → the host prints its port (nothing of ours loaded); peak RSS at that point
 *   null   spawn → Configure → Check → Create answered, with a provider that loads and calls nothing: the
 *          host's own cost of those RPCs
 *   tenant the same with a PushProviderSelection stored with today's short `__provider` text, against the
 *          emulator (token + GET + PUT);
 *          peak RSS (VmHWM) of the host under the launcher after the Create answer
 *
 * Variants are interleaved round by round so drift on a noisy machine hits all three alike; medians are reported.
 *
 *   npx tsx test/bench/coldStart.ts [rounds]     (needs `npm run build`)
 */
import * as fs from "node:fs";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { DynamicProviderHost } from "../../tools/host-driver";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { providerText } from "../../provider/resources/common/providerText";
import { serializedNullProvider } from "./serialization";
import { median } from "./stats";

const PROJECT = "tenant-basic";
const PUSH_URN = `urn:pulumi:bench::${PROJECT}::pulumi-nodejs:dynamic/tenant:PushProviderSelection::push`;
const NULL_URN = `urn:pulumi:bench::${PROJECT}::pulumi-nodejs:dynamic/bench:Null::null`;
const CLIENT = { id: "bench-cold-start", secret: "bench-cold-start-secret" };

export interface HostSample {
  /** Spawn → port line. */
  portMs: number;
  /** Spawn → Create answered (undefined for the bare host). */
  createMs?: number;
  /** Phases after the port line. */
  configureMs?: number;
  checkMs?: number;
  createCallMs?: number;
  /** Time the emulator spent answering this host's requests (server side), and how many it answered. */
  apiServerMs?: number;
  apiRequests?: number;
  /** Peak resident set (VmHWM) at the end of the sequence. */
  peakRssMb: number;
}

export interface ColdStartResult {
  rounds: number;
  bare: HostSample[];
  nullProvider: HostSample[];
  tenant: HostSample[];
}

/** VmHWM (peak RSS) of a live process, in MB. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** A host in `projectDir` (default: the repository, finding this checkout through NODE_PATH). */
async function startHost(projectDir?: string): Promise<{ host: DynamicProviderHost; started: number; portMs: number }> {
  const started = performance.now();
  const where = projectDir ? { cwd: projectDir } : { cwd: REPO_ROOT, env: packageLookupEnv() };
  const host = await DynamicProviderHost.start({ ...where, project: PROJECT, callTimeoutMs: 30_000 });
  return { host, started, portMs: performance.now() - started };
}

export async function bareHost(): Promise<HostSample> {
  const { host, portMs } = await startHost();
  try {
    return { portMs, peakRssMb: peakRssMb(host.servingPid()) };
  } finally {
    await host.stop();
  }
}

/** Spawn → Configure → Check → Create, as the engine sends them for a new resource. */
async function hostWithProvider(
  config: Record<string, unknown>,
  urn: string,
  inputs: Record<string, unknown>,
  emulator?: Emulator,
  projectDir?: string,
): Promise<HostSample> {
  const { host, started, portMs } = await startHost(projectDir);
  try {
    const logBefore = emulator?.requests.length ?? 0;
    let mark = performance.now();
    const lap = (): number => {
      const now = performance.now();
      const elapsed = now - mark;
      mark = now;
      return elapsed;
    };
    await host.configure(config);
    const configureMs = lap();
    const checked = await host.check(urn, {}, inputs);
    if (checked.failures.length > 0) throw new Error(`check failed: ${JSON.stringify(checked.failures)}`);
    const checkMs = lap();
    await host.create(urn, checked.inputs);
    const createCallMs = lap();
    const createMs = performance.now() - started;
    const served = emulator ? emulator.requests.slice(logBefore) : [];
    return {
      portMs,
      createMs,
      configureMs,
      checkMs,
      createCallMs,
      apiServerMs: served.reduce((sum, entry) => sum + entry.durationMs, 0),
      apiRequests: served.length,
      peakRssMb: peakRssMb(host.servingPid()),
    };
  } finally {
    await host.stop();
  }
}

/** Spawn → Configure → Check → first Create of a PushProviderSelection (token + GET + PUT) in `projectDir`. */
export function tenantDomain(emulator: Emulator, pushText: string, provider: string, projectDir?: string): Promise<HostSample> {
  const config = { "tenant:domain": emulator.url, "tenant:clientId": CLIENT.id, "tenant:clientSecret": CLIENT.secret };
  return hostWithProvider(config, PUSH_URN, { provider, __provider: pushText }, emulator, projectDir);
}

export const COLD_START_CLIENT = CLIENT;

export async function benchColdStart(rounds = 5): Promise<ColdStartResult> {
  const pushText = providerText("pushProviderSelection");
  const nullText = await serializedNullProvider();

  const emulator = await startEmulator({ clients: [CLIENT] });
  const tenantConfig = { "tenant:domain": emulator.url, "tenant:clientId": CLIENT.id, "tenant:clientSecret": CLIENT.secret };
  const result: ColdStartResult = { rounds, bare: [], nullProvider: [], tenant: [] };
  try {
    // One unmeasured round warms the OS file cache for the host, the SDK and our modules.
    await hostWithProvider(tenantConfig, PUSH_URN, { provider: "sns", __provider: pushText }, emulator);
    for (let round = 0; round < rounds; round++) {
      result.bare.push(await bareHost());
      result.nullProvider.push(await hostWithProvider({}, NULL_URN, { size: 1, __provider: nullText }));
      result.tenant.push(await hostWithProvider(tenantConfig, PUSH_URN, { provider: round % 2 ? "sns" : "direct", __provider: pushText }, emulator));
    }
    return result;
  } finally {
    await emulator.close();
  }
}

export interface ColdStartSummary {
  barePortMs: number;
  bareRssMb: number;
  nullAfterPortMs: number;
  nullRssMb: number;
  tenantCreateMs: number;
  tenantRssMb: number;
  tenantCheckMs: number;
  tenantCreateCallMs: number;
  tenantApiServerMs: number;
  tenantApiRequests: number;
  /**
   * What the package adds to a cold host: port line → first Create answered, in the same host (the port line is
   * the bare host's finish line, and nothing of ours loads before it). Per-sample differences are far less noisy
   * than subtracting two medians of separate spawns.
   */
  addedMs: number;
  /** Peak RSS after the first Create minus the bare host's peak RSS at its port line. */
  addedRssMb: number;
  /** The same two over the null provider: the host's own Configure/Check/Create cost removed. */
  addedOverNullMs: number;
  addedOverNullRssMb: number;
}

export const afterPort = (sample: HostSample): number => (sample.createMs ?? Number.NaN) - sample.portMs;

export function summarizeColdStart(result: ColdStartResult): ColdStartSummary {
  const pick = (samples: HostSample[], key: keyof HostSample): number => median(samples.map((sample) => sample[key] ?? Number.NaN));
  const summary = {
    barePortMs: pick(result.bare, "portMs"),
    bareRssMb: pick(result.bare, "peakRssMb"),
    nullAfterPortMs: median(result.nullProvider.map(afterPort)),
    nullRssMb: pick(result.nullProvider, "peakRssMb"),
    tenantCreateMs: pick(result.tenant, "createMs"),
    tenantRssMb: pick(result.tenant, "peakRssMb"),
    tenantCheckMs: pick(result.tenant, "checkMs"),
    tenantCreateCallMs: pick(result.tenant, "createCallMs"),
    tenantApiServerMs: pick(result.tenant, "apiServerMs"),
    tenantApiRequests: pick(result.tenant, "apiRequests"),
  };
  const addedMs = median(result.tenant.map(afterPort));
  return {
    ...summary,
    addedMs,
    addedRssMb: summary.tenantRssMb - summary.bareRssMb,
    addedOverNullMs: addedMs - summary.nullAfterPortMs,
    addedOverNullRssMb: summary.tenantRssMb - summary.nullRssMb,
  };
}

if (require.main === module) {
  const rounds = Number(process.argv[2] ?? 5);
  benchColdStart(rounds)
    .then((result) => {
      for (const [name, samples] of Object.entries({ bare: result.bare, null: result.nullProvider, tenant: result.tenant })) {
        for (const sample of samples) console.log(name, JSON.stringify(sample, (_key, value: unknown) => (typeof value === "number" ? Math.round(value * 10) / 10 : value)));
      }
      console.log(JSON.stringify(summarizeColdStart(result), (_key, value: unknown) => (typeof value === "number" ? Math.round(value * 10) / 10 : value), 2));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
