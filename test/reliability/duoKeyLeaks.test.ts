// Secret leak scan of examples/mfa-settings behind a proxy that echoes the Duo requests into error bodies, on a tenant
// whose Duo integration has a key of its own: the service returns Duo's secret key in clear, so besides the program's
// key (echoed from the create's PUT, placed across the client's message cut) the tenant's keys — the one it had, and
// one set by hand that a refresh reads — reach the provider in answers that succeed. Every artifact is scanned for any
// 6 characters of any encoding of the three keys, the client secret and every access token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { mfaSettingsStack, type MfaSettingsStack } from "../../tools/stacks/mfaSettingsStack";
import { startEchoProxy, type EchoProxy } from "./support/echoProxy";
import { LeakScanner } from "./support/leakScan";

// Characters that change under every encoding; no run of 6 that hex or base64 ciphertext would hold by chance.
const PROGRAM_KEY = 'Pro+Gram/Duo=Key&Hj%kl"Ëef-Rs';
const TENANT_KEY = 'Ten+Ant/Duo=Key&Zq%wx"Çab-Lm';
const BY_HAND_KEY = 'By+Hand/Duo=Key&Rt%yu"Ôcd-Np';
const DUO = "/api/v2/guardian/factors/duo/settings";

describe.sequential("secret leak scan of Duo's keys, which the service returns, behind an echoing server", () => {
  const scanner = new LeakScanner();
  let emulator: Emulator;
  let proxy: EchoProxy;
  let stack: MfaSettingsStack;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    emulator.state.factorSettings.duo = { ikey: "DILEAKSCAN0000000001", skey: TENANT_KEY, host: "api-before.duosecurity.com" };
    proxy = await startEchoProxy(emulator.url, [PROGRAM_KEY, TENANT_KEY]);
    scanner.addSecretInPieces("the program's Duo key", PROGRAM_KEY);
    scanner.addSecretInPieces("the tenant's Duo key", TENANT_KEY);
    scanner.addSecretInPieces("a Duo key set by hand", BY_HAND_KEY);
    stack = mfaSettingsStack({ url: proxy.url } as Emulator, { duoSecretKey: PROGRAM_KEY, env: { TENANT_AUDIENCE: `${emulator.url}/api/v2/` } });
  });

  afterAll(async () => {
    stack?.dispose();
    await proxy?.close();
    await emulator?.close();
  });

  it("create: the PUT echoed into a 400 fails the up without showing a key; the next up reads the tenant's and succeeds", async () => {
    proxy.echoNext({ method: "PUT", path: DUO, status: 400, times: 1 });
    await scanner.addFailingRun("up, Duo PUT echoed", stack.engine, stack.engine.up());
    await scanner.addSucceedingRun("up", stack.engine, stack.engine.up());
    expect(emulator.state.factorSettings.duo.skey).toBe(PROGRAM_KEY);
  }, 180_000);

  it("a key set by hand is read by a refresh and found as drift, never shown; a GET echoed into a 403 fails without it", async () => {
    emulator.state.factorSettings.duo.skey = BY_HAND_KEY;
    const drift = await stack.engine.preview({ refresh: true });
    scanner.addRun("preview --refresh with a key set by hand", drift);
    expect(drift.steps.some((step) => step.op === "update" && step.name === "duo")).toBe(true);
    proxy.echoNext({ method: "GET", path: DUO, status: 403, times: 1 });
    await scanner.addFailingRun("preview --refresh, Duo GET echoed", stack.engine, stack.engine.preview({ refresh: true }));
  }, 180_000);

  it("destroy leaves the integration the stack replaced the key of, saying so", async () => {
    const result = await scanner.addSucceedingRun("destroy", stack.engine, stack.engine.destroy());
    expect(result.programOutput).toContain("its secretKey replaced the one the tenant had");
  }, 180_000);

  it("0 hits for any piece of any key in any artifact", () => {
    expect(proxy.echoed()).toBe(2);
    expect(scanner.report("Duo's keys behind an echoing server")).toEqual([]);
  });
});
