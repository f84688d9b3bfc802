/**
 * The dynamic-provider host is the user's own @pulumi/pulumi, so the package must hold under every SDK the peer
 * dependency allows. For the floor (3.139.0), 3.215 (the last whose host keeps read() inputs from the engine) and
 * this repository's version, a fresh project gets that SDK from the npm registry (or cache) beside the packed
 * tarball, and examples/basic lives through up, a no-op, drift found by `preview --refresh --expect-no-changes`,
 * the repair and destroy. Both the program (`cmd/run`) and the host come from the project's own SDK.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import { createRequire } from "node:module";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { ExpectNoChangesError, PulumiCliEngine, displayedChanges, proposedChanges, type RunResult } from "../../tools/pulumi-cli/driver";
import { runScript } from "../../tools/pulumi-cli/sdk";
import { BASIC_STACK_PASSPHRASE, SENTINELS, SENTINEL_CLIENT, emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { OutOfBandAdmin, diffShownFor, displayedChangesOf, expectNoSecrets, operations } from "../e2e/helpers";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";

const INSTALL_TIMEOUT_MS = 300_000;
const STEP_TIMEOUT_MS = 120_000;

/** From this version on, the host returns the inputs read() gives it, so a refresh updates the stored inputs. */
const REFRESHED_INPUTS_FROM = [3, 216];

function repoVersion(name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

const VERSIONS = ["3.139.0", "3.215.0", repoVersion("@pulumi/pulumi")];

function atLeast(version: string, [major, minor]: number[]): boolean {
  const [m, n] = version.split(".").map(Number);
  return m > major || (m === major && n >= minor);
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: INSTALL_TIMEOUT_MS });
}

/** A registry download can fail once on a flaky network; a second failure is real. */
function runTwice(command: string, args: string[], cwd: string): string {
  try {
    return run(command, args, cwd);
  } catch (first) {
    process.stderr.write(`${command} ${args[0]} failed once, trying again: ${(first as Error).message.split("\n")[0]}\n`);
    return run(command, args, cwd);
  }
}

let workDir = "";
let tarball = "";

beforeAll(() => {
  assertDistIsFresh();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-sdk-matrix-"));
  const packed = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", workDir], REPO_ROOT);
  tarball = path.join(workDir, (JSON.parse(packed) as [{ filename: string }])[0].filename);
}, INSTALL_TIMEOUT_MS);

// Three full node_modules trees take a while to remove on a busy machine.
afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}, INSTALL_TIMEOUT_MS);

/** A user's project running examples/basic, with `@pulumi/pulumi@version` and the packed package installed. */
function makeProject(version: string): string {
  const project = path.join(workDir, `project-${version}`);
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "tenant-basic", private: true, main: "index.ts" }));
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: tenant-basic\nruntime: nodejs\n");
  fs.copyFileSync(path.join(REPO_ROOT, "examples", "basic", "index.ts"), path.join(project, "index.ts"));
  runTwice(
    "npm",
    [
      "install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts",
      `@pulumi/pulumi@${version}`,
      // cmd/run compiles a TypeScript main with the project's own ts-node and TypeScript.
      `typescript@${repoVersion("typescript")}`,
      `ts-node@${repoVersion("ts-node")}`,
      `@types/node@${repoVersion("@types/node")}`,
      tarball,
    ],
    project,
  );
  return project;
}

async function expectDrift(pending: Promise<RunResult>): Promise<ExpectNoChangesError> {
  const outcome = await pending.then(
    (result) => new Error(`expected drift, but the preview had no changes: ${operations(result).join(", ")}`),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ExpectNoChangesError)) throw outcome;
  return outcome;
}

const CREATES = ["create tenant:EnrollmentTicket alice-push", "create tenant:PhoneProvider sms", "create tenant:PushProviderSelection push"];
const SAMES = ["same tenant:EnrollmentTicket alice-push", "same tenant:PhoneProvider sms", "same tenant:PushProviderSelection push"];

describe.sequential.each(VERSIONS)("examples/basic with program and host from @pulumi/pulumi %s", (version) => {
  const refreshedInputs = atLeast(version, REFRESHED_INPUTS_FROM);
  let project: string;
  let emulator: Emulator;
  let admin: OutOfBandAdmin;
  let engine: PulumiCliEngine;
  let stateDir: string;

  beforeAll(async () => {
    project = makeProject(version);
    stateDir = fs.mkdtempSync(path.join(workDir, "state-"));
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    emulator.seedEventStreams(3);
    emulator.state.pushProvider = "direct";
    admin = await OutOfBandAdmin.create(emulator, SENTINEL_CLIENT.id);
    engine = new PulumiCliEngine({
      projectDir: project,
      stack: "dev",
      stateDir,
      passphrase: BASIC_STACK_PASSPHRASE,
      config: { ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT), "tenant-basic:smsAuthToken": { value: SENTINELS.smsAuthToken, secret: true } },
      // No NODE_PATH: the program and the host find pulumi-tenant in the project's node_modules, as a user's do.
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", NODE_PATH: "" },
      timeoutMs: STEP_TIMEOUT_MS,
    });
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    await emulator?.close();
  });

  function expectNoSecretsIn(result: RunResult, rawState: string): void {
    expectNoSecrets(
      { "program output": result.programOutput, "state file": rawState },
      { "the client secret": [SENTINELS.clientSecret], "the SMS auth token": [SENTINELS.smsAuthToken], "an access token": [...emulator.issuedAccessTokens(), admin.token] },
    );
  }

  const onlyPhoneProvider = () => {
    const providers = [...emulator.state.phoneProviders.values()];
    expect(providers).toHaveLength(1);
    return providers[0];
  };

  it("the project's own SDK, at that version, supplies cmd/run and the dynamic-provider host", () => {
    const sdkDir = path.join(project, "node_modules", "@pulumi", "pulumi");
    expect((JSON.parse(fs.readFileSync(path.join(sdkDir, "package.json"), "utf8")) as { version: string }).version).toBe(version);
    expect(runScript(project)).toBe(path.join(sdkDir, "cmd", "run", "index.js"));
    // What the CLI's pulumi-resource-pulumi-nodejs launcher runs: the host its `require.resolve` finds from the project.
    expect(createRequire(path.join(project, "package.json")).resolve("@pulumi/pulumi/cmd/dynamic-provider")).toBe(path.join(sdkDir, "cmd", "dynamic-provider", "index.js"));
    expect(fs.lstatSync(path.join(project, "node_modules", "pulumi-tenant")).isSymbolicLink()).toBe(false);
  });

  it("up creates the three resources", async () => {
    const result = await engine.up();
    expect(operations(result)).toEqual(CREATES);
    expect(emulator.state.pushProvider).toBe("sns");
    expect(onlyPhoneProvider()).toMatchObject({ name: "vendor_a", disabled: false, credentials: { auth_token: SENTINELS.smsAuthToken } });
    expect(emulator.state.enrollmentTickets).toHaveLength(1);
    expect(result.outputs).toMatchObject({ pushProvider: "sns", previousPushProvider: "direct", eventStreamCount: 3 });
    expectNoSecretsIn(result, await engine.rawState());
  }, STEP_TIMEOUT_MS);

  it("a second up is a no-op, and the drift check on the untouched stack passes", async () => {
    const noop = await engine.up();
    expect(operations(noop)).toEqual(SAMES);
    expect(noop.changed).toBe(false);
    const stateBefore = await engine.rawState();
    const check = await engine.preview({ refresh: true, expectNoChanges: true });
    expect(operations(check).filter((op) => !op.startsWith("same") && !op.startsWith("refresh-same"))).toEqual([]);
    expect(await engine.rawState()).toBe(stateBefore);
  }, STEP_TIMEOUT_MS);

  it(`the drift check fails on out-of-band changes; ${refreshedInputs ? "refreshed inputs name" : "without refreshed inputs, nothing names"} the drifted properties`, async () => {
    await admin.selectPushProvider("guardian");
    await admin.patchPhoneProvider(onlyPhoneProvider().id, { disabled: true });
    const stateBefore = await engine.rawState();

    const error = await expectDrift(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    expect(error.message).toBe("no changes were expected for preview but changes were proposed");
    // The CLI's --diff: with refreshed inputs each update names the input it puts back; without, none.
    const output = error.result.programOutput;
    expect([diffShownFor(output, "push", "update"), diffShownFor(output, "sms", "update")]).toEqual(refreshedInputs ? [["provider"], ["disabled"]] : [[], []]);
    const proposed = proposedChanges(error.result.steps, "preview").map((step) => `${step.op} ${step.name}: ${displayedChanges(step).join(", ")}`);
    // The host's diff finds the drift either way (it compares the refreshed outputs); what the display can name
    // depends on whether the refresh brought the inputs back.
    expect(proposed.sort()).toEqual(refreshedInputs ? ["update push: provider", "update sms: disabled"] : ["update push: ", "update sms: "]);
    expect(displayedChangesOf(error.result)).toMatchObject({ "refresh-update push": ["provider"], "refresh-update sms": expect.arrayContaining(["disabled"]) });
    expect(emulator.state.pushProvider).toBe("guardian");
    expect(await engine.rawState()).toBe(stateBefore);
    expectNoSecretsIn(error.result, stateBefore);
  }, STEP_TIMEOUT_MS);

  it("up --refresh repairs the tenant, and the drift check passes again", async () => {
    const result = await engine.up({ refresh: true });
    expect(operations(result).filter((op) => op.startsWith("update"))).toEqual(["update tenant:PhoneProvider sms", "update tenant:PushProviderSelection push"]);
    expect(emulator.state.pushProvider).toBe("sns");
    expect(onlyPhoneProvider().disabled).toBe(false);
    expect(emulator.state.enrollmentTickets).toHaveLength(1);
    const check = await engine.preview({ refresh: true, expectNoChanges: true });
    expect(check.changed).toBe(false);
    expectNoSecretsIn(result, await engine.rawState());
  }, STEP_TIMEOUT_MS);

  it("destroy restores the previous push selection and removes the phone provider", async () => {
    const result = await engine.destroy();
    expect(operations(result)).toEqual(["delete tenant:EnrollmentTicket alice-push", "delete tenant:PhoneProvider sms", "delete tenant:PushProviderSelection push"]);
    expect(emulator.state.pushProvider).toBe("direct");
    expect(emulator.state.phoneProviders.size).toBe(0);
    expect((await engine.readState()).resources).toEqual([]);
  }, STEP_TIMEOUT_MS);
});
