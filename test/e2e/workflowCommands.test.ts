/**
 * The pulumi commands of examples/ci/tenant.yml, run as written (`sh -c` of each job's line) by the real CLI, with
 * the workflow's environment (TENANT_* credentials, PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE, PULUMI_STACK) and a
 * local file backend, on examples/basic against the emulator: the pull request's preview, the deploy, the drift check
 * clean (exit 0), and after an out-of-band change failing (non-zero exit) with the drifted property shown.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { requirePulumiCli } from "../../tools/pulumi-cli/driver";
import { packageLookupEnv, REPO_ROOT } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { runInterleaved, type InterleavedRun } from "../support/interleavedOutput";
import { OutOfBandAdmin, diffShownFor, expectNoSecrets } from "./helpers";

const CLIENT = { id: "workflow-ci", secret: "sentinel-workflow-client-secret-6a0d3f" };
const SMS_TOKEN = "sentinel-workflow-sms-token-19cc";
const STEP_TIMEOUT_MS = 180_000;

interface Job {
  steps: { run?: string }[];
}

/** The one `pulumi …` line of a job of the workflow, as written. */
function jobCommand(name: string): string {
  const workflow = parseYaml(fs.readFileSync(path.join(REPO_ROOT, "examples", "ci", "tenant.yml"), "utf8")) as { jobs: Record<string, Job> };
  const lines = workflow.jobs[name].steps.flatMap((step) => (step.run ?? "").split("\n")).filter((line) => /^\s*pulumi\s/.test(line));
  expect(lines).toHaveLength(1);
  return lines[0].trim();
}

let emulator: Emulator;
let project = "";
let env: NodeJS.ProcessEnv = {};

/** A command line run by `sh`, as a CI step runs it, with `pulumi` on PATH. */
function sh(command: string): Promise<InterleavedRun> {
  return runInterleaved("sh", ["-c", command], { cwd: project, env });
}

beforeAll(async () => {
  emulator = await startEmulator({ clients: [CLIENT] });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-workflow-"));
  project = path.join(work, "program");
  fs.mkdirSync(project);
  // The user's repository: examples/basic as its program, its node_modules (the SDK and ts-node) at hand.
  fs.copyFileSync(path.join(REPO_ROOT, "examples", "basic", "index.ts"), path.join(project, "index.ts"));
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: tenant-basic\nruntime: nodejs\nmain: index.ts\n");
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "tenant-program", private: true, main: "index.ts" }));
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(project, "node_modules"), "dir");
  // `pulumi` on PATH: the pinned CLI through the repository's runner (which gives a Node.js program its --client host).
  const bin = path.join(work, "bin");
  fs.mkdirSync(bin);
  const runner = path.join(REPO_ROOT, "tools", "pulumi-cli", "pulumi.ts");
  fs.writeFileSync(path.join(bin, "pulumi"), `#!/bin/sh\nexec "${process.execPath}" --import tsx "${runner}" "$@"\n`, { mode: 0o755 });
  requirePulumiCli();
  env = {
    ...process.env,
    ...BLANK_TENANT_ENV,
    ...packageLookupEnv(),
    PATH: [bin, process.env.PATH ?? ""].join(path.delimiter),
    PULUMI_HOME: path.join(work, "home"),
    PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "workflow passphrase",
    PULUMI_STACK: "production",
    TENANT_DOMAIN: emulator.url,
    TENANT_CLIENT_ID: CLIENT.id,
    TENANT_CLIENT_SECRET: CLIENT.secret,
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
  fs.mkdirSync(path.join(work, "state"));
  // What the user's repository holds already: the stack, and its stack config (the SMS token, encrypted).
  for (const setup of ['pulumi stack init "$PULUMI_STACK" --non-interactive', `pulumi config set --secret smsAuthToken ${SMS_TOKEN} --non-interactive`]) {
    const result = await sh(setup);
    expect(result.code, result.output).toBe(0);
  }
}, STEP_TIMEOUT_MS);

afterAll(async () => {
  await emulator?.close();
  if (project) fs.rmSync(path.dirname(project), { recursive: true, force: true });
});

describe.sequential("the workflow's pulumi commands, as written", () => {
  const outputs: string[] = [];

  it("pull request: the preview lists the creates and exits 0", async () => {
    const { code, output } = await sh(jobCommand("preview"));
    outputs.push(output);
    expect(code, output).toBe(0);
    // The stack and its three resources.
    expect(output).toMatch(/\+ 4 to create/);
  }, STEP_TIMEOUT_MS);

  it("push to main: up creates them", async () => {
    const { code, output } = await sh(jobCommand("deploy"));
    outputs.push(output);
    expect(code, output).toBe(0);
    expect(emulator.state.pushProvider).toBe("sns");
    expect(emulator.state.phoneProviders.size).toBe(1);
  }, STEP_TIMEOUT_MS);

  it("schedule: the drift check exits 0 on the untouched tenant, and non-zero naming what drifted", async () => {
    const clean = await sh(jobCommand("drift"));
    outputs.push(clean.output);
    expect(clean.code, clean.output).toBe(0);

    const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    await admin.selectPushProvider("guardian");
    const drifted = await sh(jobCommand("drift"));
    outputs.push(drifted.output);
    expect(drifted.code).not.toBe(0);
    expect(drifted.output).toContain("error: no changes were expected for preview but changes were proposed");
    expect(diffShownFor(drifted.output, "push", "update")).toEqual(["provider"]);
    expectNoSecrets(Object.fromEntries(outputs.map((text, index) => [`command ${index + 1}`, text])), {
      secrets: [CLIENT.secret, SMS_TOKEN, ...emulator.issuedAccessTokens(), admin.token],
    });
  }, STEP_TIMEOUT_MS);
});
