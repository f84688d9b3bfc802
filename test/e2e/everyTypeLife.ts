/**
 * The every-type program's life under the Pulumi CLI, the same for both doors (the TypeScript dynamic resources,
 * test/e2e/everyType.test.ts; the native plugin's YAML program, test/e2e/native/yamlProgram.test.ts): `up` creates
 * one resource of each of the package's types, the drift check right after is clean and a second `up` writes nothing
 * (for the values the README's examples give too: a custom phone provider's `credentials: {}`, …), a changed program
 * updates each type (the EventBridge stream's new region replaces it, deleting it first, as the warning says), changes
 * made by hand to a few are found by `preview --refresh --diff`, taken in by `refresh` (FcmPushProvider's cannot be
 * seen: the service cannot read it) and repaired by the next `up`, both functions list what the tenant holds, and
 * `destroy` deletes each, leaving the tenant as each type's docs say (risk assessment off again, as it began). No secret reaches the output or anything the
 * backend keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOM_APP_PATH, FCMV1_PATH, NEW_DEVICE_PATH, TENANT_SETTINGS_PATH, startEmulator, type Emulator } from "../../tools/emulator";
import { isSecretEnvelope, proposedChanges, type PulumiCliEngine, type RunResult } from "../../tools/pulumi-cli/driver";
import { RESOURCES } from "../../provider/resources/registry";
import { EVERY_TYPE_RESOURCES, type EveryTypeResource, type Phase } from "../support/fixtures/everyTypeProgram/inputs";
import { API_PREFIX, OutOfBandAdmin, RequestWindow, STREAMS_API_PATH, diffShownFor, driftFailure, expectNoSecrets, progressDiffFor } from "./helpers";
import { pluginLogs } from "./native/nativeStack";
import { EVERY_TYPE_CLIENT, EVERY_TYPE_SENTINELS, heldAfterUp, listedAfterUp, listedByFunctions, tenantHolds, type TenantHolds } from "./everyTypeTenant";

const STEP_TIMEOUT_MS = 300_000;
const NAMES = Object.keys(EVERY_TYPE_RESOURCES) as EveryTypeResource[];
const SEEDED_STREAMS = 3;
/** The custom app the tenant had: its name alone, so destroy puts that back and cannot clear the links it set. */
const TENANT_APP = { app_name: "The tenant's own app" };
/**
 * The tenant's own settings: fields and flags the program never names, and the factor list on, which phase 1 leaves
 * out and phase 2 turns off; destroy puts the object back exactly (the PostLogin switch removed again).
 */
const TENANT_SETTINGS = { friendly_name: "Every Type Inc.", session_lifetime: 720, flags: { enable_sso: false, mfa_show_factor_list_on_enrollment: true } };
/** Changed by hand after the second `up`: what each readable resource's refresh must find, and an FCM service account. */
const BY_HAND = { otp: { otp_length: 4, otp_expiration_time: 900 }, appName: "Renamed by hand", rememberFor: 7 };
const FCM_BY_HAND = { type: "service_account", project_id: "set-by-hand" };
/** The readable resources those changes (the PostLogin switch turned off and the new-device days changed by hand among them) reach, each with the property changed. */
const BY_HAND_SHOWN = { audit: "status", customApp: "appName", otp: "otpLength", mfaSwitches: "customizeMfaInPostLoginAction", newDevice: "rememberFor" } as const;
const BY_HAND_CHANGED = Object.keys(BY_HAND_SHOWN) as (keyof typeof BY_HAND_SHOWN)[];
/** What a run shows of each resource changed by hand, and what it should show (`shows`, from the property changed). */
const shownByHand = (shown: (name: EveryTypeResource) => unknown, shows: (property: string) => unknown) => ({
  actual: Object.fromEntries(BY_HAND_CHANGED.map((name) => [name, shown(name)])),
  expected: Object.fromEntries(BY_HAND_CHANGED.map((name) => [name, shows(BY_HAND_SHOWN[name])])),
});

/** How a door runs the program. */
export interface EveryTypeDoor {
  /** The stack with the program and config of `phase`, one state throughout; asked once per phase, 1 before 2. */
  openStack(phase: Phase): PulumiCliEngine;
  /** Whether a function called with `dependsOn` waits for those resources (pulumi-yaml's does not: see everyTypeProgram.ts). */
  functionsAwaitDependsOn: boolean;
  /** Whether a provider's warning comes with its resource's URN, which the CLI prints it under (a dynamic provider's delete gets none). */
  warningsUnderResources: boolean;
  dispose(): void;
}

/** Steps as sorted "op Type name" lines, the type without its module (the doors name it differently). */
const stepLines = (steps: RunResult["steps"]): string[] => steps.map((step) => `${step.op} ${step.type.split(":").pop()} ${step.name}`).sort();
const every = (op: string, names: readonly EveryTypeResource[] = NAMES): string[] => names.map((name) => `${op} ${EVERY_TYPE_RESOURCES[name]} ${name}`);
const except = (...left: EveryTypeResource[]): EveryTypeResource[] => NAMES.filter((name) => !left.includes(name));

export function describeEveryTypeLife(title: string, openDoor: (emulator: Emulator) => EveryTypeDoor): void {
  describe.sequential(title, () => {
    let emulator: Emulator;
    let door: EveryTypeDoor;
    const stacks = new Map<Phase, PulumiCliEngine>();
    const stackAt = (phase: Phase): PulumiCliEngine => stacks.get(phase) ?? stacks.set(phase, door.openStack(phase)).get(phase)!;
    let admin: OutOfBandAdmin;
    let requests: RequestWindow;
    let before: TenantHolds;
    let seeded: string[];
    const runs: [string, RunResult][] = [];

    const run = async (step: string, pending: Promise<RunResult>): Promise<RunResult> => {
      const result = await pending;
      runs.push([step, result]);
      return result;
    };

    beforeAll(async () => {
      emulator = await startEmulator({ clients: [EVERY_TYPE_CLIENT] });
      emulator.seedEventStreams(SEEDED_STREAMS);
      seeded = emulator.state.eventStreams.map((stream) => stream.name);
      emulator.state.factorSettings.customApp = { ...TENANT_APP };
      emulator.seedTenantSettings(TENANT_SETTINGS);
      before = tenantHolds(emulator);
      admin = await OutOfBandAdmin.create(emulator, EVERY_TYPE_CLIENT.id);
      door = openDoor(emulator);
      requests = new RequestWindow(emulator);
    });

    afterAll(async () => {
      door?.dispose();
      await emulator?.close();
    });

    it("declares every registered type", () => {
      expect([...new Set(Object.values(EVERY_TYPE_RESOURCES))].sort()).toEqual(RESOURCES.map((definition) => definition.name).sort());
    });

    it("up creates one of each type and the tenant holds each; a function awaiting its dependsOn lists what it holds", async () => {
      const up = await run("up", stackAt(1).up());
      expect(requests.take().failures()).toEqual([]);
      expect(stepLines(up.steps)).toEqual(every("create").sort());
      expect(tenantHolds(emulator)).toEqual(heldAfterUp(1, before, ["auth0|every-type"]));
      if (door.functionsAwaitDependsOn) expect(listedByFunctions(up.outputs)).toEqual(listedAfterUp(1, seeded));
      expect(isSecretEnvelope(up.outputs.ticketUrl)).toBe(true);
    }, STEP_TIMEOUT_MS);

    it("the drift check right after is clean (every resource read back the same), and a second up writes nothing", async () => {
      const drift = await run("drift check after create", stackAt(1).preview({ refresh: true, expectNoChanges: true }));
      expect(stepLines(drift.steps)).toEqual([...every("refresh-same"), ...every("same")].sort());
      expect(requests.take().mutating()).toEqual([]);
      const again = await run("up again", stackAt(1).up());
      expect(stepLines(again.steps)).toEqual(every("same").sort());
      expect(requests.take().mutating()).toEqual([]);
    }, STEP_TIMEOUT_MS);

    it("a changed program updates each type; the ticket, which no call changes, and the stream in another region are replaced", async () => {
      const up = await run("second up", stackAt(2).up());
      expect(requests.take().failures()).toEqual([]);
      // The SMS factor alone is declared as it was; a ticket's every input replaces it (the first stays usable: no call revokes it).
      expect(stepLines(up.steps)).toEqual(
        [...every("update", except("ticket", "smsFactor", "archive")), ...every("replace", ["ticket", "archive"]), ...every("same", ["smsFactor"])].sort(),
      );
      // The stream's name must be free, so the old one goes first, and its partner event source with it: the CLI says so.
      const under = door.warningsUnderResources ? "EventStream \\(archive\\):\\n\\s+" : "";
      expect(up.programOutput).toMatch(new RegExp(`${under}warning: This change replaces the event stream "archive" by deleting it first .*partner event source`));
      expect(tenantHolds(emulator)).toEqual(heldAfterUp(2, before, ["auth0|every-type", "auth0|every-type-changed"]));
      if (door.functionsAwaitDependsOn) expect(listedByFunctions(up.outputs)).toEqual(listedAfterUp(2, seeded));
    }, STEP_TIMEOUT_MS);

    it("changes made by hand: preview --refresh --diff names each one it can read, not the FCM service account's; the functions list them", async () => {
      const audit = emulator.state.eventStreams.find((stream) => stream.name === "audit")!;
      await admin.call("PUT", `${API_PREFIX}/guardian/factors/phone/settings`, BY_HAND.otp);
      await admin.call("PATCH", `${API_PREFIX}${CUSTOM_APP_PATH}`, { app_name: BY_HAND.appName });
      await admin.call("PATCH", `${STREAMS_API_PATH}/${audit.id}`, { status: "disabled" });
      await admin.call("PUT", `${API_PREFIX}${FCMV1_PATH}`, { server_credentials: JSON.stringify(FCM_BY_HAND) });
      await admin.call("PATCH", `${API_PREFIX}${TENANT_SETTINGS_PATH}`, { customize_mfa_in_postlogin_action: false });
      await admin.call("PATCH", `${API_PREFIX}${NEW_DEVICE_PATH}`, { remember_for: BY_HAND.rememberFor });
      const drift = await driftFailure(stackAt(2).preview({ refresh: true, expectNoChanges: true, diff: true }));
      runs.push(["drift check", drift.result]);
      expect(stepLines(proposedChanges(drift.result.steps, drift.operation))).toEqual(every("update", BY_HAND_CHANGED).sort());
      const diffs = shownByHand((name) => diffShownFor(drift.result.programOutput, name, "update"), (property) => [property]);
      expect(diffs.actual).toEqual(diffs.expected);
      // The program ran, and both functions listed the tenant as it stands, the stream's status set by hand included.
      expect(listedByFunctions(drift.result.outputs)).toEqual(listedAfterUp(2, seeded, "disabled"));
    }, STEP_TIMEOUT_MS);

    it("refresh reads each readable resource once and takes the changes in; FcmPushProvider and EnrollmentTicket keep their state", async () => {
      requests.take();
      const refreshed = await run("refresh", stackAt(2).refresh());
      const calls = requests.take();
      expect(calls.mutating()).toEqual([]);
      // Neither the FCM service account nor a ticket can be read: their refresh makes no call and finds nothing.
      const reads = Object.values(calls.counts()).reduce((sum, count) => sum + count, 0);
      expect(reads).toBe(NAMES.length - 2);
      expect(stepLines(refreshed.steps)).toEqual(
        [...every("refresh-update", BY_HAND_CHANGED), ...every("refresh-same", except(...BY_HAND_CHANGED))].sort(),
      );
      const progress = shownByHand((name) => progressDiffFor(refreshed.programOutput, name), (property) => `~${property}`);
      expect(progress.actual).toEqual(progress.expected);
      const outputs = Object.fromEntries((await stackAt(2).readState()).resources.map((resource) => [resource.urn.split("::").pop(), resource.outputs]));
      expect([outputs.otp?.otpLength, outputs.customApp?.appName, outputs.audit?.status, outputs.mfaSwitches?.customizeMfaInPostLoginAction, outputs.newDevice?.rememberFor]).toEqual([
        BY_HAND.otp.otp_length,
        BY_HAND.appName,
        "disabled",
        false,
        BY_HAND.rememberFor,
      ]);
    }, STEP_TIMEOUT_MS);

    it("up repairs what refresh took in, one write for each, and leaves the FCM service account it cannot see", async () => {
      requests.take();
      const repaired = await run("repair", stackAt(2).up());
      const calls = requests.take();
      expect(calls.failures()).toEqual([]);
      expect(stepLines(repaired.steps)).toEqual([...every("update", BY_HAND_CHANGED), ...every("same", except(...BY_HAND_CHANGED))].sort());
      expect(calls.mutating()).toHaveLength(BY_HAND_CHANGED.length);
      expect(tenantHolds(emulator)).toEqual({ ...heldAfterUp(2, before, ["auth0|every-type", "auth0|every-type-changed"]), fcm: FCM_BY_HAND });
    }, STEP_TIMEOUT_MS);

    it("destroy deletes each: objects removed, settings put back, and what no call can clear kept, saying so", async () => {
      const destroyed = await run("destroy", stackAt(2).destroy());
      expect(requests.take().failures()).toEqual([]);
      expect(stepLines(destroyed.steps)).toEqual(every("delete").sort());
      const held = heldAfterUp(2, before, []);
      expect(tenantHolds(emulator)).toEqual({
        ...before,
        // No call clears an APNs certificate, an FCM service account (here the one set by hand) or a Duo integration
        // the tenant did not have; none revokes a ticket; the app's links were not the tenant's, and no call clears a link.
        apns: held.apns,
        fcm: FCM_BY_HAND,
        duo: held.duo,
        customApp: { ...TENANT_APP, apple_app_link: held.customApp.apple_app_link, google_app_link: held.customApp.google_app_link },
        tickets: ["auth0|every-type", "auth0|every-type-changed"],
      });
      const warned = destroyed.diagnostics.map((log) => /^(\w+) "(\w+)" was removed from the stack/.exec(log.message)?.slice(1) ?? [log.message]);
      expect(warned.map((warning) => warning.join(" ")).sort()).toEqual(["ApnsPushProvider apns", "DuoSettings duo", "FcmPushProvider fcm", "PushCustomApp customApp"]);
      // The CLI shows each: the plugin's under its resource (its log call carries the URN); a dynamic provider's delete
      // gets no URN, so its message names the resource as the program does.
      for (const [type, name] of warned) {
        const under = door.warningsUnderResources ? `${type} \\(${name}\\):\\n\\s+` : "";
        expect(destroyed.programOutput).toMatch(new RegExp(`${under}warning: ${type} "${name}" was removed from the stack`));
      }
      expect((await stackAt(2).readState()).resources).toEqual([]);
    }, STEP_TIMEOUT_MS);

    it("no secret shows in any output, nor in anything the backend keeps", async () => {
      const secrets = { ...EVERY_TYPE_SENTINELS, "an access token": [...emulator.issuedAccessTokens(), admin.token] };
      const ticketUrls = emulator.state.enrollmentTickets.map((ticket) => ticket.ticket_url);
      for (const [step, result] of runs) {
        const texts = { [`${step}: CLI and program output`]: result.programOutput, [`${step}: the providers' log messages`]: JSON.stringify(pluginLogs(result)) };
        expectNoSecrets(texts, { ...secrets, "a ticket URL": ticketUrls });
      }
      // The state of every run: the checkpoint, its backups and history (a ticket URL in them is encrypted).
      expectNoSecrets(await stackAt(2).backendTexts(), { ...secrets, "a ticket URL": ticketUrls });
    });
  });
}
