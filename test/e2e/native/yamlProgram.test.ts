/**
 * The native plugin under the real Pulumi CLI and its YAML language host, the plugin coming from the packed package
 * installed in a `tenant-plugin/` folder as the README says. The README's YAML program as written lives through up,
 * the drift check (clean, then failing on an out-of-band change with the property shown by `--diff`), the repair and
 * destroy, which leaves the tenant as the README says. A program declaring every resource type and calling both
 * functions (everyTypeProgram.ts) lives the life its TypeScript twin does in the dynamic door (../everyTypeLife.ts):
 * create, an update of every type, changes by hand found and refreshed, destroy.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import type { PulumiCliEngine, RunResult } from "../../../tools/pulumi-cli/driver";
import type { StackConfig } from "../../../tools/pulumi-cli/project";
import { INSTALL_TIMEOUT_MS, installConsumerProject } from "../../consumer/consumerProject";
import { readmeFencedBlocks } from "../../docs/snippets";
import { assertDistIsFresh } from "../../resources/dist";
import { REPO_ROOT } from "../../../tools/stacks/packageLink";
import { OutOfBandAdmin, diffShownFor, driftFailure, expectNoSecrets, operations } from "../helpers";
import type { Phase } from "../../support/fixtures/everyTypeProgram/inputs";
import { describeEveryTypeLife } from "../everyTypeLife";
import { EVERY_TYPE_CLIENT, everyTypeSecretConfig } from "../everyTypeTenant";
import { everyTypeProgram } from "./everyTypeProgram";
import { pluginProject, pluginProjectEngine } from "./pluginProjects";

const CLIENT = { id: "yaml-ci", secret: "sentinel-yaml-client-secret-2c7e91" };
const SMS_TOKEN = "sentinel-yaml-sms-token-80d4aa";
const STEP_TIMEOUT_MS = 300_000;

let work = "";
let plugin = "";

beforeAll(() => {
  assertDistIsFresh();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-yaml-"));
  plugin = installConsumerProject();
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  for (const folder of [work, plugin]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const yamlProject = (name: string, program: Record<string, unknown>): string => pluginProject(path.join(work, name), plugin, program);
const yamlEngine = (projectDir: string, emulator: Emulator, config: StackConfig = {}): PulumiCliEngine => pluginProjectEngine(projectDir, emulator, CLIENT, config);

describe.sequential("the README's YAML program, as written", () => {
  let emulator: Emulator;
  let engine: PulumiCliEngine;
  const runs: RunResult[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [CLIENT] });
    emulator.seedEventStreams(2);
    const blocks = readmeFencedBlocks(fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"), "yaml");
    // The program, and the `plugins` entry of the npm-folder path beside it.
    const program = blocks.find((block) => block.includes("runtime: yaml"));
    const pluginsBlock = blocks.find((block) => block.includes("tenant-plugin/node_modules/pulumi-tenant"));
    if (!program || !pluginsBlock) throw new Error("the README lacks its YAML program or its plugins.providers block");
    const dir = yamlProject("readme", { ...(parseYaml(program) as object), ...(parseYaml(pluginsBlock) as object) });
    engine = yamlEngine(dir, emulator, { "tenant-yaml:smsAuthToken": { value: SMS_TOKEN, secret: true } });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  it("up creates its five resources and reads the streams", async () => {
    const before = structuredClone(emulator.state.mfa.snapshot());
    expect(before.policies).toEqual([]);
    const up = await engine.up();
    runs.push(up);
    expect(operations(up)).toEqual([
      "create tenant:index:MfaFactor smsFactor",
      "create tenant:index:MfaPolicy mfaPolicy",
      "create tenant:index:PhoneMessageTypes messageTypes",
      "create tenant:index:PhoneProvider sms",
      "create tenant:index:PushProviderSelection push",
    ]);
    expect(up.outputs.phoneProviderId).toBe([...emulator.state.phoneProviders.keys()][0]);
    expect((up.outputs.eventStreams as unknown[]).length).toBe(2);
    expect(emulator.state.mfa.snapshot().policies).toEqual(["all-applications"]);
  }, STEP_TIMEOUT_MS);

  it("the drift check passes untouched, and names the property changed out of band", async () => {
    runs.push(await engine.preview({ refresh: true, expectNoChanges: true }));
    const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    await admin.patchPhoneProvider([...emulator.state.phoneProviders.keys()][0], { disabled: true });
    const drift = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    runs.push(drift.result);
    expect(diffShownFor(drift.result.programOutput, "sms", "update")).toEqual(["disabled"]);
  }, STEP_TIMEOUT_MS);

  it("up --refresh repairs it; destroy puts the tenant's MFA and push selection back and removes the provider", async () => {
    runs.push(await engine.up({ refresh: true }));
    expect([...emulator.state.phoneProviders.values()][0].disabled).toBe(false);
    runs.push(await engine.preview({ refresh: true, expectNoChanges: true }));
    runs.push(await engine.destroy());
    expect(emulator.state.phoneProviders.size).toBe(0);
    expect(emulator.state.pushProvider).toBe("guardian");
    expect(emulator.state.mfa.snapshot().policies).toEqual([]);
    for (const run of runs) {
      expectNoSecrets({ "CLI output": run.programOutput, "state file": await engine.rawState() }, { secrets: [CLIENT.secret, SMS_TOKEN] });
    }
  }, STEP_TIMEOUT_MS);
});

describeEveryTypeLife("the native plugin: a YAML program declaring every type and calling both functions", (emulator) => {
  const pluginPath = "tenant-plugin/node_modules/pulumi-tenant";
  const dir = yamlProject("every-type", everyTypeProgram(pluginPath, 1));
  // Each phase is its own program, written where the project's is, as a user edits theirs; one state throughout.
  const openStack = (phase: Phase): PulumiCliEngine => {
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), stringifyYaml(everyTypeProgram(pluginPath, phase)));
    return pluginProjectEngine(dir, emulator, EVERY_TYPE_CLIENT, everyTypeSecretConfig(phase));
  };
  return { openStack, functionsAwaitDependsOn: false, warningsUnderResources: true, dispose: () => undefined };
});
