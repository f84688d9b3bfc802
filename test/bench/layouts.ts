/**
 * Benchmark: two ways to ship the package, installed as a copy into a consumer project of its own each.
 *
 *   vendored   dist/ as built: zod and undici bundled into dist/vendor.js, no dependencies installed
 *   installed  tsc's output alone, loading the installed zod and undici file by file
 *
 * For each: a real host's port line → Configure → Check → first Create of a PushProviderSelection (token + GET +
 * PUT) against the emulator, and its peak RSS; then the same handler calls in a plain process with @pulumi/pulumi
 * loaded first, timed in wall-clock and in CPU time (which a busy shared machine disturbs far less), and a
 * program's `require("pulumi-tenant")` the same way. Layouts alternate round by round so drift hits both alike.
 *
 *   npx tsx test/bench/layouts.ts [rounds]     (needs `npm run build`)
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { startEmulator } from "../../tools/emulator";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { COLD_START_CLIENT, afterPort, bareHost, tenantDomain, type HostSample } from "./coldStart";
import { providerText } from "../../provider/resources/common/providerText";
import { median } from "./stats";

const run = promisify(execFile);
export type Layout = "vendored" | "installed";

/** A consumer project holding `dist` as its installed pulumi-tenant, with the given dependencies linked. */
function consumerProject(root: string, dist: string, dependencies: string[]): void {
  const packageDir = path.join(root, "node_modules", "pulumi-tenant");
  fs.mkdirSync(path.join(root, "node_modules", "@pulumi"), { recursive: true });
  fs.mkdirSync(packageDir);
  fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(packageDir, "package.json"));
  fs.cpSync(dist, path.join(packageDir, "dist"), { recursive: true });
  for (const dependency of ["@pulumi/pulumi", ...dependencies]) {
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", dependency), path.join(root, "node_modules", dependency), "dir");
  }
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "bench-consumer", private: true }));
  fs.writeFileSync(path.join(root, "Pulumi.yaml"), "name: tenant-basic\nruntime: nodejs\n");
}

/** Both layouts under one temporary folder; `installed` is compiled here by tsc alone. */
function buildLayouts(): { projects: Record<Layout, string>; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-layouts-"));
  const installedDist = path.join(dir, "installed-dist");
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(REPO_ROOT, "tsconfig.build.json"), "--outDir", installedDist]);
  const projects = { vendored: path.join(dir, "vendored"), installed: path.join(dir, "installed") };
  consumerProject(projects.vendored, path.join(REPO_ROOT, "dist"), []);
  consumerProject(projects.installed, installedDist, ["zod", "undici"]);
  return { projects, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Wall-clock and CPU milliseconds of one stretch of work. */
export interface Cost {
  wallMs: number;
  cpuMs: number;
}

export interface PackageCost {
  /** Loading the handler, Configure and Check: all a preview needs. */
  check: Cost;
  /** The first Create: undici, token, GET and PUT. */
  create: Cost;
  /** A program's `require("pulumi-tenant")`. */
  program: Cost;
}

const MEASURE = `
  const cost = async (work) => {
    const wall = performance.now(), cpu = process.cpuUsage();
    await work();
    const used = process.cpuUsage(cpu);
    return { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
  };
  require("@pulumi/pulumi");`;

/** The package's share of a host's and a program's work, in two fresh processes in `projectDir`. */
async function packageCost(projectDir: string, domain: string, provider: string): Promise<PackageCost> {
  const settings = { "tenant:domain": domain, "tenant:clientId": COLD_START_CLIENT.id, "tenant:clientSecret": COLD_START_CLIENT.secret };
  const hostScript = `${MEASURE}
    const settings = ${JSON.stringify(settings)};
    let handler, inputs;
    (async () => {
      const check = await cost(async () => {
        handler = require("pulumi-tenant/dist/resources/pushProviderSelection/handler");
        await handler.configure({ config: { get: (key) => settings[key] } });
        inputs = (await handler.check({}, { provider: ${JSON.stringify(provider)} })).inputs;
      });
      const create = await cost(() => handler.create(inputs));
      process.stdout.write(JSON.stringify({ check, create }));
      process.exit(0);
    })();`;
  const programScript = `${MEASURE}
    cost(() => require("pulumi-tenant")).then((program) => process.stdout.write(JSON.stringify({ program })));`;
  const measured = async (script: string) => JSON.parse((await run(process.execPath, ["-e", script], { cwd: projectDir, timeout: 60_000 })).stdout) as Partial<PackageCost>;
  return { ...(await measured(hostScript)), ...(await measured(programScript)) } as PackageCost;
}

export interface LayoutSamples {
  bare: HostSample[];
  host: Record<Layout, HostSample[]>;
  cost: Record<Layout, PackageCost[]>;
}

export async function benchLayouts(rounds = 7): Promise<LayoutSamples> {
  const layouts = buildLayouts();
  const emulator = await startEmulator({ clients: [COLD_START_CLIENT] });
  try {
    const pushText = providerText("pushProviderSelection");
    const samples: LayoutSamples = { bare: [], host: { vendored: [], installed: [] }, cost: { vendored: [], installed: [] } };
    const order: Layout[] = ["vendored", "installed"];
    // One unmeasured round per layout warms the OS file cache.
    for (const layout of order) await tenantDomain(emulator, pushText, "sns", layouts.projects[layout]);
    for (let round = 0; round < rounds; round++) {
      samples.bare.push(await bareHost());
      for (const layout of round % 2 ? [...order].reverse() : order) {
        const provider = round % 2 ? "sns" : "direct";
        samples.host[layout].push(await tenantDomain(emulator, pushText, provider, layouts.projects[layout]));
        samples.cost[layout].push(await packageCost(layouts.projects[layout], emulator.url, provider));
      }
    }
    return samples;
  } finally {
    await emulator.close();
    layouts.dispose();
  }
}

export interface LayoutSummary {
  layout: Layout;
  /** Port line → first Create answered, in the same host (median). */
  addedMs: number;
  checkMs: number;
  createCallMs: number;
  /** Peak RSS after the first Create over the bare host's at its port line. */
  addedRssMb: number;
  /** Medians of the plain-process measurements. */
  check: Cost;
  create: Cost;
  program: Cost;
}

export function summarizeLayouts(samples: LayoutSamples): LayoutSummary[] {
  const bareRss = median(samples.bare.map((sample) => sample.peakRssMb));
  return (["vendored", "installed"] as const).map((layout) => ({
    layout,
    addedMs: median(samples.host[layout].map(afterPort)),
    checkMs: median(samples.host[layout].map((sample) => sample.checkMs ?? Number.NaN)),
    createCallMs: median(samples.host[layout].map((sample) => sample.createCallMs ?? Number.NaN)),
    addedRssMb: median(samples.host[layout].map((sample) => sample.peakRssMb)) - bareRss,
    ...Object.fromEntries(
      (["check", "create", "program"] as const).map((step) => [
        step,
        { wallMs: median(samples.cost[layout].map((cost) => cost[step].wallMs)), cpuMs: median(samples.cost[layout].map((cost) => cost[step].cpuMs)) },
      ]),
    ) as Pick<LayoutSummary, "check" | "create" | "program">,
  }));
}

if (require.main === module) {
  benchLayouts(Number(process.argv[2] ?? 7))
    .then((samples) => {
      const round = (value: unknown) => (typeof value === "number" ? Math.round(value * 10) / 10 : value);
      for (const layout of ["vendored", "installed"] as const) {
        console.log(layout, "host after port (ms):", samples.host[layout].map(afterPort).map(round).join(" "));
        for (const step of ["check", "create", "program"] as const) {
          console.log(layout, step, "wall/cpu (ms):", samples.cost[layout].map((cost) => `${round(cost[step].wallMs)}/${round(cost[step].cpuMs)}`).join(" "));
        }
      }
      console.log("bare host port (ms):", samples.bare.map((sample) => round(sample.portMs)).join(" "));
      console.log(JSON.stringify(summarizeLayouts(samples), (_key, value: unknown) => round(value), 2));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
