// Secret leak scan against a server that echoes what it was sent into its error bodies: request bodies,
// headers and the token form, or the Basic credentials it would build from them, each secret placed across the
// client's message cut. The secrets contain characters that change under every encoding (+ / = & % " and a
// non-ASCII letter), and the scan looks for any 6 consecutive characters of any text encoding of them, or any 6 of
// their bytes in base64 or hex, in everything a user sees of the runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import type { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { basicStack } from "../../tools/stacks/basicStack";
import { startEchoProxy, type EchoProxy, type EchoRule } from "./support/echoProxy";
import { LeakScanner } from "./support/leakScan";
import { printTable } from "./support/table";

/** Hex-free, so a piece cannot turn up by chance in the encrypted state. */
const CLIENT = { id: "echo-ci", secret: 'Cl+iEnt/Sec=ret&Val%ue"Éch-o' };
const SMS_AUTH_TOKEN = 'Sms+Au/th=To&ken%Wo"rd-Ñine';

const ECHOES: { label: string; rule: EchoRule }[] = [
  { label: "token request (the form)", rule: { method: "POST", path: "/oauth/token", status: 400, times: 1 } },
  { label: "phone provider create (the body)", rule: { method: "POST", path: "/api/v2/branding/phone/providers", status: 400, times: 1 } },
  { label: "push provider read (the headers)", rule: { method: "GET", path: "/api/v2/guardian/factors/push-notification/selected-provider", status: 403, times: 1 } },
  { label: "enrollment ticket create (the body)", rule: { method: "POST", path: "/api/v2/guardian/enrollments/ticket", status: 400, times: 1 } },
  {
    label: "phone provider create (Basic credentials built from the body)",
    rule: { method: "POST", path: "/api/v2/branding/phone/providers", status: 400, times: 1, echo: "credentials" },
  },
];

describe("secret leak scan against a server that echoes requests into its errors", () => {
  const scanner = new LeakScanner();
  const rows: (string | number)[][] = [];
  let emulator: Emulator;
  let proxy: EchoProxy;
  const disposers: (() => void)[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [CLIENT] });
    proxy = await startEchoProxy(emulator.url, [CLIENT.secret, SMS_AUTH_TOKEN]);
    scanner.addSecretInPieces("client secret (echoed)", CLIENT.secret);
    scanner.addSecretInPieces("SMS auth token (echoed)", SMS_AUTH_TOKEN);
  });

  afterAll(async () => {
    printTable("Echoing server: one echoed error per run", ["echoed request", "echoes", "up failed", "error length"], rows);
    for (const dispose of disposers) dispose();
    await proxy?.close();
    await emulator?.close();
  });

  async function upThroughProxy(engine: PulumiCliEngine): Promise<unknown> {
    return engine.up().then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  it.each(ECHOES.map((echo) => [echo.label, echo] as const))(
    "%s: the run fails on the echo, and shows no piece of any secret",
    async (label, { rule }) => {
      scanner.collectTickets(emulator);
      emulator.reset();
      // basicStack reads only the url; the emulator behind the proxy issues tokens for its own audience.
      const stack = basicStack({ url: proxy.url } as Emulator, {
        client: CLIENT,
        projectConfig: { smsAuthToken: SMS_AUTH_TOKEN },
        env: { TENANT_AUDIENCE: `${emulator.url}/api/v2/` },
      });
      disposers.push(stack.dispose);
      const before = proxy.echoed();
      proxy.echoNext(rule);
      const failure = await upThroughProxy(stack.engine);
      expect(failure).toBeInstanceOf(Error);
      expect(proxy.echoed() - before, (failure as Error).message).toBe(1);
      scanner.addError(`up, echo on ${label}`, failure);
      await scanner.addState(`up, echo on ${label}`, stack.engine);
      rows.push([label, proxy.echoed() - before, "yes", (failure as Error).message.length]);
    },
    180_000,
  );

  it("0 hits for any piece of any secret in any artifact", () => {
    scanner.collectTickets(emulator);
    expect(scanner.artifactCount).toBeGreaterThan(ECHOES.length);
    expect(scanner.report("Echoing server")).toEqual([]);
  });
});
