/**
 * examples/exported: what `pulumi-tenant export` writes for the realistic tenant (realisticTenant.ts, ten streams)
 * seeded into an emulator on a fixed port with a fixed id seed, so the same package gives the same files on any
 * machine. test/cli/exportedExample.test.ts regenerates it and compares; after a change to what export writes,
 *
 *   npm run build && npx tsx test/support/exportedExample.ts
 *
 * rewrites the example's files (its README is left alone). With `--serve` it starts that tenant and keeps it running
 * (until Ctrl-C), printing the variables that point `pulumi-tenant export` and `pulumi up` at it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { REPO_ROOT } from "../resources/dist";
import { REPO_COMMAND, runCommand, type CommandRun } from "./exportProcess";
import { seedRealisticTenant } from "./realisticTenant";

export const EXAMPLE_FOLDER = path.join(REPO_ROOT, "examples", "exported");
/** The files export writes, all of them kept in the example. */
export const EXPORTED_FILES = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "import.json"] as const;
const EXAMPLE_PORT = 4417;
const ID_SEED = "examples/exported";
const CLIENT = { id: "exported-example", secret: "exported-example-secret" };

/**
 * The example's tenant, seeded, on its port (or another: `0` for any free one; the program holds no address); answers
 * every secret the tenant holds beside the emulator.
 */
export async function startExampleTenant(port = EXAMPLE_PORT): Promise<{ emulator: Emulator; client: typeof CLIENT; secrets: string[] }> {
  const emulator = await startEmulator({ port, idSeed: ID_SEED, clients: [CLIENT] });
  const secrets = await seedRealisticTenant(emulator, CLIENT.id, 10);
  return { emulator, client: CLIENT, secrets };
}

/** The variables that point the command (or `pulumi up`) at the example's tenant. */
export const EXAMPLE_TENANT_ENV = { TENANT_DOMAIN: `http://127.0.0.1:${EXAMPLE_PORT}`, TENANT_CLIENT_ID: CLIENT.id, TENANT_CLIENT_SECRET: CLIENT.secret };

/** Seeds the example's tenant and exports it into `folder` (which must be empty or new). */
export async function exportExample(folder: string): Promise<CommandRun> {
  const { emulator } = await startExampleTenant();
  try {
    return await runCommand(REPO_COMMAND, ["export", folder, "--name", "exported-tenant"], { cwd: REPO_ROOT, env: EXAMPLE_TENANT_ENV });
  } finally {
    await emulator.close();
  }
}

/** `--serve`: the example's tenant until interrupted. */
async function serve(): Promise<void> {
  const { emulator } = await startExampleTenant();
  const variables = Object.entries(EXAMPLE_TENANT_ENV).map(([name, value]) => `${name}=${value}`);
  process.stdout.write(`The tenant examples/exported was exported from, seeded, at ${emulator.url} (Ctrl-C stops it):\n${variables.join(" ")}\n`);
  const stop = (): void => void emulator.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

async function main(): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-exported-example-"));
  try {
    const run = await exportExample(path.join(scratch, "exported"));
    if (run.code !== 0) throw new Error(`export failed (${run.code}): ${run.stderr}`);
    for (const file of EXPORTED_FILES) fs.copyFileSync(path.join(scratch, "exported", file), path.join(EXAMPLE_FOLDER, file));
    process.stdout.write(run.stdout);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  (process.argv.includes("--serve") ? serve() : main()).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
