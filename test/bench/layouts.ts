/**
 * Benchmark: two ways to ship the package, installed as a copy into a consumer project of its own each.
 *
 *   vendored   dist/ as built: zod and undici bundled into dist/vendor.js, no dependencies installed
 *   installed  tsc's output alone, loading the installed zod and undici file by file
 *
 * For each: a host's port line → Configure → Check → first Create of a PushProviderSelection (token + GET + PUT)
 * against the emulator, its peak RSS, and the time a program's `require("pulumi-tenant")` takes once
 * @pulumi/pulumi is loaded. Layouts alternate round by round so drift on a noisy machine hits both alike.
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
import { COLD_START_CLIENT, afterPort, bareHost, tenantHost, type HostSample } from "./coldStart";
import { serializeProviders } from "./serialization";
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

/** Milliseconds a program spends in `require("pulumi-tenant")` after loading @pulumi/pulumi. */
async function programLoadMs(projectDir: string): Promise<number> {
  const script = `require("@pulumi/pulumi"); const t = performance.now(); require("pulumi-tenant"); process.stdout.write(String(performance.now() - t));`;
  const { stdout } = await run(process.execPath, ["-e", script], { cwd: projectDir, timeout: 60_000 });
  return Number(stdout);
}

export interface LayoutSamples {
  bare: HostSample[];
  host: Record<Layout, HostSample[]>;
  programLoadMs: Record<Layout, number[]>;
}

export async function benchLayouts(rounds = 7): Promise<LayoutSamples> {
  const layouts = buildLayouts();
  const emulator = await startEmulator({ clients: [COLD_START_CLIENT] });
  try {
    const pushText = (await serializeProviders(REPO_ROOT, ["shims"])).shims?.find((shim) => shim.name === "pushProviderSelectionShim")?.text;
    if (!pushText) throw new Error("could not serialize the PushProviderSelection shim");
    const samples: LayoutSamples = { bare: [], host: { vendored: [], installed: [] }, programLoadMs: { vendored: [], installed: [] } };
    const order: Layout[] = ["vendored", "installed"];
    // One unmeasured round per layout warms the OS file cache.
    for (const layout of order) await tenantHost(emulator, pushText, "sns", layouts.projects[layout]);
    for (let round = 0; round < rounds; round++) {
      samples.bare.push(await bareHost());
      for (const layout of round % 2 ? [...order].reverse() : order) {
        samples.host[layout].push(await tenantHost(emulator, pushText, round % 2 ? "sns" : "direct", layouts.projects[layout]));
        samples.programLoadMs[layout].push(await programLoadMs(layouts.projects[layout]));
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
  programLoadMs: number;
}

export function summarizeLayouts(samples: LayoutSamples): LayoutSummary[] {
  const bareRss = median(samples.bare.map((sample) => sample.peakRssMb));
  return (["vendored", "installed"] as const).map((layout) => ({
    layout,
    addedMs: median(samples.host[layout].map(afterPort)),
    checkMs: median(samples.host[layout].map((sample) => sample.checkMs ?? Number.NaN)),
    createCallMs: median(samples.host[layout].map((sample) => sample.createCallMs ?? Number.NaN)),
    addedRssMb: median(samples.host[layout].map((sample) => sample.peakRssMb)) - bareRss,
    programLoadMs: median(samples.programLoadMs[layout]),
  }));
}

if (require.main === module) {
  benchLayouts(Number(process.argv[2] ?? 7))
    .then((samples) => {
      const round = (value: unknown) => (typeof value === "number" ? Math.round(value * 10) / 10 : value);
      for (const layout of ["vendored", "installed"] as const) {
        console.log(layout, "host after port (ms):", samples.host[layout].map(afterPort).map(round).join(" "));
        console.log(layout, "program require (ms):", samples.programLoadMs[layout].map(round).join(" "));
      }
      console.log("bare host port (ms):", samples.bare.map((sample) => round(sample.portMs)).join(" "));
      console.log(JSON.stringify(summarizeLayouts(samples), (_key, value: unknown) => round(value), 2));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
