/**
 * The connection settings a stack stores, under the Pulumi CLI, as a new user meets them. The engine keeps the
 * default provider's settings (the stack config) at each `up` and configures refresh and destroy from them, so: a
 * program whose settings cannot work (a key removed from the stack config) fails before any resource registers, and
 * a no-change `up` never stores them; a wrong secret, which only the token endpoint can tell, is stored by a no-change
 * `up`, and the refresh and destroy that then fail say so once per resource — the last up's settings, their tenant and
 * client id, never the secret, and the command that stores the current ones — with no stack frame anywhere; a plain
 * `up` failing on a wrong secret says nothing of stored settings.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { EngineRunError, requirePulumiCli, type RunResult } from "../../tools/pulumi-cli/driver";
import { runPulumi } from "../../tools/pulumi-cli/pulumi";
import { emulatorConnectionConfig, exampleStack, type BasicStack } from "../../tools/stacks/basicStack";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { RequestWindow, storedSettingsNote } from "./helpers";

const PROJECT_DIR = join(REPO_ROOT, "test", "support", "fixtures", "settingsProgram");
const CLIENT = { id: "stored-settings-ci", secret: "sentinel-stored-settings-5d2e91" };
const WRONG_SECRET = "sentinel-wrong-stored-secret-7c04aa";
const RESOURCES = ["pulumi-nodejs:dynamic/tenant:PushProviderSelection (push)", "pulumi-nodejs:dynamic/tenant:MfaSettings (sessions)"];

let emulator: Emulator;
let stack: BasicStack;

beforeAll(async () => {
  emulator = await startEmulator({ clients: [CLIENT] });
  stack = exampleStack({
    projectDir: PROJECT_DIR,
    stack: "dev",
    tempPrefix: "pulumi-tenant-stored-settings-",
    passphrase: "stored settings",
    config: emulatorConnectionConfig(emulator, CLIENT),
    env: BLANK_TENANT_ENV,
  });
  await stack.engine.up();
});

afterAll(async () => {
  stack?.dispose();
  await emulator?.close();
});

/** `pulumi config …` of the stack, as the user types it. */
async function config(...args: string[]): Promise<void> {
  const { engine } = stack;
  const outcome = await runPulumi(requirePulumiCli(), engine.commandArgs(["config", ...args]), { env: engine.commandEnv() });
  expect(outcome.code, outcome.stderr).toBe(0);
}

/** What the user saw of a run that must fail. */
async function failed(run: Promise<RunResult>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineRunError);
  return (error as EngineRunError).result.programOutput;
}

/** The CLI's closing section: each error once, under what it concerns. */
function diagnostics(seen: string): string {
  const start = seen.indexOf("\nDiagnostics:\n");
  const end = seen.indexOf("\nResources:\n", start);
  return start < 0 ? "" : seen.slice(start, end < 0 ? undefined : end);
}

/** Each resource's error once in the diagnostics, under it; nothing under the stack but the command's failure; no frame. */
function expectOneMessagePerResource(seen: string, message: string): void {
  const shown = diagnostics(seen);
  expect(shown.split(message).length - 1, seen).toBe(RESOURCES.length);
  for (const resource of RESOURCES) expect(shown.slice(shown.indexOf(`${resource}:`)).split("\n")[1], seen).toContain(message);
  const underStack = shown.slice(shown.indexOf("pulumi:pulumi:Stack")).split("\n\n")[0];
  expect(underStack, seen).not.toContain(message);
  expect(seen, seen).not.toMatch(/^\s+at /m);
  expect(seen, seen).not.toMatch(/Error: .*: \w*Error: /);
  expect(seen).not.toContain(WRONG_SECRET);
  expect(seen).not.toContain(CLIENT.secret);
}

describe.sequential("settings a program cannot work with never reach the stack", () => {
  it.each([
    ["tenant:domain", 'Missing tenant domain: set the stack config "tenant:domain" (pulumi config set tenant:domain my-tenant.example.com) or the TENANT_DOMAIN environment variable.'],
    [
      "tenant:clientSecret",
      'Missing tenant client secret: a client id is set (the stack config "tenant:clientId") but no secret; set the stack config ' +
        '"tenant:clientSecret" (pulumi config set --secret tenant:clientSecret <secret>) or the TENANT_CLIENT_SECRET environment variable.',
    ],
  ])("a no-change up without %s fails before anything registers, naming it; with the key back, the drift check is clean", async (key, message) => {
    const value = key === "tenant:domain" ? emulator.url : CLIENT.secret;
    await config("rm", key);
    const requests = new RequestWindow(emulator);
    const seen = await failed(stack.engine.up());
    expect(diagnostics(seen), seen).toContain(message);
    expect(seen).not.toMatch(/^\s+at /m);
    expect(requests.take().entries).toEqual([]);

    await config("set", ...(key === "tenant:clientSecret" ? ["--secret"] : []), key, value);
    const drift = await stack.engine.preview({ refresh: true, expectNoChanges: true });
    expect(drift.changed).toBe(false);
  });
});

describe.sequential("a wrong secret a no-change up stored", () => {
  const host = (): string => new URL(emulator.url).host;

  it("is stored: only the token endpoint can tell, and a no-change up calls none", async () => {
    await config("set", "--secret", "tenant:clientSecret", WRONG_SECRET);
    const result = await stack.engine.up();
    expect(result.changed).toBe(false);
    await config("set", "--secret", "tenant:clientSecret", CLIENT.secret);
  });

  it("the drift check, refresh and destroy each fail once per resource, saying whose settings they are and what stores the current ones", async () => {
    for (const run of [() => stack.engine.preview({ refresh: true, expectNoChanges: true }), () => stack.engine.refresh(), () => stack.engine.destroy()]) {
      const seen = await failed(run());
      expectOneMessagePerResource(seen, storedSettingsNote(host(), CLIENT.id));
      expect(seen).toContain(`The client credentials were rejected by ${host()} (client id "${CLIENT.id}")`);
    }
    expect(emulator.state.pushProvider).toBe("guardian");
  });

  it('"pulumi up" stores the current settings: the drift check is clean again', async () => {
    await stack.engine.up();
    const drift = await stack.engine.preview({ refresh: true, expectNoChanges: true });
    expect(drift.changed).toBe(false);
  });

  it("a plain up failing on a wrong secret names what to check, and nothing of stored settings", async () => {
    await config("set", "--secret", "tenant:clientSecret", WRONG_SECRET);
    await config("set", "settings-program:push", "sns");
    const seen = await failed(stack.engine.up());
    expect(diagnostics(seen)).toContain(
      `The client credentials were rejected by ${host()} (client id "${CLIENT.id}"): check the stack config "tenant:clientId" and ` +
        '"tenant:clientSecret" (or the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables).',
    );
    expect(seen).not.toContain('last "pulumi up"');
    expect(seen).not.toContain("--run-program");
    expect(seen).not.toContain(WRONG_SECRET);
    await config("set", "--secret", "tenant:clientSecret", CLIENT.secret);
    await config("rm", "settings-program:push");
  });
});
