// Fault matrix: each fault the emulator injects — 429 with a reset, 500, 502, 503, a
// dropped connection (before and after the service acted) — on each endpoint examples/basic uses. `up`
// either completes, or fails with a clear error after which a second `up` converges; afterwards the
// tenant matches the program, there is exactly one phone provider, and the state matches the tenant.
// Slow responses (beyond the client's timeout) are in faultDelay.test.ts, expiring tokens in tokenExpiry.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { cellProblems, printCells, runChain, type CellResult, type FaultKind } from "./support/cells";
import { ENDPOINTS } from "./support/endpoints";
import { LeakScanner } from "./support/leakScan";

const KINDS: FaultKind[] = [
  { label: "429 reset 2s", shape: { kind: "429", resetSeconds: 2 } },
  { label: "500", shape: { kind: "500" } },
  { label: "502 after handling", shape: { kind: "502", afterHandling: true } },
  { label: "503 Retry-After 1s", shape: { kind: "503", retryAfterSeconds: 1 } },
  { label: "drop", shape: { kind: "drop" } },
  { label: "drop after handling", shape: { kind: "drop", afterHandling: true } },
];

describe("fault matrix: every fault kind on every endpoint examples/basic uses", () => {
  const scanner = new LeakScanner();
  const cells: CellResult[] = [];
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
  });

  afterAll(async () => {
    printCells("Fault matrix (one fault per cell; `up` repeated until it converges)", cells);
    await emulator?.close();
  });

  it.each(KINDS.map((kind) => [kind.label, kind] as const))(
    "%s: every endpoint converges within two ups, without duplicates or mismatches",
    async (_label, kind) => {
      const outcome = await runChain({ emulator, scanner, kind, targets: ENDPOINTS });
      cells.push(...outcome.cells);
      expect(outcome.cells.map((cell) => cell.endpoint)).toEqual(ENDPOINTS.map((target) => target.label));
      expect(outcome.cells.flatMap(cellProblems)).toEqual([]);
      expect(outcome.noChangesError).toBeUndefined();
    },
    600_000,
  );

  it("leaves no secret in any state file, serialized provider, output or error message", () => {
    scanner.collectTickets(emulator);
    expect(scanner.artifactCount).toBeGreaterThan(0);
    expect(scanner.report("Fault matrix")).toEqual([]);
  });
});
