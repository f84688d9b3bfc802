// Secret leak scan of examples/mfa-push (SnsPushProvider, the selection, the push factor) behind a proxy that echoes
// the SNS requests into error bodies: the create's and the rotation's PUT (the AWS secret key in the body, placed
// across the client's message cut), a refresh's GET (the bearer token in the headers) and the destroy's clearing
// PUT (refused: reported, never a failed destroy). Between them, runs that succeed, so the emulator's own echo of
// the secret in the PUT's answer is exercised too. Every artifact is scanned for any 6 characters of any encoding
// of either AWS secret key, the client secret and every access token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { mfaPushStack, type MfaPushStack } from "../../tools/stacks/mfaPushStack";
import { startEchoProxy, type EchoProxy } from "./support/echoProxy";
import { LeakScanner } from "./support/leakScan";

// Characters that change under every encoding; no run of 6 that hex or base64 ciphertext would hold by chance.
const AWS_SECRET = 'Aws+Sec/Ret=Key&Val%ue"Éxy-Qz';
const ROTATED_SECRET = 'Rot+Ated/Aws=Key&Wq%rt"Ñzy-Jk';
const SNS = "/api/v2/guardian/factors/push-notification/providers/sns";

describe.sequential("secret leak scan of the SNS credentials behind an echoing server", () => {
  const scanner = new LeakScanner();
  let emulator: Emulator;
  let proxy: EchoProxy;
  let first: MfaPushStack;
  let rotated: MfaPushStack;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    proxy = await startEchoProxy(emulator.url, [AWS_SECRET, ROTATED_SECRET]);
    scanner.addSecretInPieces("AWS secret key", AWS_SECRET);
    scanner.addSecretInPieces("rotated AWS secret key", ROTATED_SECRET);
    // The stack reads only the url; the emulator behind the proxy issues tokens for its own audience.
    const env = { TENANT_AUDIENCE: `${emulator.url}/api/v2/` };
    first = mfaPushStack({ url: proxy.url } as Emulator, { awsSecretAccessKey: AWS_SECRET, env });
    rotated = mfaPushStack({ url: proxy.url } as Emulator, { awsSecretAccessKey: ROTATED_SECRET, env, stateDir: first.stateDir });
  });

  afterAll(async () => {
    rotated?.dispose();
    first?.dispose();
    await proxy?.close();
    await emulator?.close();
  });

  it("create: the PUT echoed into a 400 fails the up without showing the secret; the next up succeeds", async () => {
    proxy.echoNext({ method: "PUT", path: SNS, status: 400, times: 1 });
    await scanner.addFailingRun("up, SNS PUT echoed", first.engine, first.engine.up());
    await scanner.addSucceedingRun("up", first.engine, first.engine.up());
    expect(emulator.state.pushCredentials.sns.aws_secret_access_key).toBe(AWS_SECRET);
  }, 180_000);

  it("refresh: the GET echoed into a 403 fails the drift check without showing the secret or the token", async () => {
    proxy.echoNext({ method: "GET", path: SNS, status: 403, times: 1 });
    await scanner.addFailingRun("preview --refresh, SNS GET echoed", first.engine, first.engine.preview({ refresh: true, expectNoChanges: true }));
  }, 180_000);

  it("rotation: the PUT with the new secret echoed fails without showing either secret; then it goes through", async () => {
    proxy.echoNext({ method: "PUT", path: SNS, status: 400, times: 1 });
    await scanner.addFailingRun("rotation, SNS PUT echoed", rotated.engine, rotated.engine.up());
    await scanner.addSucceedingRun("rotation", rotated.engine, rotated.engine.up());
    expect(emulator.state.pushCredentials.sns.aws_secret_access_key).toBe(ROTATED_SECRET);
  }, 180_000);

  it("destroy: the clearing PUT refused with an echo is reported, and the destroy succeeds", async () => {
    proxy.echoNext({ method: "PUT", path: SNS, status: 400, times: 1 });
    const result = await scanner.addSucceedingRun("destroy, clearing PUT echoed", rotated.engine, rotated.engine.destroy());
    expect(result.programOutput).toContain("the tenant keeps the SNS credentials it set");
    expect(emulator.state.pushCredentials.sns.aws_secret_access_key).toBe(ROTATED_SECRET);
    expect((await rotated.engine.readState()).resources).toEqual([]);
  }, 180_000);

  it("0 hits for any piece of any secret in any artifact", () => {
    expect(proxy.echoed()).toBe(4);
    expect(scanner.report("Push credentials behind an echoing server")).toEqual([]);
  });
});
