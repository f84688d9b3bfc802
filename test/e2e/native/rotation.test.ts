/**
 * A client secret rotated after the last `up`, with the native plugin: as for the dynamic provider, refresh and
 * the refresh phase of the drift check configure the plugin from the provider inputs stored at that up (the
 * default provider's: the tenant:* config; an explicit provider's: its arguments), so they fail with one message
 * that says why and what to do, and work with --run-program. An explicit provider's message names its arguments.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { requirePulumiCli, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import type { StackConfig } from "../../../tools/pulumi-cli/project";
import { runPulumi } from "../../../tools/pulumi-cli/pulumi";
import { assertDistIsFresh } from "../../resources/dist";
import { storedSettingsNote } from "../helpers";
import { nativeEngine } from "./nativeStack";

const CLIENT = { id: "native-rotating-ci", secret: "sentinel-native-before-rotation-71c2" };
const ROTATED = "sentinel-native-after-rotation-d40e";

async function failureOf(run: Promise<RunResult>): Promise<Error> {
  return run.then(
    () => new Error("expected a failure, but the run succeeded"),
    (error: unknown) => error as Error,
  );
}

describe.sequential("the native plugin after a client secret rotation", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(): Promise<{ emulator: Emulator; engineWith: (config: StackConfig) => PulumiCliEngine }> {
    assertDistIsFresh();
    const emulator = await startEmulator({ clients: [{ ...CLIENT }] });
    const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-native-rotation-"));
    cleanups.push(() => emulator.close(), () => rmSync(stateDir, { recursive: true, force: true }));
    const engineWith = (config: StackConfig): PulumiCliEngine =>
      nativeEngine({ stateDir, config: { "tenant-native:smsAuthToken": { value: "sentinel-native-rotation-sms", secret: true }, ...config } });
    return { emulator, engineWith };
  }

  it("default provider: the drift check and refresh fail with one clear message; with --run-program they work", async () => {
    const { emulator, engineWith } = await setUp();
    const stack = (secret: string) =>
      engineWith({
        "tenant:domain": { value: emulator.url },
        "tenant:clientId": { value: CLIENT.id },
        "tenant:clientSecret": { value: secret, secret: true },
      });
    await stack(CLIENT.secret).up();
    emulator.rotateClientSecret(CLIENT.id, ROTATED);
    const after = stack(ROTATED);
    const expected =
      `The client credentials were rejected by ${new URL(emulator.url).host} (client id "${CLIENT.id}"): check the stack ` +
      `config "tenant:clientId" and "tenant:clientSecret" (or the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables). ${storedSettingsNote(new URL(emulator.url).host, CLIENT.id)}`;
    for (const [command, run] of [
      ["preview --refresh --expect-no-changes", () => after.preview({ refresh: true, expectNoChanges: true })],
      ["refresh", () => after.refresh()],
    ] as const) {
      const error = await failureOf(run());
      expect(error.message, command).toContain(expected);
      expect(error.message, command).not.toContain(CLIENT.secret);
      expect(error.message, command).not.toContain(ROTATED);
    }
    expect((await after.preview({ refresh: true, expectNoChanges: true, runProgram: true })).changed).toBe(false);
    expect((await after.refresh({ runProgram: true, expectNoChanges: true })).changed).toBe(false);
    await after.destroy({ runProgram: true });
    expect(emulator.state.phoneProviders.size).toBe(0);
  }, 240_000);

  it("a no-change up without tenant:domain fails at the provider's check, naming the key, so the stack keeps the settings that work", async () => {
    const { emulator, engineWith } = await setUp();
    const stack = engineWith({ "tenant:domain": { value: emulator.url }, "tenant:clientId": { value: CLIENT.id }, "tenant:clientSecret": { value: CLIENT.secret, secret: true } });
    await stack.up();
    const config = async (...args: string[]) => {
      const outcome = await runPulumi(requirePulumiCli(), stack.commandArgs(["config", ...args]), { env: stack.commandEnv() });
      expect(outcome.code, outcome.stderr).toBe(0);
    };
    await config("rm", "tenant:domain");
    const error = await failureOf(stack.up());
    expect(error.message).toContain(
      "pulumi:providers:tenant resource 'default' has a problem: Missing tenant domain: set the stack config \"tenant:domain\" " +
        "(pulumi config set tenant:domain my-tenant.example.com) or the TENANT_DOMAIN environment variable.",
    );
    await config("set", "tenant:domain", emulator.url);
    expect((await stack.preview({ refresh: true, expectNoChanges: true })).changed).toBe(false);
  }, 240_000);

  it("explicit provider: the message names its arguments; after an up the stored arguments are current again", async () => {
    const { emulator, engineWith } = await setUp();
    const stack = (secret: string) =>
      engineWith({
        "tenant-native:explicitProvider": { value: "true" },
        "tenant-native:stagingDomain": { value: emulator.url },
        "tenant-native:stagingClientId": { value: CLIENT.id },
        "tenant-native:stagingClientSecret": { value: secret, secret: true },
      });
    await stack(CLIENT.secret).up();
    const state = await stack(CLIENT.secret).readState();
    expect(state.resources.map((resource) => resource.type)).toContain("pulumi:providers:tenant");
    expect(state.resources.find((resource) => resource.type === "tenant:index:PhoneProvider")?.provider).toMatch(/::pulumi:providers:tenant::staging::/);

    emulator.rotateClientSecret(CLIENT.id, ROTATED);
    const after = stack(ROTATED);
    const error = await failureOf(after.refresh());
    expect(error.message).toContain(
      `The client credentials were rejected by ${new URL(emulator.url).host} (client id "${CLIENT.id}"): check the ` +
        `"clientId" and "clientSecret" arguments of the tenant Provider "staging". ${storedSettingsNote(new URL(emulator.url).host, CLIENT.id, "staging")}`,
    );
    // An up stores the new arguments (the provider is updated, never replaced), then refresh works.
    const up = await after.up();
    expect(up.steps.filter((step) => step.type === "pulumi:providers:tenant").map((step) => step.op)).toEqual(["update"]);
    expect((await after.refresh({ expectNoChanges: true })).changed).toBe(false);
    await after.destroy();
    expect(emulator.state.phoneProviders.size).toBe(0);
  }, 240_000);
});
