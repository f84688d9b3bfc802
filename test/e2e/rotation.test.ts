/**
 * A client secret rotated after the last `up`: the engine configures refresh, destroy and the refresh phase of
 * `preview --refresh` from the provider inputs stored at that up, so the old secret is sent until the next up or
 * a `--run-program` run. These tests rotate the secret on the emulator (the old one revoked) and in stack config,
 * and hold the package to its promise: each command works or fails with the one message that says why and what
 * to do. Credentials kept only in TENANT_* variables are read by the host at run time and never go stale.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorClient } from "../../tools/emulator";
import { ExpectNoChangesError, PulumiCliEngine, proposedChanges, type RunResult } from "../../tools/pulumi-cli/driver";
import { BASIC_STACK_PASSPHRASE, SENTINELS, basicStack } from "../../tools/stacks/basicStack";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { operations, storedSettingsNote } from "./helpers";

const TEST_TIMEOUT_MS = 240_000;
const ORIGINAL: EmulatorClient = { id: "rotating-ci", secret: "sentinel-before-rotation-3e8f1b27" };
const ROTATED_SECRET = "sentinel-after-rotation-9a4c62d0";

/** The one message a stale stored secret gives for the default provider. */
function staleDefaultSecretMessage(emulator: Emulator): string {
  return (
    `The client credentials were rejected by ${new URL(emulator.url).host} (client id "${ORIGINAL.id}"): ` +
    `check the stack config "tenant:clientId" and "tenant:clientSecret" (or the TENANT_CLIENT_ID and ` +
    `TENANT_CLIENT_SECRET environment variables). ${storedSettingsNote(new URL(emulator.url).host, ORIGINAL.id)}`
  );
}

async function failureOf(run: Promise<RunResult>): Promise<Error> {
  const outcome = await run.then(
    (result) => new Error(`expected a failure, but the run succeeded: ${operations(result).join(", ")}`),
    (error: unknown) => error as Error,
  );
  return outcome;
}

/** Occurrences of a text in another. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe.sequential("a client secret rotated after the last up", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function emulatorWithClient(): Promise<Emulator> {
    const emulator = await startEmulator({ clients: [{ ...ORIGINAL }] });
    cleanups.push(() => emulator.close());
    return emulator;
  }

  it("default provider: refresh, destroy and the drift check fail with one clear message; with --run-program they work", async () => {
    const emulator = await emulatorWithClient();
    const before = basicStack(emulator, { client: ORIGINAL });
    cleanups.push(() => before.dispose());
    await before.engine.up();
    expect(emulator.state.phoneProviders.size).toBe(1);

    emulator.rotateClientSecret(ORIGINAL.id, ROTATED_SECRET);
    // The same stack and state, its config now holding the rotated secret.
    const after = basicStack(emulator, { client: { id: ORIGINAL.id, secret: ROTATED_SECRET }, stateDir: before.stateDir });
    await expectStaleSecretFailures(emulator, [
      ["preview --refresh --expect-no-changes", () => after.engine.preview({ refresh: true, expectNoChanges: true })],
      ["refresh", () => after.engine.refresh()],
    ]);
    // destroy fails too (a ticket, which needs no call to delete, may go first), and leaves the provider: on a copy of
    // the stack, as what follows needs it whole.
    const copy = mkdtempSync(join(tmpdir(), "pulumi-tenant-rotation-copy-"));
    cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
    cpSync(before.stateDir, copy, { recursive: true });
    const destroyed = basicStack(emulator, { client: { id: ORIGINAL.id, secret: ROTATED_SECRET }, stateDir: copy });
    await expectStaleSecretFailures(emulator, [["destroy", () => destroyed.engine.destroy()]]);
    expect(emulator.state.phoneProviders.size).toBe(1);
    const drift = await after.engine.preview({ refresh: true, expectNoChanges: true, runProgram: true });
    expect(drift.changed).toBe(false);
    const refreshed = await after.engine.refresh({ runProgram: true, expectNoChanges: true });
    expect(refreshed.changed).toBe(false);

    // A refresh with --run-program stored the current settings as the provider's, so destroy works from now on.
    await after.engine.destroy();
    expect(emulator.state.phoneProviders.size).toBe(0);
  }, TEST_TIMEOUT_MS);

  it("explicit Provider: the drift check, refresh and destroy fail naming its arguments; with --run-program the tenant reads clean, only the Provider update is proposed, and destroy works", async () => {
    const stagingClient: EmulatorClient = { id: "staging-ci", secret: "sentinel-staging-before-51c0e2ad" };
    const productionClient: EmulatorClient = { id: "production-ci", secret: "sentinel-production-7d93b6f4" };
    const staging = await startEmulator({ clients: [{ ...stagingClient }] });
    const production = await startEmulator({ clients: [{ ...productionClient }] });
    const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-rotation-"));
    cleanups.push(() => staging.close(), () => production.close(), () => rmSync(stateDir, { recursive: true, force: true }));
    const multiTenant = (stagingSecret: string): PulumiCliEngine =>
      new PulumiCliEngine({
        projectDir: join(REPO_ROOT, "examples", "multi-tenant"),
        stack: "dev",
        stateDir,
        passphrase: BASIC_STACK_PASSPHRASE,
        config: {
          stagingDomain: { value: staging.url },
          stagingClientId: { value: stagingClient.id },
          stagingClientSecret: { value: stagingSecret, secret: true },
          productionDomain: { value: production.url },
          productionClientId: { value: productionClient.id },
          productionClientSecret: { value: productionClient.secret, secret: true },
        },
        env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv() },
      });
    await multiTenant(stagingClient.secret).up();
    expect(staging.state.pushProvider).toBe("direct");

    staging.rotateClientSecret(stagingClient.id, ROTATED_SECRET);
    const after = multiTenant(ROTATED_SECRET);
    const expected =
      `The client credentials were rejected by ${new URL(staging.url).host} (client id "${stagingClient.id}"): ` +
      `check the "clientId" and "clientSecret" arguments of the tenant Provider "staging". ` +
      storedSettingsNote(new URL(staging.url).host, stagingClient.id, "staging");
    const expectStaleArguments = async (command: string, run: Promise<RunResult>): Promise<void> => {
      const error = await failureOf(run);
      const lines = error.message.split("\n").slice(1);
      expect(lines, command).toEqual([expect.stringMatching(/^tenant:PushProviderSelection 'staging-push': (\w+ failed: )?obtain an access token failed: /)]);
      expect(lines[0].endsWith(expected), `${command}: ${lines[0]}`).toBe(true);
      expect(error.message, command).not.toContain(stagingClient.secret);
      expect(error.message, command).not.toContain(ROTATED_SECRET);
    };
    await expectStaleArguments("preview --refresh --expect-no-changes", after.preview({ refresh: true, expectNoChanges: true }));
    await expectStaleArguments("refresh", after.refresh());

    // With --run-program the tenant is read with the new secret and matches; what the check still reports is the
    // Provider's own new argument, an update of the provider until the next up stores it (as the engine does).
    const drift = await failureOf(after.preview({ refresh: true, expectNoChanges: true, runProgram: true, diff: true }));
    expect(drift).toBeInstanceOf(ExpectNoChangesError);
    const { steps, programOutput } = (drift as ExpectNoChangesError).result;
    expect(steps.filter((step) => step.name === "staging-push").map((step) => step.op).sort()).toEqual(["refresh-same", "same"]);
    expect(proposedChanges(steps, "preview").map((step) => `${step.op} ${step.type} ${step.name}`)).toEqual(["update pulumi:providers:pulumi-nodejs staging"]);
    // Only a secret changed: the CLI's --diff shows the provider's update with that argument masked.
    expect(programOutput).toContain("~ pulumi:providers:pulumi-nodejs: (update)");
    expect(programOutput).toContain("tenant:clientSecret: [secret]");

    // destroy fails on the staging tenant only (the production tenant's resources go), and leaves its selection.
    await expectStaleArguments("destroy", after.destroy());
    expect(staging.state.pushProvider).toBe("direct");
    await after.destroy({ runProgram: true });
    expect((await after.readState()).resources).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it("credentials only in TENANT_* variables (none stored): every command works right after rotation", async () => {
    const emulator = await emulatorWithClient();
    const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-rotation-"));
    cleanups.push(() => rmSync(stateDir, { recursive: true, force: true }));
    const envOnly = (secret: string): PulumiCliEngine =>
      new PulumiCliEngine({
        projectDir: REPO_ROOT,
        stack: "dev",
        stateDir,
        passphrase: BASIC_STACK_PASSPHRASE,
        config: { "tenant-basic:smsAuthToken": { value: SENTINELS.smsAuthToken, secret: true } },
        env: {
          PULUMI_NODEJS_TRANSPILE_ONLY: "true",
          ...packageLookupEnv(),
          TENANT_DOMAIN: emulator.url,
          TENANT_CLIENT_ID: ORIGINAL.id,
          TENANT_CLIENT_SECRET: secret,
        },
      });
    await envOnly(ORIGINAL.secret).up();
    const stored = JSON.stringify(await envOnly(ORIGINAL.secret).readState());
    expect(stored).not.toContain("clientSecret");

    emulator.rotateClientSecret(ORIGINAL.id, ROTATED_SECRET);
    const after = envOnly(ROTATED_SECRET);
    expect((await after.preview({ refresh: true, expectNoChanges: true })).changed).toBe(false);
    expect((await after.refresh({ expectNoChanges: true })).changed).toBe(false);
    await after.destroy();
    expect(emulator.state.phoneProviders.size).toBe(0);
  }, TEST_TIMEOUT_MS);

  it("TENANT_API_TOKEN beside stored client credentials is the contradictory-credentials error, not ignored", async () => {
    const emulator = await emulatorWithClient();
    const stack = basicStack(emulator, { client: ORIGINAL });
    cleanups.push(() => stack.dispose());
    await stack.engine.up();
    const withToken = basicStack(emulator, { client: ORIGINAL, stateDir: stack.stateDir, env: { TENANT_API_TOKEN: await emulator.issueToken(ORIGINAL.id) } });
    const error = await failureOf(withToken.engine.refresh());
    expect(error.message).toContain("Contradictory tenant credentials: an API token is set (the TENANT_API_TOKEN environment variable)");
    expect(error.message).toContain("keep only one");
    expect(emulator.state.phoneProviders.size).toBe(1);
    await stack.engine.destroy();
  }, TEST_TIMEOUT_MS);
});

/** Each command fails, every resource it could not handle naming the stale secret with the one message. */
async function expectStaleSecretFailures(emulator: Emulator, commands: [string, () => Promise<RunResult>][]): Promise<void> {
  const expected = staleDefaultSecretMessage(emulator);
  for (const [command, run] of commands) {
    const error = await failureOf(run());
    expect(error.message, command).toContain(expected);
    // One line per resource the engine could not read or delete, each with the same message and nothing else.
    const lines = error.message.split("\n").slice(1);
    expect(lines.length, command).toBeGreaterThan(0);
    for (const line of lines) {
      // As the CLI shows it under the resource: the provider's one message (after "Preview failed: " in a preview).
      expect(line, command).toMatch(
        /^tenant:\w+ '[\w-]+': (\w+ failed: )?obtain an access token failed: 401 access_denied: Unauthorized \[POST \/oauth\/token\]\. The client credentials were rejected /,
      );
      expect(line.endsWith(expected), command).toBe(true);
      expect(occurrences(line, "The client credentials were rejected"), command).toBe(1);
    }
    expect(error.message, command).not.toContain(ORIGINAL.secret);
    expect(error.message, command).not.toContain(ROTATED_SECRET);
  }
}
