/**
 * Section 2 of the bench, for the push-notification credentials: SnsPushProvider, ApnsPushProvider and
 * FcmPushProvider (a fixture project declaring the three) through create → update (every resource's input changed)
 * → no-op up → preview --refresh → refresh → destroy, requests attributed by path, against the floor of each.
 *
 *   npx tsx test/bench/pushCredentialCalls.ts     (needs `npm run build`)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { createEngine, type Engine } from "../../tools/engine";
import { SENTINEL_CLIENT, emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import type { OperationRun } from "./callsPerOperation";
import { fixtureCallRows, sixRuns, type ResourceFloor } from "./fixtureCalls";
import { TimingRecorder } from "./processTimings";
import type { Row } from "./report";

const PROJECT_DIR = join(__dirname, "fixtures", "pushCredentials");

function credentialStack(emulator: Emulator, stateDir: string, env: NodeJS.ProcessEnv, changed: boolean): Engine {
  const secret = (value: string) => ({ value, secret: true });
  return createEngine({
    projectDir: PROJECT_DIR,
    stack: "bench-push-credentials",
    stateDir,
    passphrase: "bench push credentials",
    config: {
      ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
      "bench-push-credentials:awsSecretAccessKey": secret(changed ? "sentinel-bench-aws-rotated" : "sentinel-bench-aws-secret"),
      "bench-push-credentials:apnsP12": secret(Buffer.from("sentinel-bench-p12").toString("base64")),
      "bench-push-credentials:fcmServerCredentials": secret(JSON.stringify({ type: "service_account", key: changed ? "rotated" : "first" })),
      ...(changed ? { "bench-push-credentials:awsRegion": { value: "eu-west-1" }, "bench-push-credentials:apnsSandbox": { value: "true" } } : {}),
    },
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...env },
  });
}

export async function benchPushCredentialCalls(): Promise<OperationRun[]> {
  const emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
  const recorder = new TimingRecorder();
  const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-bench-push-"));
  const initial = credentialStack(emulator, stateDir, recorder.env(), false);
  const changed = credentialStack(emulator, stateDir, recorder.env(), true);
  try {
    return await sixRuns(emulator, recorder, initial, changed);
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
    recorder.dispose();
    await emulator.close();
  }
}

const FLOORS: ResourceFloor[] = [
  {
    resource: "SnsPushProvider",
    floor: [2, 1, 1, 1],
    note:
      "create GETs first and records what it found; on this fresh tenant, none, so destroy is a PUT of the five fields " +
      "as null: the API has no DELETE",
  },
  {
    resource: "ApnsPushProvider",
    floor: [2, 1, 1, 0],
    note: "create GETs first and records what it found; no API clears the certificate, so destroy on a tenant that had none makes no call",
  },
  { resource: "FcmPushProvider", floor: [1, 1, 0, 0], note: "the service cannot read it back (no GET) nor clear it" },
];

/** Calls per operation of each, and their share of a no-op up (0 each) and of preview --refresh (FCM none). */
export function pushCredentialCallRows(runs: readonly OperationRun[]): Row[] {
  return fixtureCallRows(runs, FLOORS, "a fixture of the three credentials", "the three push credentials", [
    { operation: "no-op up", floors: [0, 0, 0] },
    { operation: "preview --refresh", floors: [1, 1, 0], note: "FCM v1 cannot be read: its refresh makes no call" },
  ]);
}

if (require.main === module) {
  benchPushCredentialCalls()
    .then((runs) => {
      for (const run of runs) console.log(JSON.stringify(run));
      for (const row of pushCredentialCallRows(runs)) console.log(`| ${row.measure} | ${row.result} | ${row.goal} | ${row.verdict} |`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
