/**
 * What a provider host loads for our code (fixtures/requireProfile.js in a plain node process with
 * @pulumi/pulumi already loaded, as in the host): the handler (Check and Diff need only that), then undici (loaded
 * with the first HTTP request). Self time per package, medians of a few processes.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { median } from "./stats";

const run = promisify(execFile);
const PROFILER = path.join(__dirname, "fixtures", "requireProfile.js");
const HANDLER = "pulumi-tenant/dist/resources/pushProviderSelection/handler";
/** What the first request runs: undici from the vendored bundle. */
const UNDICI = "pulumi-tenant/dist/vendor#undici";

interface ProfileStep {
  target: string;
  totalMs: number;
  rssGrowthMb: number;
  packages: { name: string; ms: number; files: number }[];
}

export interface LoadProfile {
  /** Loading the handler (Check path). */
  handlerMs: number;
  handlerZodMs: number;
  /** Self time of the package's own files. */
  handlerOwnMs: number;
  handlerOwnFiles: number;
  handlerRssMb: number;
  /** undici, loaded with the first request. */
  undiciMs: number;
  undiciRssMb: number;
}

async function profileOnce(handler = HANDLER): Promise<ProfileStep[]> {
  const { stdout } = await run(process.execPath, [PROFILER, REPO_ROOT, `${handler},${UNDICI}`, "@pulumi/pulumi"], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: "1" },
    timeout: 60_000,
  });
  return (JSON.parse(stdout) as { steps: ProfileStep[] }).steps;
}

export async function profileHandlerLoad(processes = 3): Promise<LoadProfile> {
  const samples: ProfileStep[][] = [];
  for (let index = 0; index < processes; index++) samples.push(await profileOnce());
  const of = (step: number, pick: (profile: ProfileStep) => number): number => median(samples.map((steps) => pick(steps[step])));
  const packageMs = (profile: ProfileStep, name: string): number => profile.packages.find((entry) => entry.name === name)?.ms ?? 0;
  const own = (profile: ProfileStep) => profile.packages.filter((entry) => entry.name.startsWith("pulumi-tenant:"));
  return {
    handlerMs: of(0, (profile) => profile.totalMs),
    handlerZodMs: of(0, (profile) => packageMs(profile, "zod")),
    handlerOwnMs: of(0, (profile) => own(profile).reduce((sum, entry) => sum + entry.ms, 0)),
    handlerOwnFiles: of(0, (profile) => own(profile).length),
    handlerRssMb: of(0, (profile) => profile.rssGrowthMb),
    undiciMs: of(1, (profile) => profile.totalMs),
    undiciRssMb: of(1, (profile) => profile.rssGrowthMb),
  };
}

/** One resource type's handler: what its first Check costs a host to load (zod included), median of a few processes. */
export interface TypeLoad {
  module: string;
  handlerMs: number;
  files: number;
}

/** Loading each registered resource's handler alone, in a fresh process each (a host serving only that type). */
export async function profileLoadPerType(modules: readonly string[], processes = 3): Promise<TypeLoad[]> {
  const loads: TypeLoad[] = [];
  for (const module of modules) {
    const samples: ProfileStep[] = [];
    for (let index = 0; index < processes; index++) samples.push((await profileOnce(`pulumi-tenant/dist/resources/${module}/handler`))[0]);
    loads.push({
      module,
      handlerMs: median(samples.map((step) => step.totalMs)),
      files: median(samples.map((step) => step.packages.filter((entry) => entry.name.startsWith("pulumi-tenant:")).length)),
    });
  }
  return loads;
}

if (require.main === module) {
  profileHandlerLoad()
    .then((profile) => console.log(JSON.stringify(profile, (_key, value: unknown) => (typeof value === "number" ? Math.round(value * 10) / 10 : value), 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
