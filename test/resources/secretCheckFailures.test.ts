// Through the Pulumi CLI, which prints a check failure with the value of the top-level input it names (a secret
// in plain text unless it is a current stack-config secret): a program whose
// secret input fails check shows the failure, never the secret; a misspelt top-level input (one holding the secret
// among them) is refused as a misspelt nested key is. The secret comes from the environment, so
// no stack-config filter hides it. Needs dist/ (npm run build).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PulumiCliEngine, EngineRunError } from "../../tools/pulumi-cli/driver";
import { emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import type { Emulator } from "../../tools/emulator";
import { CLIENT_ID, CLIENT_SECRET, apiRequests, startTenant } from "./harness";

const PROJECT_DIR = join(__dirname, "..", "support", "fixtures", "secretCheckFailures");
const SECRET_TOKEN = "sentinel-env-token-Qm7Vx2Lp9Rk4";

let emulator: Emulator;
const stateDirs: string[] = [];

beforeAll(async () => {
  emulator = await startTenant();
});

afterAll(async () => {
  await emulator?.close();
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

describe("a check failure on a secret input, as the engine prints it", () => {
  it.each([
    ["token-as-credentials", "sms' has a problem: credentials must be an object"],
    ["token-in-a-list", "sms' has a problem: credentials must be an object"],
    // A path inside a property names none (the engine would print `value {<nil>}`), and a secret's value is never said.
    ["token-under-unknown-key", "sms' has a problem: credentials.apiKey unknown property; allowed: authToken"],
    // A misspelt top-level input is refused as a nested one is, naming it in the reason (the engine would print its value).
    [
      "misspelt-inputs",
      [
        "sms' has a problem: disabeld unknown property; allowed: name, credentials, disabled, configuration, adoptExisting",
        "sms' has a problem: credentails unknown property; allowed: name, credentials, disabled, configuration, adoptExisting",
      ],
    ],
  ])("%s: the failure is shown, the secret is not", async (shape, shown: string | string[]) => {
    const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-secret-check-"));
    stateDirs.push(stateDir);
    const engine = new PulumiCliEngine({
      projectDir: PROJECT_DIR,
      stack: "dev",
      stateDir,
      passphrase: "secret check failures",
      config: emulatorConnectionConfig(emulator, { id: CLIENT_ID, secret: CLIENT_SECRET }),
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), FIXTURE_SECRET_TOKEN: SECRET_TOKEN, FIXTURE_SHAPE: shape },
      timeoutMs: 120_000,
    });
    const error = await engine.up().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineRunError);
    const failure = error as EngineRunError;
    for (const text of [shown].flat()) expect(failure.message).toContain(text);
    expect(failure.message).not.toContain(SECRET_TOKEN);
    expect(failure.result.programOutput).not.toContain(SECRET_TOKEN);
    expect(apiRequests(emulator)).toBe(0);
  }, 150_000);
});
