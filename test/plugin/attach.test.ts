/**
 * Debugging the plugin the way Pulumi supports it: the user starts `pulumi-resource-tenant` by hand (under a
 * debugger), it prints its port and waits; the engine, told `PULUMI_DEBUG_PROVIDERS=tenant:<port>`, dials that
 * port, sends Attach with its address, and drives it like a plugin it started, without ever stopping it. Shown
 * through the pinned Pulumi CLI.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { EngineRunError } from "../../tools/pulumi-cli/driver";
import { assertDistIsFresh } from "../resources/dist";
import { OutOfBandAdmin, PHONE_API_PATH } from "../e2e/helpers";
import { nativeEngine, tenantConfig } from "../e2e/native/nativeStack";
import { PluginProcess } from "./pluginProcess";

const CLIENT = { id: "plugin-attach-ci", secret: "sentinel-attach-client-secret-2d6e" };

describe.sequential("attaching to a plugin started by hand", () => {
  let emulator: Emulator;
  let plugin: PluginProcess;
  let stateDir: string;
  let phoneId: string;
  const engine = (attach: boolean) =>
    nativeEngine({ stateDir, config: tenantConfig(emulator, CLIENT), env: attach ? { PULUMI_DEBUG_PROVIDERS: `tenant:${plugin.port}` } : {} });

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    phoneId = ((await admin.call("POST", PHONE_API_PATH, { name: "custom", credentials: {}, configuration: { delivery_methods: ["text"] } })) as { id: string }).id;
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-attach-"));
    // By hand: no engine address, so it waits for an engine to attach.
    plugin = await PluginProcess.start({}, undefined, null);
  });

  afterAll(async () => {
    await plugin?.stop();
    await emulator?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("the engine's calls go to it, and its log messages reach the engine it attached to", async () => {
    const result = await engine(true).importResource("tenant:index:PhoneProvider", "sms", phoneId);
    expect(result.steps.map((step) => step.op)).toEqual(["import"]);
    // Only Attach told the plugin this engine's address: the warning came back through it.
    expect(result.logs.find((log) => log.message.includes("write-only"))).toMatchObject({ severity: "warning" });
  });

  it("outlives each run (Cancel included) and serves the next one", async () => {
    expect(await plugin.exitWithin(500)).toBe("running");
    const refreshed = await engine(true).refresh();
    expect(refreshed.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["refresh-same sms"]);
    expect(await plugin.exitWithin(500)).toBe("running");
  });

  it("without it running, the engine cannot attach", async () => {
    await plugin.stop();
    const error = await engine(true).refresh().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EngineRunError);
  });
});
