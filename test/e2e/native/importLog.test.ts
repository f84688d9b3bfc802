/**
 * What a user sees when importing through the native plugin: the plugin's warning that a phone provider's auth
 * token is write-only arrives through the engine's Log service during `pulumi import` and is shown (the CLI hides
 * the plugin's stderr, so this is the only way it can reach the user); the import, the up that adopts it and the
 * destroy leak no secret — neither the token set out of band nor the program's — in any output, plugin log line
 * or the state.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { createEngine, type Engine, type RunResult } from "../../../tools/engine";
import { REPO_ROOT, packageLookupEnv } from "../../../tools/stacks/packageLink";
import { assertDistIsFresh } from "../../resources/dist";
import { OutOfBandAdmin, PHONE_API_PATH, expectNoSecrets, visibleTexts } from "../helpers";

const PROJECT_DIR = join(REPO_ROOT, "test", "support", "fixtures", "nativeProgram");
const CLIENT = { id: "native-import-log-ci", secret: "sentinel-import-log-client-secret-2f0b" };
const OUT_OF_BAND_TOKEN = "sentinel-import-log-out-of-band-token-93c1";
const SMS_TOKEN = "sentinel-import-log-sms-token-5d7e";

describe.sequential("importing through the native plugin, as a user sees it", () => {
  let emulator: Emulator;
  let engine: Engine;
  let stateDir: string;
  let phoneId: string;
  const runs: [string, RunResult][] = [];

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    const created = (await admin.call("POST", PHONE_API_PATH, {
      name: "vendor_a",
      credentials: { auth_token: OUT_OF_BAND_TOKEN },
      configuration: { sid: "AC_made_by_hand", delivery_methods: ["text"], default_from: "+15550123" },
    })) as { id: string };
    phoneId = created.id;
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-native-import-log-"));
    engine = createEngine({
      projectDir: PROJECT_DIR,
      stack: "dev",
      stateDir,
      passphrase: "native import log passphrase",
      config: {
        "tenant:domain": { value: emulator.url },
        "tenant:clientId": { value: CLIENT.id },
        "tenant:clientSecret": { value: CLIENT.secret, secret: true },
        "tenant-native:smsAuthToken": { value: SMS_TOKEN, secret: true },
      },
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", TENANT_DOMAIN: "", TENANT_CLIENT_ID: "", TENANT_CLIENT_SECRET: "", TENANT_API_TOKEN: "", ...packageLookupEnv() },
      timeoutMs: 120_000,
    });
  });

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("shows the plugin's write-only warning for the imported phone provider, from the engine's Log", async () => {
    const imported = await engine.importResource("tenant:index:PhoneProvider", "sms", phoneId);
    runs.push(["import", imported]);
    const warning = imported.logs.find((log) => log.message.includes("credentials.authToken is write-only"));
    expect(warning).toMatchObject({ severity: "warning", urn: "urn:pulumi:dev::tenant-native::tenant:index:PhoneProvider::sms" });
    expect(imported.programOutput).toContain("[engine warning] The imported phone provider's credentials.authToken is write-only");
  });

  it("the program then adopts it, and destroy removes it", async () => {
    runs.push(["up", await engine.up()]);
    expect(emulator.state.phoneProviders.get(phoneId)).toMatchObject({ credentials: { auth_token: SMS_TOKEN } });
    runs.push(["destroy", await engine.destroy()]);
    expect(emulator.state.phoneProviders.size).toBe(0);
  });

  it("no secret in any run's output, plugin log line or state", async () => {
    const tickets = emulator.state.enrollmentTickets.map((ticket) => ticket.ticket_url);
    expect(tickets).toHaveLength(1);
    for (const [step, result] of runs) {
      // The plugin's messages; the SDK's debug messages echo wire objects, secrets included (as under --debug).
      const pluginLogs = result.logs.filter((log) => log.severity !== "debug" || log.message.startsWith("[pulumi-tenant] "));
      expectNoSecrets(
        { ...visibleTexts(step, result, await engine.rawState()), [`${step}: the plugin's log messages`]: JSON.stringify(pluginLogs) },
        { "the client secret": [CLIENT.secret], "the out-of-band auth token": [OUT_OF_BAND_TOKEN], "the SMS auth token": [SMS_TOKEN], "a ticket URL": tickets },
      );
    }
  });
});
