/**
 * `npm run pulumi` on a project outside the clone, as the README says to run it: the CLI's own flags before the
 * command (`-C <dir>`, `--cwd <dir>`, `--cwd=<dir>`), then a preview of a Node.js program against the emulator. The
 * wrapper must find the command past the flag's value and give the project its language host.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { runInterleaved, type InterleavedRun } from "../support/interleavedOutput";

const CLIENT = { id: "wrapper-ci", secret: "sentinel-wrapper-secret-64be10" };
const FIXTURE = join(REPO_ROOT, "test", "support", "fixtures", "settingsProgram");

let emulator: Emulator;
let root: string;
let project: string;
let env: NodeJS.ProcessEnv;

/** `npm run pulumi -- <args>` from the clone, as a user types it. */
function npmPulumi(args: string[]): Promise<InterleavedRun> {
  return runInterleaved("npm", ["run", "--silent", "pulumi", "--", ...args, "--non-interactive"], { cwd: REPO_ROOT, env });
}

beforeAll(async () => {
  emulator = await startEmulator({ clients: [CLIENT] });
  root = mkdtempSync(join(tmpdir(), "pulumi-tenant-wrapper-"));
  // A project of its own outside the clone: its program, and node_modules where @pulumi/pulumi resolves.
  project = join(root, "my-tenant");
  mkdirSync(project);
  for (const file of ["Pulumi.yaml", "index.ts"]) copyFileSync(join(FIXTURE, file), join(project, file));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "my-tenant", private: true }));
  symlinkSync(join(REPO_ROOT, "node_modules"), join(project, "node_modules"), "dir");
  mkdirSync(join(root, "state"));
  env = {
    ...process.env,
    ...BLANK_TENANT_ENV,
    ...packageLookupEnv(),
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    PULUMI_BACKEND_URL: `file://${join(root, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "wrapper",
    PULUMI_HOME: join(root, ".pulumi-home"),
  };
  for (const args of [
    ["stack", "init", "dev"],
    ["config", "set", "tenant:domain", emulator.url],
    ["config", "set", "tenant:clientId", CLIENT.id],
    ["config", "set", "--secret", "tenant:clientSecret", CLIENT.secret],
  ]) {
    const outcome = await npmPulumi(["-C", project, ...args]);
    expect(outcome.code, outcome.output).toBe(0);
  }
});

afterAll(async () => {
  await emulator?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("npm run pulumi with the CLI's own flags before the command", () => {
  it.each([["-C"], ["--cwd"], ["--cwd="]])("%s <project> preview runs the program outside the clone", async (flag) => {
    const named = flag.endsWith("=") ? [`${flag}${project}`] : [flag, project];
    const preview = await npmPulumi([...named, "preview"]);
    expect(preview.output, preview.output).not.toContain("no language plugin");
    expect(preview.code, preview.output).toBe(0);
    expect(preview.output).toMatch(/\+\s+pulumi-nodejs:dynamic\/tenant:PushProviderSelection push create/);
    expect(preview.output).toMatch(/\+ 3 to create/);
    expect(preview.output).not.toContain("warning");
  });
});
