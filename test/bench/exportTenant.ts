// Benchmark: `pulumi-tenant export` of a tenant with 1,000 event streams (the realistic tenant of
// test/support/realisticTenant.ts) under a rate limit, and the `up` of the program it wrote through the Pulumi
// CLI. Export: its API requests, its time (the process's, and the reading it reports), and the ratio of the
// reading time to the bound, the requests divided by the tenant's rate limit per second. Up: the requests it sends,
// which must all be reads, and its time. The load average is taken at the start and end of each part.
//
//   npx tsx test/bench/exportTenant.ts [streams]     (needs `npm run build`)
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { REPO_COMMAND, runCommand, tenantEnv } from "../support/exportProcess";
import { seedRealisticTenant } from "../support/realisticTenant";
import { engineLabel, type Row } from "./report";

/** The tenant's bucket: this many API requests a second (the emulator's default refill: a full bucket each second). */
export const RATE_LIMIT_PER_SECOND = 50;
const CLIENT = { id: "bench-export", secret: "bench-export-secret" };

export interface ExportBench {
  streams: number;
  declared: number;
  export: { requests: number; tokenRequests: number; wallMs: number; readMs: number; boundMs: number; load: [number, number] };
  up: { gets: number; others: string[]; tokenRequests: number; wallMs: number; load: [number, number]; failed?: string };
}

function apiRequests(emulator: Emulator, from: number) {
  const entries = emulator.requests.slice(from);
  const api = entries.filter((entry) => entry.path.startsWith("/api/v2"));
  return {
    gets: api.filter((entry) => entry.method === "GET").length,
    others: api.filter((entry) => entry.method !== "GET").map((entry) => `${entry.method} ${entry.path}`),
    tokenRequests: entries.filter((entry) => entry.path.startsWith("/oauth/token")).length,
  };
}

export async function benchExport(streams = 1_000): Promise<ExportBench> {
  const emulator = await startEmulator({ clients: [CLIENT], rateLimit: RATE_LIMIT_PER_SECOND });
  const scratch = path.join(REPO_ROOT, ".tmp", `bench-export-${process.pid}`);
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  try {
    await seedRealisticTenant(emulator, CLIENT.id, streams);
    const folder = path.join(scratch, "exported");

    let mark = emulator.requests.length;
    let load = os.loadavg()[0];
    let started = performance.now();
    const run = await runCommand(REPO_COMMAND, ["export", folder], { cwd: scratch, env: tenantEnv(emulator, CLIENT) });
    const exportMs = performance.now() - started;
    if (run.code !== 0) throw new Error(`export failed (${run.code}): ${run.stderr}`);
    const readSeconds = /in ([\d.]+) s$/m.exec(run.stderr)?.[1];
    if (readSeconds === undefined) throw new Error(`export printed no reading time: ${run.stderr}`);
    const exported = apiRequests(emulator, mark);
    const declared = (JSON.parse(fs.readFileSync(path.join(folder, "import.json"), "utf8")) as { resources: unknown[] }).resources.length;
    const exportPart = {
      requests: exported.gets + exported.others.length,
      tokenRequests: exported.tokenRequests,
      wallMs: exportMs,
      readMs: Number(readSeconds) * 1000,
      boundMs: ((exported.gets + exported.others.length) / RATE_LIMIT_PER_SECOND) * 1000,
      load: [load, os.loadavg()[0]] as [number, number],
    };

    const engine = new PulumiCliEngine({
      projectDir: folder,
      stack: "bench",
      stateDir: path.join(scratch, "state"),
      passphrase: "bench export",
      config: emulatorConnectionConfig(emulator, CLIENT),
      env: { ...BLANK_TENANT_ENV, PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv() },
      timeoutMs: 1_800_000,
    });
    mark = emulator.requests.length;
    load = os.loadavg()[0];
    started = performance.now();
    // A failed up is a finding of the bench, not the end of `npm run bench`.
    const failed = await engine.up().then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n").slice(0, 2).join(" "),
    );
    const upMs = performance.now() - started;
    const up = apiRequests(emulator, mark);
    return { streams, declared, export: exportPart, up: { ...up, wallMs: upMs, load: [load, os.loadavg()[0]], failed } };
  } finally {
    await emulator.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const loads = ([start, end]: [number, number]): string => `load average ${start.toFixed(2)} → ${end.toFixed(2)}`;

/** The section's two rows, as the report's table has them. */
export function exportRows(bench: ExportBench): Row[] {
  const ratio = bench.export.readMs / bench.export.boundMs;
  const upReadsOnly = bench.up.others.length === 0;
  return [
    {
      section: "10",
      measure: `pulumi-tenant export of a tenant with ${bench.streams} event streams, ${RATE_LIMIT_PER_SECOND} requests/s`,
      result:
        `${bench.export.requests} API requests + ${bench.export.tokenRequests} token; reading ${seconds(bench.export.readMs)} / bound ` +
        `${seconds(bench.export.boundMs)} (requests ÷ rate limit) = ${ratio.toFixed(2)}×; the whole process ${seconds(bench.export.wallMs)}; ` +
        `${bench.declared} resources declared; ${loads(bench.export.load)}`,
      goal: `one GET per setting and per page of 100 streams (${Math.ceil(bench.streams / 100) + 1} pages); reading near the bound`,
      verdict: ratio <= 1.05 ? "at the bound" : `${ratio.toFixed(2)}× the bound`,
    },
    {
      section: "10",
      measure: `up of the exported program (${bench.declared} resources) through ${engineLabel()}`,
      result:
        `${bench.up.gets} GET${bench.up.gets === 1 ? "" : "s"}, ${bench.up.others.length} other requests, ${bench.up.tokenRequests} token; ` +
        `${seconds(bench.up.wallMs)}; ${loads(bench.up.load)}`,
      goal: "reads only: nothing on the tenant changes",
      verdict: bench.up.failed
        ? `MISSES: up failed (${bench.up.failed})`
        : upReadsOnly
          ? "reads only"
          : `MISSES: ${bench.up.others.slice(0, 3).join(", ")}${bench.up.others.length > 3 ? ", …" : ""}`,
    },
  ];
}

async function main(): Promise<void> {
  const streams = Number(process.argv[2] ?? 1_000);
  const bench = await benchExport(streams);
  for (const row of exportRows(bench)) console.log(`${row.measure}: ${row.result} [${row.verdict}]`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
