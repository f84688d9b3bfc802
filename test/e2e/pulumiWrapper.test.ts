/**
 * `npm run pulumi` on a project outside the clone, as the README says to run it: the CLI's own flags before the
 * command (`-C <dir>`, `--cwd <dir>`, `--cwd=<dir>`), then a preview of a Node.js program against the emulator. The
 * wrapper must find the command past the flag's value and give the project its language host. Which CLI it runs, it
 * says first: the user's `pulumi` on PATH when that is the pinned release or newer (here the pinned release, copied
 * with its launcher into a folder of its own, as an install lays it out), else the pin, naming the one it passed over.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { BIN_DIR, readPins } from "../../tools/pulumi-cli/build";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { runInterleaved, type InterleavedRun } from "../support/interleavedOutput";

const CLIENT = { id: "wrapper-ci", secret: "sentinel-wrapper-secret-64be10" };
const FIXTURE = join(REPO_ROOT, "test", "support", "fixtures", "settingsProgram");

let emulator: Emulator;
let root: string;
let project: string;
let env: NodeJS.ProcessEnv;

/** `npm run pulumi -- <args>` from the clone, as a user types it, with `before` first on PATH. */
function npmPulumi(args: string[], before?: string): Promise<InterleavedRun> {
  const withPath = before ? { ...env, PATH: [before, env.PATH].join(delimiter) } : env;
  return runInterleaved("npm", ["run", "--silent", "pulumi", "--", ...args, "--non-interactive"], { cwd: REPO_ROOT, env: withPath });
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

describe("which CLI npm run pulumi runs, first saying so", () => {
  const pin = readPins().pulumi;

  it("a pulumi on PATH of the pinned release or newer, with the launcher beside it, is the one it runs", async () => {
    const install = join(root, "user-install");
    mkdirSync(install);
    for (const name of ["pulumi", "pulumi-resource-pulumi-nodejs"]) copyFileSync(join(BIN_DIR, name), join(install, name));
    for (const name of ["pulumi", "pulumi-resource-pulumi-nodejs"]) chmodSync(join(install, name), 0o755);
    const version = await npmPulumi(["version"], install);
    expect(version.code, version.output).toBe(0);
    expect(version.output.split("\n")[0]).toBe(`pulumi CLI ${pin} (on PATH: ${join(install, "pulumi")})`);
    const preview = await npmPulumi(["-C", project, "preview"], install);
    expect(preview.code, preview.output).toBe(0);
    expect(preview.output.split("\n")[0]).toBe(`pulumi CLI ${pin} (on PATH: ${join(install, "pulumi")})`);
    expect(preview.output).toMatch(/\+ 3 to create/);
  });

  it("an older one is passed over, saying why, and the pinned build runs", async () => {
    const older = join(root, "older-install");
    mkdirSync(older);
    writeFileSync(join(older, "pulumi"), "#!/bin/sh\necho v3.100.0\n", { mode: 0o755 });
    const run = await npmPulumi(["version"], older);
    expect(run.code, run.output).toBe(0);
    expect(run.output.split("\n")[0]).toBe(
      `pulumi CLI ${pin} (built here from Go modules: tools/pulumi-cli/bin/pulumi); the pulumi on PATH (${join(older, "pulumi")}) is v3.100.0, not at least ${pin}`,
    );
    expect(run.output.split("\n")[1]).toBe(pin);
  });
});
