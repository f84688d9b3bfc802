// Fault matrix: each fault the emulator injects — 429 with a reset, 500, 502, 503, a
// dropped connection (before and after the service acted) — on each endpoint examples/basic uses. `up`
// either completes, or fails with a clear error after which a second `up` converges; afterwards the
// tenant matches the program, there is exactly one phone provider, and the state matches the tenant.
// The five endpoints of a create whose faults cannot reach one another (each is retried, or reconciled, within
// the same `up`) take their faults in one create; the phone list (faulted after an ambiguous POST), the ticket
// POST (ambiguous: a second `up`), the refresh's and the update's endpoints each have runs of their own.
// Slow responses (beyond the client's timeout) are in faultDelay.test.ts, expiring tokens in tokenExpiry.test.ts.
// Each kind's chain runs on an emulator of its own, two chains at a time: a cell mostly waits on its run's processes
// and on the fault's own delays (a 429's reset, a 503's Retry-After).
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { cellProblems, printCells, runChain, type CellResult, type FaultKind } from "./support/cells";
import { concurrencyLimit } from "./support/concurrencyLimit";
import { ENDPOINTS, endpoint, type EndpointKey } from "./support/endpoints";
import { LeakScanner } from "./support/leakScan";

const KINDS: FaultKind[] = [
  { label: "429 reset 2s", shape: { kind: "429", resetSeconds: 2 } },
  { label: "500", shape: { kind: "500" } },
  { label: "502 after handling", shape: { kind: "502", afterHandling: true } },
  { label: "503 Retry-After 1s", shape: { kind: "503", retryAfterSeconds: 1 } },
  { label: "drop", shape: { kind: "drop" } },
  { label: "drop after handling", shape: { kind: "drop", afterHandling: true } },
];

/** The chain of cells each kind runs through: every endpoint once, those of one cell faulted in the same runs. */
const CELLS: EndpointKey[][] = [["token", "getSelection", "putSelection", "postPhone", "listStreams"], ["listPhones"], ["postTicket"], ["getPhone"], ["patchPhone"]];
const cellLabel = (keys: EndpointKey[]) => keys.map((key) => endpoint(key).label).join(" + ");

describe("fault matrix: every fault kind on every endpoint examples/basic uses", () => {
  const scanner = new LeakScanner();
  const cellsByKind = new Map<string, CellResult[]>();
  const emulators: Emulator[] = [];
  const twoAtATime = concurrencyLimit(2);

  afterAll(async () => {
    printCells(
      "Fault matrix (one fault per endpoint, the endpoints of a cell faulted in the same runs; `up` repeated until it converges)",
      KINDS.flatMap((kind) => cellsByKind.get(kind.label) ?? []),
    );
    await Promise.all(emulators.map((emulator) => emulator.close()));
  });

  it.concurrent.each(KINDS)(
    "$label: every endpoint converges within two ups, without duplicates or mismatches",
    (kind) =>
      twoAtATime(async () => {
        const emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
        emulators.push(emulator);
        const outcome = await runChain({ emulator, scanner, kind, targets: CELLS.map((keys) => keys.map(endpoint)) });
        cellsByKind.set(kind.label, outcome.cells);
        expect(outcome.cells.map((cell) => cell.endpoint)).toEqual(CELLS.map(cellLabel));
        expect(outcome.cells.flatMap(cellProblems)).toEqual([]);
        expect(outcome.noChangesError).toBeUndefined();
      }),
    900_000,
  );

  it("faults every endpoint examples/basic uses, each in one cell", () => {
    expect(CELLS.flat().sort()).toEqual(ENDPOINTS.map((target) => target.key).sort());
  });

  it("leaves no secret in any state file, serialized provider, output or error message", () => {
    for (const emulator of emulators) scanner.collectTickets(emulator);
    expect(scanner.artifactCount).toBeGreaterThan(0);
    expect(scanner.report("Fault matrix")).toEqual([]);
  });
});
