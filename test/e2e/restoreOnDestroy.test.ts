/**
 * Destroy's promise to put back what create found, under the Pulumi CLI, after the tenant was changed by hand: the
 * push provider the stack left as it found it ("guardian") but someone switched to "sns" is put back, though the state
 * says nothing changed; the MFA session timeouts the program manages are put back, and the remember-me checkbox it
 * leaves out keeps what was set by hand. The drift check before it lists the real change, never a left-out setting.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { ExpectNoChangesError } from "../../tools/pulumi-cli/driver";
import { emulatorConnectionConfig, exampleStack, type BasicStack } from "../../tools/stacks/basicStack";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { API_PREFIX, OutOfBandAdmin, RequestWindow } from "./helpers";

const PROJECT_DIR = join(REPO_ROOT, "test", "support", "fixtures", "settingsProgram");
const CLIENT = { id: "restore-on-destroy-ci", secret: "sentinel-restore-on-destroy-31b7c2" };
const SESSIONS = `${API_PREFIX}/guardian/settings`;

describe.sequential("destroy after the tenant was changed by hand", () => {
  let emulator: Emulator;
  let stack: BasicStack;
  let admin: OutOfBandAdmin;
  let requests: RequestWindow;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [CLIENT] });
    admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    stack = exampleStack({
      projectDir: PROJECT_DIR,
      stack: "dev",
      tempPrefix: "pulumi-tenant-restore-",
      passphrase: "restore on destroy",
      config: emulatorConnectionConfig(emulator, CLIENT),
      env: BLANK_TENANT_ENV,
    });
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  it("up: the selection the tenant has is adopted as it is; the two timeouts are written, the checkbox left alone", async () => {
    expect(emulator.state.pushProvider).toBe("guardian");
    await stack.engine.up();
    expect(requests.take().mutating().map((call) => call.replace(API_PREFIX, ""))).toEqual(["PUT /guardian/settings"]);
    expect(emulator.state.factorSettings.guardian).toEqual({
      display_remember_me_checkbox: true,
      remember_me_default_value: false,
      mfa_session_inactivity_timeout: 28800,
      mfa_session_overall_timeout: 28800,
    });
  });

  it("the drift check shows the selection changed by hand, and no left-out setting as removed", async () => {
    await admin.selectPushProvider("sns");
    await admin.call("PUT", SESSIONS, {
      display_remember_me_checkbox: false,
      remember_me_default_value: false,
      mfa_session_inactivity_timeout: 28800,
      mfa_session_overall_timeout: 28800,
    });
    const error = await stack.engine.preview({ refresh: true, diff: true, expectNoChanges: true }).then(
      () => new Error("expected the drift check to fail"),
      (caught: unknown) => caught,
    );
    if (!(error instanceof ExpectNoChangesError)) throw error;
    const seen = error.result.programOutput;
    // The refresh's part lists what the tenant's outputs now say (the checkbox among them, under --outputs--); the
    // update's part, what the repair would change: the selection alone, no left-out setting shown as removed.
    const update = seen.slice(seen.indexOf("pulumi:pulumi:Stack: (same)"));
    expect(update, seen).toMatch(/~ provider\s*:\s*"sns"\s*=>\s*"guardian"/);
    expect(update, seen).not.toMatch(/displayRememberMeCheckbox|rememberMeDefaultValue|MfaSettings/);
    expect(seen, seen).not.toMatch(/^\s*- (displayRememberMeCheckbox|rememberMeDefaultValue)/m);
  });

  it("destroy puts back what create found, deciding from the tenant, and leaves the checkbox as set by hand", async () => {
    requests.take();
    await stack.engine.destroy();
    expect(emulator.state.pushProvider).toBe("guardian");
    expect(emulator.state.factorSettings.guardian).toEqual({
      display_remember_me_checkbox: false,
      remember_me_default_value: false,
      mfa_session_inactivity_timeout: 604800,
      mfa_session_overall_timeout: 2592000,
    });
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, "")).sort()).toEqual(["PUT /guardian/factors/push-notification/selected-provider", "PUT /guardian/settings"]);
  });
});
