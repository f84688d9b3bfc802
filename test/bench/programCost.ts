/**
 * Benchmark (section 3): what state stores for each resource and what a program spends on this package before its
 * resources register. Each sample is a fresh plain `node` process (fixtures/programCost.js) in a project with an
 * installed copy of the built package, under Pulumi's mocks: the `__provider` text every registered type
 * registers, the time of `require("pulumi-tenant")`, of each constructor and from it to the registration, and the
 * calls of the SDK's serializeFunction, against a `pulumi.dynamic.Resource` in the same process as a control.
 *
 *   npx tsx test/bench/programCost.ts [processes]     (needs `npm run build`)
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { installedCopy } from "./serialization";
import { median, round } from "./stats";

const run = promisify(execFile);
const SCRIPT = path.join(__dirname, "fixtures", "programCost.js");

export interface TypeCost {
  name: string;
  module: string;
  /** The type token the mocks saw. */
  type: string;
  /** The `__provider` input the mocks saw: what state stores. */
  providerText: string;
  bytes: number;
  /** The constructor's own synchronous time. */
  constructMs: number;
  /** From the constructor's start to the mocks' newResource. */
  toRegistrationMs: number;
}

export interface ProgramCostSample {
  requireMs: number;
  requireCpuMs: number;
  /** serializeFunction calls while this package's resources registered. */
  serializeCallsOurs: number;
  types: TypeCost[];
  /** The pulumi.dynamic.Resource created afterwards in the same process. */
  control: { serializeCalls: number; serializeMs: number; toRegistrationMs: number };
}

export async function benchProgramCost(processes = 3): Promise<ProgramCostSample[]> {
  const copy = installedCopy();
  try {
    const samples: ProgramCostSample[] = [];
    for (let index = 0; index < processes; index++) {
      const { stdout } = await run(process.execPath, [SCRIPT, copy.root], {
        cwd: copy.root,
        env: { ...process.env, NODE_NO_WARNINGS: "1" },
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      samples.push(JSON.parse(stdout) as ProgramCostSample);
    }
    return samples;
  } finally {
    copy.dispose();
  }
}

if (require.main === module) {
  benchProgramCost(Number(process.argv[2] ?? 3))
    .then((samples) => {
      for (const type of samples[0]?.types ?? []) console.log(`${type.name}: ${type.bytes} B ${type.providerText}`);
      const at = (pick: (sample: ProgramCostSample) => number): string => round(median(samples.map(pick)), 1);
      console.log(`require("pulumi-tenant") ${at((sample) => sample.requireMs)} ms (CPU ${at((sample) => sample.requireCpuMs)} ms)`);
      console.log(`serializeFunction calls by our resources: ${samples.map((sample) => sample.serializeCallsOurs).join(", ")}`);
      console.log(`control dynamic.Resource: ${at((sample) => sample.control.serializeMs)} ms in serializeFunction, ${at((sample) => sample.control.toRegistrationMs)} ms to its registration`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
