/**
 * Benchmark section 11: what the package costs as the user pays it under the real Pulumi CLI. The `up` of a program
 * declaring one resource (a PushProviderSelection: the package loaded in the program, a dynamic-provider host started,
 * two API calls) against the `up` of a program declaring none, each from an empty stack; and the size of the binaries
 * `npm run pulumi-cli` built.
 *
 *   npx tsx test/bench/cliCost.ts [rounds]     (needs `npm run build` and `npm run pulumi-cli`)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../tools/emulator";
import { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { BIN_DIR, readPins } from "../../tools/pulumi-cli/build";
import { emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { median } from "./stats";
import type { Row } from "./report";

const CLIENT = { id: "bench-cli-cost", secret: "bench-cli-cost-secret" };
const PROGRAMS = {
  none: "export const nothing = true;\n",
  one: 'import * as tenant from "pulumi-tenant";\n\nexport const provider = new tenant.PushProviderSelection("push", { provider: "sns" }).provider;\n',
};

export interface CliCost {
  rounds: number;
  /** Median `up` wall time, by program. */
  upMs: Record<keyof typeof PROGRAMS, number>;
  loadBefore: number;
  loadAfter: number;
  /** Bytes of each file in the CLI's folder. */
  binaries: Record<string, number>;
}

function project(root: string, name: keyof typeof PROGRAMS): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: bench-${name}\nruntime: nodejs\nmain: index.ts\n`);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: `bench-${name}`, private: true, main: "index.ts" }));
  fs.writeFileSync(path.join(dir, "index.ts"), PROGRAMS[name]);
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

export async function benchCliCost(rounds = 3): Promise<CliCost> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-cli-"));
  const emulator = await startEmulator({ clients: [CLIENT] });
  const loadBefore = os.loadavg()[0];
  const upMs: CliCost["upMs"] = { none: 0, one: 0 };
  try {
    const dirs = { none: project(root, "none"), one: project(root, "one") };
    for (const name of ["none", "one"] as const) {
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const stack = new PulumiCliEngine({
          projectDir: dirs[name],
          stack: `r${round}`,
          stateDir: path.join(root, `${name}-${round}`),
          passphrase: "bench",
          config: emulatorConnectionConfig(emulator, CLIENT),
          env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv() },
        });
        await stack.readState(); // the stack exists and holds its config: what is timed is the `up` alone
        const started = performance.now();
        await stack.up();
        times.push(performance.now() - started);
        await stack.destroy();
      }
      upMs[name] = median(times);
    }
  } finally {
    await emulator.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
  const binaries = Object.fromEntries(
    fs.readdirSync(BIN_DIR).filter((file) => !file.startsWith(".")).map((file) => [file, fs.statSync(path.join(BIN_DIR, file)).size]),
  );
  return { rounds, upMs, loadBefore, loadAfter: os.loadavg()[0], binaries };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export function cliCostRows(cost: CliCost): Row[] {
  const load = `load ${cost.loadBefore.toFixed(2)} → ${cost.loadAfter.toFixed(2)}`;
  const { none, one } = cost.upMs;
  const sizes = Object.entries(cost.binaries).map(([file, bytes]) => `${file} ${megabytes(bytes)}`).join(", ");
  return [
    {
      section: "11",
      measure: `\`up\` from an empty stack through the Pulumi CLI ${readPins().pulumi}: a program declaring one PushProviderSelection against one declaring none (median of ${cost.rounds})`,
      result: `${seconds(one)} against ${seconds(none)}: the package's start, its host and the create cost ${seconds(one - none)}; ${load}`,
      goal: "for information: the package's share of a user's `up`",
      verdict: "—",
    },
    { section: "11", measure: "the CLI's folder as `npm run pulumi-cli` builds it (stripped, -trimpath)", result: sizes, goal: "for information", verdict: "—" },
  ];
}

if (require.main === module) {
  benchCliCost(Number(process.argv[2] ?? 3)).then((cost) => process.stdout.write(`${JSON.stringify(cost, null, 2)}\n`));
}
