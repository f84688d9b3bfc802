/**
 * The native plugin end to end: a program registering the three `tenant:index:*` types with pulumi.CustomResource
 * (as a generated SDK for any language does) and invoking getEventStreams, the plugin found through Pulumi.yaml's
 * `plugins.providers[].path` and run by the Pulumi CLI, the emulator as the tenant.
 * The same life as examples/basic: preview, up, a no-op up, the drift check, an update, refresh, destroy; and
 * no secret in plain text in any output or in the state.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { ExpectNoChangesError, isSecretEnvelope, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import type { StackConfig } from "../../../tools/pulumi-cli/project";
import { assertDistIsFresh } from "../../resources/dist";
import { OutOfBandAdmin, RequestWindow, expectNoSecrets, operations, visibleTexts } from "../helpers";
import { nativeEngine, tenantConfig } from "./nativeStack";

const CLIENT = { id: "native-ci", secret: "sentinel-native-client-secret-5b2e" };
const SMS_TOKEN = "sentinel-native-sms-token-9f13";

describe.sequential("the native plugin through the engine: examples/basic's life", () => {
  let emulator: Emulator;
  let admin: OutOfBandAdmin;
  let engine: PulumiCliEngine;
  let stateDir: string;
  let requests: RequestWindow;
  const runs: [string, RunResult][] = [];

  /** The stack, with extra config on top of the connection settings (same state, as `pulumi config set` would). */
  const engineWith = (extra: StackConfig): PulumiCliEngine =>
    nativeEngine({ stateDir, config: { ...tenantConfig(emulator, CLIENT), "tenant-native:smsAuthToken": { value: SMS_TOKEN, secret: true }, ...extra } });

  const run = async (step: string, pending: Promise<RunResult>): Promise<RunResult> => {
    const result = await pending;
    runs.push([step, result]);
    return result;
  };

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    emulator.seedEventStreams(120);
    emulator.state.pushProvider = "direct";
    admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-native-"));
    engine = engineWith({});
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("preview proposes the three creates and calls nothing that changes the tenant", async () => {
    const preview = await run("preview", engine.preview());
    expect(operations(preview).filter((op) => op.startsWith("create"))).toEqual([
      "create EnrollmentTicket alice-push",
      "create PhoneProvider sms",
      "create PushProviderSelection push",
    ].map((line) => line.replace(/^create (\w+)/, "create tenant:index:$1")));
    expect(requests.take().mutating()).toEqual([]);
  });

  it("up creates them; secrets stay secret; the invoke lists every stream", async () => {
    const up = await run("up", engine.up());
    expect(emulator.state.phoneProviders.size).toBe(1);
    expect(emulator.state.pushProvider).toBe("sns");
    expect(emulator.state.enrollmentTickets).toHaveLength(1);
    expect(up.outputs.previousPushProvider).toBe("direct");
    expect(up.outputs.eventStreamCount).toBe(120);
    expect(isSecretEnvelope(up.outputs.ticketUrl)).toBe(true);
    expect(isSecretEnvelope(up.outputs.smsCredentials)).toBe(true);
    // The plugin's default provider is a resource in state, its inputs the tenant:* config (secret kept secret).
    const provider = (await engine.readState()).resources.find((resource) => resource.type === "pulumi:providers:tenant");
    expect(provider?.urn).toMatch(/::pulumi:providers:tenant::default$/);
    expect(isSecretEnvelope(provider?.inputs.clientSecret)).toBe(true);
    requests.take();
  });

  it("a second up changes nothing and calls nothing but the listing", async () => {
    const noop = await run("no-op up", engine.up());
    expect(operations(noop).filter((op) => !op.startsWith("same"))).toEqual([]);
    expect(requests.take().mutating()).toEqual([]);
  });

  it("the drift check passes untouched and fails on a provider disabled out of band", async () => {
    await run("drift check", engine.preview({ refresh: true, expectNoChanges: true }));
    const phoneId = [...emulator.state.phoneProviders.keys()][0];
    await admin.patchPhoneProvider(phoneId, { disabled: true });
    const error = await engine.preview({ refresh: true, expectNoChanges: true }).then(
      () => new Error("expected drift"),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ExpectNoChangesError);
    runs.push(["drift found", (error as ExpectNoChangesError).result]);
    expect(operations((error as ExpectNoChangesError).result)).toContain("update tenant:index:PhoneProvider sms");
  });

  it("up --refresh repairs it; refresh and an update work; destroy restores the push selection", async () => {
    await run("repair", engine.up({ refresh: true }));
    expect([...emulator.state.phoneProviders.values()][0].disabled).toBe(false);
    await run("refresh", engine.refresh({ expectNoChanges: true }));
    const updated = await run("update", engineWith({ "tenant-native:smsDisabled": { value: "true" } }).up());
    expect(operations(updated).filter((op) => !op.startsWith("same"))).toEqual(["update tenant:index:PhoneProvider sms"]);
    expect([...emulator.state.phoneProviders.values()][0].disabled).toBe(true);
    await run("destroy", engineWith({ "tenant-native:smsDisabled": { value: "true" } }).destroy());
    expect(emulator.state.phoneProviders.size).toBe(0);
    expect(emulator.state.pushProvider).toBe("direct");
  });

  it("no secret shows in any output, nor in plain text in the state", async () => {
    for (const [step, result] of runs) {
      expectNoSecrets(visibleTexts(step, result, await engine.rawState()), {
        "the client secret": [CLIENT.secret],
        "the SMS auth token": [SMS_TOKEN],
        "a ticket URL": emulator.state.enrollmentTickets.map((ticket) => ticket.ticket_url),
      });
    }
  });
});
