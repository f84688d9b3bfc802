// Through the Pulumi CLI, which prints a check failure with the value of the top-level input it names (in plain
// text even when it is a secret): an APNs certificate that is not base64, an FCM service
// account that is not a JSON object and an AWS secret key over the service's limit each fail before any call, with
// a reason that says which input, and the secret shows nowhere. Needs dist/ (npm run build).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PulumiCliEngine, EngineRunError } from "../../tools/pulumi-cli/driver";
import { emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import type { Emulator } from "../../tools/emulator";
import { CLIENT_ID, CLIENT_SECRET, apiRequests, startTenant } from "./harness";

const PROJECT_DIR = join(__dirname, "..", "support", "fixtures", "pushCredentialCheckFailures");

let emulator: Emulator;
const stateDirs: string[] = [];

beforeAll(async () => {
  emulator = await startTenant();
});

afterAll(async () => {
  await emulator?.close();
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

describe("a check failure on a push credential's secret, as the engine prints it", () => {
  it.each([
    ["p12-not-base64", "sentinel p12 not base64 Kq8!", "apns' has a problem: p12 must be the base64 of the PKCS#12"],
    ["service-account-not-json", "sentinel-fcm-plain-string-Wn3", "fcm' has a problem: serverCredentials must be the Firebase service account's key file"],
    ["aws-secret-too-long", `sentinel-aws-${"Zx".repeat(600)}`, "sns' has a problem: awsSecretAccessKey must be at most 1000 character(s) long"],
  ])("%s: the failure is shown, the secret is not", async (shape, secret, shown) => {
    const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-push-check-"));
    stateDirs.push(stateDir);
    const engine = new PulumiCliEngine({
      projectDir: PROJECT_DIR,
      stack: "dev",
      stateDir,
      passphrase: "push credential check failures",
      config: emulatorConnectionConfig(emulator, { id: CLIENT_ID, secret: CLIENT_SECRET }),
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), FIXTURE_SECRET: secret, FIXTURE_SHAPE: shape },
      timeoutMs: 120_000,
    });
    const error = await engine.up().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineRunError);
    const failure = error as EngineRunError;
    expect(failure.message).toContain(shown);
    expect(failure.message).not.toContain(secret.slice(0, 16));
    expect(failure.result.programOutput).not.toContain(secret.slice(0, 16));
    expect(apiRequests(emulator)).toBe(0);
  }, 150_000);
});
