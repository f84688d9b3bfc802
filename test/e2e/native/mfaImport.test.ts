/**
 * `pulumi import` of the MFA resources with the native plugin, through the Pulumi CLI:
 * a factor by its name, the policy and the message types by the tenant's domain. Imported resources record
 * nothing to restore, so when a program that does not declare them drops them, the tenant's settings stay as
 * they are. An unknown factor name fails, listing the known ones.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { EngineRunError, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { assertDistIsFresh } from "../../resources/dist";
import { expectNoSecrets, operations, visibleTexts } from "../helpers";
import { nativeEngine, pluginLogs, tenantConfig } from "./nativeStack";

const CLIENT = { id: "native-mfa-ci", secret: "sentinel-mfa-client-secret-3b9e" };
const SMS_TOKEN = "sentinel-mfa-sms-token-77d1";

describe.sequential("importing MFA settings through the native plugin", () => {
  let emulator: Emulator;
  let engine: PulumiCliEngine;
  let stateDir: string;
  const runs: [string, RunResult][] = [];

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    emulator.seedMfa({ factors: { sms: true }, policies: ["all-applications"], messageTypes: ["voice", "sms"] });
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-native-mfa-"));
    engine = nativeEngine({ stateDir, config: { ...tenantConfig(emulator, CLIENT), "tenant-native:smsAuthToken": { value: SMS_TOKEN, secret: true } } });
  });

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("imports the sms factor by its name, and the policy and the message types by the tenant's domain, with no warning", async () => {
    const domain = new URL(emulator.url).host;
    const imports: [type: string, name: string, id: string][] = [
      ["tenant:index:MfaFactor", "sms-factor", "sms"],
      ["tenant:index:MfaPolicy", "policy", domain],
      ["tenant:index:PhoneMessageTypes", "message-types", domain],
    ];
    for (const [type, name, id] of imports) {
      // Unprotected (`pulumi import --protect=false`), so the program below can drop them.
      const result = await engine.importResource(type, name, id, { protect: false });
      runs.push([`import ${name}`, result]);
      // The import deployment also reports what the stack already holds, unchanged.
      expect(operations(result).filter((op) => !op.startsWith("same "))).toEqual([`import ${type} ${name}`]);
      expect(result.diagnostics).toEqual([]);
      expect(result.logs.filter((log) => log.severity === "warning" || log.severity === "error")).toEqual([]);
    }
    const byType = async (type: string) => (await engine.readState()).resources.find((resource) => resource.type === type);
    expect(await byType("tenant:index:MfaFactor")).toMatchObject({ id: "sms", inputs: { factor: "sms", enabled: true } });
    expect((await byType("tenant:index:MfaFactor"))?.outputs).toMatchObject({ enabled: true, previousEnabled: null, tenantDomain: domain });
    expect(await byType("tenant:index:MfaPolicy")).toMatchObject({ id: domain, inputs: { policy: "all-applications" } });
    expect(await byType("tenant:index:PhoneMessageTypes")).toMatchObject({ id: domain, inputs: { messageTypes: ["voice", "sms"] } });
  });

  it("refuses an unknown factor name, listing the known ones", async () => {
    const error = await engine.importResource("tenant:index:MfaFactor", "phone", "phone").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineRunError);
    expect((error as Error).message).toContain('no such factor; the known factors are "sms", "push-notification", "otp"');
  });

  it("a program that does not declare them drops them from the stack and leaves the tenant's MFA as it was", async () => {
    const before = structuredClone(emulator.state.mfa.snapshot());
    const mark = emulator.requests.length;
    const up = await engine.up();
    // The fixture program's own resources make calls; none reaches the factors, the policy or the message types.
    const mfaCalls = emulator.requests.slice(mark).filter((entry) => /^\/api\/v2\/guardian\/(factors(\/[^/]+)?|factors\/phone\/message-types|policies)$/.test(entry.path));
    expect(mfaCalls).toEqual([]);
    runs.push(["up", up]);
    expect(operations(up)).toEqual(
      expect.arrayContaining(["delete tenant:index:MfaFactor sms-factor", "delete tenant:index:MfaPolicy policy", "delete tenant:index:PhoneMessageTypes message-types"]),
    );
    expect(emulator.state.mfa.snapshot()).toEqual(before);
    runs.push(["destroy", await engine.destroy()]);
  });

  it("no secret in any run's output, plugin log line or state", async () => {
    for (const [step, result] of runs) {
      expectNoSecrets(
        { ...visibleTexts(step, result, await engine.rawState()), [`${step}: the plugin's log messages`]: JSON.stringify(pluginLogs(result)) },
        { "the client secret": [CLIENT.secret], "the SMS auth token": [SMS_TOKEN] },
      );
    }
  });
});
