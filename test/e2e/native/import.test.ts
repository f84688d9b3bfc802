/**
 * `pulumi import` with the native plugin, through the Pulumi CLI (Read with the id alone,
 * then Check of the read inputs against themselves, as the engine's ImportStep does): a phone provider and the
 * push selection made outside Pulumi come into the stack, the auth token (write-only) is nowhere in the imported
 * inputs, and the program that declares them then updates them in place. An enrollment ticket cannot be imported
 * and a mistyped id fails naming it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { EngineRunError, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { assertDistIsFresh } from "../../resources/dist";
import { OutOfBandAdmin, PHONE_API_PATH, expectNoSecrets, operations, visibleTexts } from "../helpers";
import { nativeEngine, pluginLogs, tenantConfig } from "./nativeStack";

const CLIENT = { id: "native-import-ci", secret: "sentinel-import-client-secret-61aa" };
const OUT_OF_BAND_TOKEN = "sentinel-out-of-band-sms-token-0c7d";
const SMS_TOKEN = "sentinel-import-sms-token-4e88";

describe.sequential("import through the native plugin", () => {
  let emulator: Emulator;
  let engine: PulumiCliEngine;
  let stateDir: string;
  let phoneId: string;
  const runs: [string, RunResult][] = [];

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    emulator.state.pushProvider = "guardian";
    const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    const created = (await admin.call("POST", PHONE_API_PATH, {
      name: "vendor_a",
      credentials: { auth_token: OUT_OF_BAND_TOKEN },
      configuration: { sid: "AC_made_by_hand", delivery_methods: ["text"], default_from: "+15550199" },
    })) as { id: string };
    phoneId = created.id;
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-native-import-"));
    engine = nativeEngine({ stateDir, config: { ...tenantConfig(emulator, CLIENT), "tenant-native:smsAuthToken": { value: SMS_TOKEN, secret: true } } });
  });

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("imports the phone provider: its inputs pass Check as they are and hold no auth token", async () => {
    const result = await engine.importResource("tenant:index:PhoneProvider", "sms", phoneId);
    runs.push(["import", result]);
    expect(operations(result)).toContain("import tenant:index:PhoneProvider sms");
    // The plugin says, through the engine's Log, what the generated code lacks.
    const warning = result.logs.find((log) => log.message.includes("credentials.authToken is write-only"));
    expect(warning).toMatchObject({ severity: "warning", urn: "urn:pulumi:dev::tenant-native::tenant:index:PhoneProvider::sms" });
    expect(warning?.message).toContain("keeps the value the service holds until your program sets one");
    expect(result.programOutput).toContain("warning: The imported PhoneProvider's credentials.authToken is write-only");
    // Shown and counted as a warning under the resource, as the CLI shows it.
    expect(result.diagnostics).toEqual([warning]);
    const imported = (await engine.readState()).resources.find((resource) => resource.type === "tenant:index:PhoneProvider");
    expect(imported?.id).toBe(phoneId);
    expect(imported?.inputs).toMatchObject({ name: "vendor_a", configuration: { sid: "AC_made_by_hand" } });
    expect(JSON.stringify(imported)).not.toContain(OUT_OF_BAND_TOKEN);
    expect(await engine.rawState()).not.toContain(OUT_OF_BAND_TOKEN);
  });

  it("imports the push selection by the tenant's domain", async () => {
    const result = await engine.importResource("tenant:index:PushProviderSelection", "push", new URL(emulator.url).host);
    // The import deployment also reports what the stack already holds, unchanged.
    expect(operations(result).filter((op) => !op.startsWith("same "))).toEqual(["import tenant:index:PushProviderSelection push"]);
    const imported = (await engine.readState()).resources.find((resource) => resource.type === "tenant:index:PushProviderSelection");
    expect(imported?.inputs).toEqual({ provider: "guardian" });
  });

  it("refuses an enrollment ticket, and a mistyped id, saying why", async () => {
    const ticket = await engine.importResource("tenant:index:EnrollmentTicket", "ticket", "tkt_0123456789abcdef").catch((error: unknown) => error);
    expect(ticket).toBeInstanceOf(EngineRunError);
    expect((ticket as Error).message).toContain('EnrollmentTicket "tkt_0123456789abcdef" cannot be imported');
    const typo = await engine.importResource("tenant:index:PhoneProvider", "other", "pro_typo0000000000000000").catch((error: unknown) => error);
    expect((typo as Error).message).toContain("resource 'pro_typo0000000000000000' does not exist: the tenant has no phone provider with this id");
    for (const refused of [ticket, typo]) expect((refused as Error).message).not.toContain(".get");
  });

  it("the program that declares them then updates them in place, and destroy removes them", async () => {
    const up = await engine.up();
    runs.push(["up", up]);
    expect(operations(up)).toEqual(expect.arrayContaining(["update tenant:index:PhoneProvider sms", "update tenant:index:PushProviderSelection push"]));
    expect(emulator.state.phoneProviders.size).toBe(1);
    expect(emulator.state.phoneProviders.get(phoneId)).toMatchObject({ credentials: { auth_token: SMS_TOKEN }, configuration: { sid: "AC0000000000000000000000000000demo" } });
    expect(emulator.state.pushProvider).toBe("sns");
    runs.push(["destroy", await engine.destroy()]);
    expect(emulator.state.phoneProviders.size).toBe(0);
  });

  it("no secret in any run's output, plugin log line or state", async () => {
    const tickets = emulator.state.enrollmentTickets.map((ticket) => ticket.ticket_url);
    expect(tickets).toHaveLength(1);
    for (const [step, result] of runs) {
      expectNoSecrets(
        { ...visibleTexts(step, result, await engine.rawState()), [`${step}: the plugin's log messages`]: JSON.stringify(pluginLogs(result)) },
        { "the client secret": [CLIENT.secret], "the out-of-band auth token": [OUT_OF_BAND_TOKEN], "the SMS auth token": [SMS_TOKEN], "a ticket URL": tickets },
      );
    }
  });
});
