/**
 * examples/mfa-settings through the Pulumi CLI, on a tenant that already has a Duo integration: up sets each
 * factor's settings before turning it on (security keys that verify their user, Duo) and the eight-hour session; a
 * no-op up makes no call; the drift check of the untouched stack passes; a Duo key and a user verification changed by
 * hand are found by preview --refresh --expect-no-changes (one read per resource, the CLI's --diff naming what
 * changed); up --refresh puts them back; destroy puts the factors, the WebAuthn and
 * the session settings back and leaves Duo's integration, whose key the stack replaced, saying so. The tenant's Duo
 * keys (the one it had, the one set by hand), the program's, the client secret and every access token stay out of the
 * state file, the output and the logs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { displayedChanges, proposedChanges, type RunResult } from "../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { DUO_SECRET_SENTINEL, mfaSettingsStack, type MfaSettingsStack } from "../../tools/stacks/mfaSettingsStack";
import { API_PREFIX, OutOfBandAdmin, RequestWindow, cleanDriftCheck, diffShownFor, driftFailure, expectNoSecrets, operations, visibleTexts } from "./helpers";

const DUO = `${API_PREFIX}/guardian/factors/duo/settings`;
const ROAMING = `${API_PREFIX}/guardian/factors/webauthn-roaming/settings`;
const SESSIONS = `${API_PREFIX}/guardian/settings`;
const FACTORS = `${API_PREFIX}/guardian/factors`;
/** The key the tenant's Duo integration had before the stack, and one set by hand later. */
const TENANT_DUO_KEYS = { before: "sentinel-duo-tenant-key-Gs5Wn2Kc", byHand: "sentinel-duo-by-hand-key-Tf8Rb1Mx" };
const RESOURCES = [
  "tenant:DuoSettings duo",
  "tenant:MfaFactor duo",
  "tenant:MfaFactor security-keys",
  "tenant:MfaSettings mfa-sessions",
  "tenant:WebAuthnSettings security-keys",
];

describe.sequential("examples/mfa-settings: security keys, Duo and an eight-hour session as code", () => {
  let emulator: Emulator;
  let stack: MfaSettingsStack;
  let requests: RequestWindow;
  let admin: OutOfBandAdmin;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    emulator.state.factorSettings.duo = { ikey: "DIOLDINTEGRATION0001", skey: TENANT_DUO_KEYS.before, host: "api-old.duosecurity.com" };
    admin = await OutOfBandAdmin.create(emulator, SENTINEL_CLIENT.id);
    stack = mfaSettingsStack(emulator);
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  async function expectNoLeaks(step: string, result: RunResult): Promise<void> {
    expectNoSecrets(visibleTexts(step, result, await stack.engine.rawState()), {
      "the program's Duo key": [DUO_SECRET_SENTINEL],
      "the tenant's Duo key": [TENANT_DUO_KEYS.before],
      "a Duo key set by hand": [TENANT_DUO_KEYS.byHand],
      "the client secret": [SENTINELS.clientSecret],
      "an access token": [...emulator.issuedAccessTokens(), admin.token],
    });
  }

  it("up sets each factor's settings before turning it on, and the session; the tenant's Duo key is read, never kept", async () => {
    const result = await stack.engine.up();
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(operations(result)).toEqual(RESOURCES.map((resource) => `create ${resource}`));
    const writes = calls.mutating().map((call) => call.replace(API_PREFIX, ""));
    expect([...writes].sort()).toEqual([
      "PUT /guardian/factors/duo",
      "PUT /guardian/factors/duo/settings",
      "PUT /guardian/factors/webauthn-roaming",
      "PUT /guardian/factors/webauthn-roaming/settings",
      "PUT /guardian/settings",
    ]);
    expect(writes.indexOf("PUT /guardian/factors/duo/settings")).toBeLessThan(writes.indexOf("PUT /guardian/factors/duo"));
    expect(writes.indexOf("PUT /guardian/factors/webauthn-roaming/settings")).toBeLessThan(writes.indexOf("PUT /guardian/factors/webauthn-roaming"));
    expect(emulator.state.factorSettings.webauthn["webauthn-roaming"].userVerification).toBe("required");
    expect(emulator.state.factorSettings.duo).toEqual({ ikey: "DIWJ8X6AEYOR5OMC6TQ1", skey: DUO_SECRET_SENTINEL, host: "api-1a2b3c4d.duosecurity.com" });
    expect(emulator.state.factorSettings.guardian).toMatchObject({ mfa_session_inactivity_timeout: 28800, mfa_session_overall_timeout: 28800 });
    expect(emulator.state.mfa.factors.get("duo")?.enabled).toBe(true);
    expect(emulator.state.mfa.factors.get("webauthn-roaming")?.enabled).toBe(true);
    expect(result.outputs).toEqual({
      securityKeyUserVerification: "required",
      securityKeysEnabled: true,
      duoEnabled: true,
      duoHostname: "api-1a2b3c4d.duosecurity.com",
      sessionOverallTimeout: 28800,
    });
    await expectNoLeaks("up", result);
  });

  it("a second up changes nothing and makes no API call", async () => {
    const result = await stack.engine.up();
    expect(requests.take().counts()).toEqual({});
    expect(operations(result).filter((op) => !op.startsWith("same "))).toEqual([]);
    await expectNoLeaks("no-op up", result);
  });

  it("the drift check of the untouched stack passes: exit 0, every resource read back the same, no write", async () => {
    const result = await cleanDriftCheck(stack.engine, requests, RESOURCES);
    await expectNoLeaks("the drift check", result);
  });

  it("a Duo key and a user verification changed by hand are found by preview --refresh, one read per resource", async () => {
    // The key alone: the service returns it, and the refresh records that it differs (never the key itself).
    await admin.call("PUT", DUO, { ikey: "DIWJ8X6AEYOR5OMC6TQ1", skey: TENANT_DUO_KEYS.byHand, host: "api-1a2b3c4d.duosecurity.com" });
    await admin.call("PUT", ROAMING, { userVerification: "preferred" });
    requests.take();
    const error = await driftFailure(stack.engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    const proposed = proposedChanges(error.result.steps, error.operation);
    expect(proposed.map((step) => `${step.op} ${step.type} ${step.name}`).sort()).toEqual(["update tenant:DuoSettings duo", "update tenant:WebAuthnSettings security-keys"]);
    const shown = Object.fromEntries(proposed.map((step) => [step.name, displayedChanges(step)]));
    // The refreshed inputs hold only the options the program manages: the display lists the drift alone.
    expect(shown["security-keys"]).toEqual(["userVerification"]);
    // What the CLI prints: the security keys' one option, and Duo's key as a changed secret, never its value.
    expect(diffShownFor(error.result.programOutput, "security-keys", "update")).toEqual(["userVerification"]);
    expect(diffShownFor(error.result.programOutput, "duo", "update")).toEqual(["secretKey"]);
    const calls = requests.take();
    expect(calls.mutating()).toEqual([]);
    expect(calls.counts()).toEqual({ [`GET ${DUO}`]: 1, [`GET ${ROAMING}`]: 1, [`GET ${SESSIONS}`]: 1, [`GET ${FACTORS}`]: 2 });
    await expectNoLeaks("preview --refresh", error.result);
  });

  it("up --refresh puts them back: Duo with the program's key", async () => {
    const result = await stack.engine.up({ refresh: true });
    expect(requests.take().failures()).toEqual([]);
    expect(operations(result).filter((op) => op.startsWith("update "))).toEqual(["update tenant:DuoSettings duo", "update tenant:WebAuthnSettings security-keys"]);
    expect(emulator.state.factorSettings.duo).toEqual({ ikey: "DIWJ8X6AEYOR5OMC6TQ1", skey: DUO_SECRET_SENTINEL, host: "api-1a2b3c4d.duosecurity.com" });
    expect(emulator.state.factorSettings.webauthn["webauthn-roaming"].userVerification).toBe("required");
    await expectNoLeaks("up --refresh", result);
  });

  it("destroy puts back the factors and the settings it found, and leaves Duo's integration, saying why", async () => {
    const result = await stack.engine.destroy();
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, "")).sort()).toEqual([
      "PUT /guardian/factors/duo",
      "PUT /guardian/factors/webauthn-roaming",
      "PUT /guardian/factors/webauthn-roaming/settings",
      "PUT /guardian/settings",
    ]);
    expect(emulator.state.mfa.factors.get("duo")?.enabled).toBe(false);
    expect(emulator.state.mfa.factors.get("webauthn-roaming")?.enabled).toBe(false);
    expect(emulator.state.factorSettings.webauthn["webauthn-roaming"]).toEqual({ userVerification: "discouraged", overrideRelyingParty: false });
    expect(emulator.state.factorSettings.guardian).toEqual({
      display_remember_me_checkbox: true,
      remember_me_default_value: false,
      mfa_session_inactivity_timeout: 604800,
      mfa_session_overall_timeout: 2592000,
    });
    expect(emulator.state.factorSettings.duo.skey).toBe(DUO_SECRET_SENTINEL);
    // The key the stack sent replaced the tenant's, which cannot be put back: a warning names the resource as the program does.
    expect(result.diagnostics).toEqual([
      {
        severity: "warning",
        urn: "",
        message: expect.stringMatching(/^DuoSettings "duo" was removed from the stack; the tenant keeps what the stack set: its secretKey replaced the one the tenant had/),
      },
    ]);
    expect(result.programOutput).toMatch(/warning: DuoSettings "duo" was removed from the stack/);
    expect((await stack.engine.readState()).resources).toEqual([]);
    await expectNoLeaks("destroy", result);
  });
});
