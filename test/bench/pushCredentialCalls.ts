/**
 * Section 2 of the bench, for the push-notification credentials: SnsPushProvider, ApnsPushProvider and
 * FcmPushProvider (a fixture project declaring the three) through create → update (every resource's input changed)
 * → no-op up → preview --refresh → refresh → destroy, requests attributed by path, against the floor of each.
 *
 *   npx tsx test/bench/pushCredentialCalls.ts     (needs `npm run build`)
 */
import type { OperationRun } from "./callsPerOperation";
import { benchFixture, fixtureCallRows, type ResourceFloor } from "./fixtureCalls";
import type { Row } from "./report";

export function benchPushCredentialCalls(): Promise<OperationRun[]> {
  const secret = (value: string) => ({ value, secret: true });
  return benchFixture({
    folder: "pushCredentials",
    project: "bench-push-credentials",
    config: (changed) => ({
      "bench-push-credentials:awsSecretAccessKey": secret(changed ? "sentinel-bench-aws-rotated" : "sentinel-bench-aws-secret"),
      "bench-push-credentials:apnsP12": secret(Buffer.from("sentinel-bench-p12").toString("base64")),
      "bench-push-credentials:fcmServerCredentials": secret(JSON.stringify({ type: "service_account", key: changed ? "rotated" : "first" })),
      ...(changed ? { "bench-push-credentials:awsRegion": { value: "eu-west-1" }, "bench-push-credentials:apnsSandbox": { value: "true" } } : {}),
    }),
  });
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
