/**
 * Section 2 of the bench, for the MFA settings: DuoSettings, WebAuthnSettings, PushCustomApp, MfaSettings, OtpSettings,
 * TenantMfaFlags, RiskAssessmentSettings and RiskAssessmentNewDevice (a fixture project declaring the eight) through create → update (every resource's input
 * changed, a field left out of each whole-object write) → no-op up → preview --refresh → refresh → destroy, requests
 * attributed by path, against the floor of each. The tenant starts with a Duo integration and a custom app, so each
 * create takes over what is there and each destroy puts it back.
 *
 *   npx tsx test/bench/factorSettingCalls.ts     (needs `npm run build`)
 */
import type { OperationRun } from "./callsPerOperation";
import { benchFixture, fixtureCallRows, type ResourceFloor } from "./fixtureCalls";
import type { Row } from "./report";

export function benchFactorSettingCalls(): Promise<OperationRun[]> {
  return benchFixture({
    folder: "factorSettings",
    project: "bench-factor-settings",
    config: (changed): Record<string, { value: string }> => (changed ? { "bench-factor-settings:changed": { value: "true" } } : {}),
    seed: (emulator) => {
      emulator.state.factorSettings.duo = { ikey: "DIBENCHBEFORE0000001", skey: "sentinel-bench-duo-tenant-key", host: "api-before.duosecurity.com" };
      emulator.state.factorSettings.customApp = { app_name: "Before", apple_app_link: "https://apps.apple.com/app/id1", google_app_link: "https://play.google.com/store/apps/details?id=before" };
    },
  });
}

const WHOLE = "update GETs first: the write sends the whole object, and the changed program leaves a field out";
/** Why every destroy here reads first. */
const DESTROY_READS = "destroy GETs first: it decides from the tenant, not the state, so a change made by hand since the last refresh is put back too";

const FLOORS: ResourceFloor[] = [
  {
    resource: "DuoSettings",
    floor: [2, 2, 1, 2],
    note:
      "create GETs first and records what it found; the key is left out, so the update's PUT (all three fields) sends " +
      `the tenant's key, read just before; ${DESTROY_READS}, and its PUT puts back the integration it found with that key`,
  },
  {
    resource: "WebAuthnSettings",
    floor: [3, 2, 1, 2],
    note: `the PUT's answer holds only what was sent, so create and update read the options back; ${DESTROY_READS}, and its PUT needs no answer`,
  },
  { resource: "PushCustomApp", floor: [2, 2, 1, 2], note: `create GETs first; ${WHOLE}; ${DESTROY_READS}, then PATCHes back the fields it manages` },
  { resource: "MfaSettings", floor: [2, 2, 1, 2], note: `create GETs first; ${WHOLE}; ${DESTROY_READS}, then PUTs back those it manages` },
  { resource: "OtpSettings", floor: [2, 2, 1, 2], note: `create GETs first; ${WHOLE}; ${DESTROY_READS}, then PUTs back those it manages` },
  {
    resource: "TenantMfaFlags",
    floor: [2, 2, 1, 2],
    note: `create GETs first; the update GETs first to record the switch the changed program starts to manage, then PATCHes the switches alone; ${DESTROY_READS}, then PATCHes back those it manages`,
  },
  {
    resource: "RiskAssessmentSettings",
    floor: [2, 1, 1, 1],
    note: `create GETs first; one field, so the update PATCHes alone (back off, as the tenant had it); ${DESTROY_READS}, and finds what create recorded: no write`,
  },
  { resource: "RiskAssessmentNewDevice", floor: [2, 1, 1, 2], note: `create GETs first; one field, so the update PATCHes alone; ${DESTROY_READS}, then PATCHes back` },
];

/** Calls per operation of each, and their share of a no-op up (0 each) and of preview --refresh (one GET each). */
export function factorSettingCallRows(runs: readonly OperationRun[]): Row[] {
  return fixtureCallRows(runs, FLOORS, "a fixture of the eight MFA settings", "the eight MFA settings", [
    { operation: "no-op up", floors: FLOORS.map(() => 0) },
    { operation: "preview --refresh", floors: FLOORS.map(() => 1) },
  ]);
}

if (require.main === module) {
  benchFactorSettingCalls()
    .then((runs) => {
      for (const run of runs) console.log(JSON.stringify(run));
      for (const row of factorSettingCallRows(runs)) console.log(`| ${row.measure} | ${row.result} | ${row.goal} | ${row.verdict} |`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
