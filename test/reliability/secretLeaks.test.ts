// Secret leak scan over the commands the fault runs do not use — preview, refresh,
// destroy — and over a run that fails on its credentials (an error path that handles the secret itself).
// Every fault, expiry, delay, randomized and load run of this suite is scanned the same way in its own
// file: state file, every serialized provider, the CLI's and the program's output, every error message, against the
// sentinel secrets, each access token the emulator issued and each ticket URL it minted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import type { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { SENTINEL_CLIENT, SENTINELS, basicStack } from "../../tools/stacks/basicStack";
import { SEEDED_STREAMS } from "./support/cells";
import { LeakScanner } from "./support/leakScan";
import { unclearReason } from "./support/scenario";

const WRONG_SECRET = "sentinel-wrong-client-secret-5c1e9a77";

describe("secret leak scan across the whole lifecycle", () => {
  const scanner = new LeakScanner();
  let emulator: Emulator;
  const disposers: (() => void)[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    emulator.seedEventStreams(SEEDED_STREAMS);
    scanner.addSecret("wrong client secret (sentinel)", WRONG_SECRET);
  });

  afterAll(async () => {
    for (const dispose of disposers) dispose();
    await emulator?.close();
  });

  async function run(label: string, engine: PulumiCliEngine, command: (engine: PulumiCliEngine) => Promise<{ programOutput: string }>): Promise<void> {
    const result = await command(engine);
    scanner.addText(label, "program output", result.programOutput);
    await scanner.addState(label, engine);
  }

  it(
    "up, preview --refresh, refresh, destroy with TENANT_DEBUG=1: the state, the backend's files and stack export hold the secrets only encrypted",
    async () => {
      // With the client's debug lines on: the dynamic-provider hosts print them, and the CLI shows them.
      const stack = basicStack(emulator, { env: { TENANT_DEBUG: "1" } });
      disposers.push(stack.dispose);
      await run("up", stack.engine, (engine) => engine.up());
      const state = await stack.engine.rawState();
      // The secrets are in state (encrypted): the scan below would see any plaintext copy.
      expect(JSON.stringify(await stack.engine.readState())).toContain(SENTINELS.smsAuthToken);
      expect(state).not.toContain(SENTINELS.smsAuthToken);
      await run("preview --refresh", stack.engine, (engine) => engine.preview({ refresh: true, expectNoChanges: true }));
      await run("refresh", stack.engine, (engine) => engine.refresh());
      await run("destroy", stack.engine, (engine) => engine.destroy());
      expect(emulator.state.phoneProviders.size).toBe(0);
      scanner.collectTickets(emulator);
    },
    180_000,
  );

  it(
    "a wrong client secret fails clearly without echoing it",
    async () => {
      const stack = basicStack(emulator, { client: { id: SENTINEL_CLIENT.id, secret: WRONG_SECRET } });
      disposers.push(stack.dispose);
      const failure = await stack.engine.up().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      scanner.addError("up with a wrong client secret", failure);
      await scanner.addState("up with a wrong client secret", stack.engine);
      const message = (failure as Error).message;
      expect(message).toMatch(/401/);
      expect(message).toContain("tenant:clientSecret");
      expect(unclearReason(message)).toBeUndefined();
    },
    120_000,
  );

  it("0 hits for any secret in any artifact", () => {
    scanner.collectTickets(emulator);
    expect(scanner.artifactCount).toBeGreaterThan(5);
    expect(scanner.report("Lifecycle")).toEqual([]);
  });
});
