/**
 * Benchmark section 8, under the real CLI: the package's share of a YAML program's `preview` — a program declaring one
 * PushProviderSelection against one declaring none, from an empty stack — with today's plugin (the package's script,
 * run by `node`) and with the single executable `npm run release` ships, side by side. Both are found through
 * `plugins.providers`, so only the plugin differs. Rounds interleaved; medians.
 *
 *   npx tsx test/bench/yamlPreviewCost.ts [rounds]     (needs `npm run build` and `npm run pulumi-cli`)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import { startEmulator } from "../../tools/emulator";
import { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { readPins } from "../../tools/pulumi-cli/build";
import { buildExecutable } from "../../tools/release/executable";
import { currentPlatform } from "../../tools/release/platform";
import { emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import type { Row } from "./report";
import { median } from "./stats";

const CLIENT = { id: "bench-yaml-preview", secret: "bench-yaml-preview-secret" };
type Plugin = "script" | "executable";

export interface YamlPreviewCost {
  rounds: number;
  /** Median `preview` wall time of the program declaring none, and of the one declaring one resource, per plugin. */
  noneMs: number;
  oneMs: Record<Plugin, number>;
  loadBefore: number;
  loadAfter: number;
}

/** A folder holding the plugin as the CLI runs it: `pulumi-resource-tenant`, a link to the script or the executable. */
function pluginFolder(root: string, plugin: Plugin, file: string): string {
  const dir = path.join(root, `plugin-${plugin}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(file, path.join(dir, "pulumi-resource-tenant"));
  return dir;
}

function project(root: string, name: string, pluginDir: string, resources: Record<string, unknown>): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  const program = {
    name: `bench-${name}`,
    runtime: "yaml",
    plugins: { providers: [{ name: "tenant", path: pluginDir }] },
    ...(Object.keys(resources).length > 0 ? { resources } : {}),
    outputs: { declared: Object.keys(resources).length },
  };
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), stringifyYaml(program));
  return dir;
}

export async function benchYamlPreviewCost(rounds = 5): Promise<YamlPreviewCost> {
  const loadBefore = os.loadavg()[0];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-yaml-"));
  const emulator = await startEmulator({ clients: [CLIENT] });
  try {
    const executable = (await buildExecutable(path.join(root, "executable"), currentPlatform(), path.join(root, "sea"))).file;
    const folders: Record<Plugin, string> = {
      script: pluginFolder(root, "script", path.join(REPO_ROOT, "pulumi-resource-tenant")),
      executable: pluginFolder(root, "executable", executable),
    };
    const push = { push: { type: "tenant:index:PushProviderSelection", properties: { provider: "sns" } } };
    const stack = (dir: string): PulumiCliEngine =>
      new PulumiCliEngine({ projectDir: dir, stack: "bench", stateDir: path.join(dir, ".state"), passphrase: "bench", config: emulatorConnectionConfig(emulator, CLIENT) });
    const stacks = {
      none: stack(project(root, "none", folders.script, {})),
      script: stack(project(root, "one-script", folders.script, push)),
      executable: stack(project(root, "one-executable", folders.executable, push)),
    };
    const times: Record<keyof typeof stacks, number[]> = { none: [], script: [], executable: [] };
    // The stacks exist and hold their config, and a first preview warms the file cache: what is timed is the preview.
    for (const engine of Object.values(stacks)) await engine.preview();
    for (let round = 0; round < rounds; round++) {
      for (const [name, engine] of Object.entries(stacks) as [keyof typeof stacks, PulumiCliEngine][]) {
        const started = performance.now();
        await engine.preview();
        times[name].push(performance.now() - started);
      }
    }
    return {
      rounds,
      noneMs: median(times.none),
      oneMs: { script: median(times.script), executable: median(times.executable) },
      loadBefore,
      loadAfter: os.loadavg()[0],
    };
  } finally {
    await emulator.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export function yamlPreviewCostRows(cost: YamlPreviewCost): Row[] {
  const share = (plugin: Plugin): number => cost.oneMs[plugin] - cost.noneMs;
  return [
    {
      section: "8",
      measure: `YAML \`preview\` under the Pulumi CLI ${readPins().pulumi}, empty stack: one PushProviderSelection against none, today's plugin (the script under node) and the single executable (median of ${cost.rounds})`,
      result: `none ${seconds(cost.noneMs)}; one: script ${seconds(cost.oneMs.script)}, executable ${seconds(cost.oneMs.executable)}; the package's share ${seconds(share("script"))} → ${seconds(share("executable"))}; load ${cost.loadBefore.toFixed(2)} → ${cost.loadAfter.toFixed(2)}`,
      goal: "the executable's share no larger than the script's",
      verdict: share("executable") <= share("script") ? "met" : `MISSED by ${seconds(share("executable") - share("script"))}`,
    },
  ];
}

if (require.main === module) {
  benchYamlPreviewCost(Number(process.argv[2] ?? 5)).then((cost) => {
    for (const row of yamlPreviewCostRows(cost)) console.log(`${row.measure}: ${row.result} — ${row.verdict}`);
  });
}
