// Fault matrix, token row: access tokens that expire mid-run. The emulator issues
// 3-second tokens. On each API endpoint one request is held 3.1 s before the emulator checks its token,
// which has expired by then (401): the client must fetch a new token and send the request again — a
// POST included, since a 401 means nothing was done. On the token endpoint's own row, a 1.55 s hold takes
// the run past the point where the client renews its token ahead of expiry (half the lifetime), so the
// next call must get a fresh token first, with no 401 on the way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { cellProblems, printCells, runChain, type CellResult } from "./support/cells";
import { ENDPOINTS, SELECTION_PATH } from "./support/endpoints";
import { LeakScanner } from "./support/leakScan";

const TOKEN_TTL_SECONDS = 3;
/** Longer than a token lives: the token the request carries is expired when the emulator checks it. */
const HOLD_MS = TOKEN_TTL_SECONDS * 1000 + 100;
/**
 * Past the client's renewal point (half the lifetime, 1.5 s after it asked), and short of the least a
 * token stays valid (exp is in whole seconds, so more than 2 s): the held request passes, the next renews.
 */
const RENEWAL_HOLD_MS = 1_550;

describe("fault matrix: tokens that expire mid-run", () => {
  const scanner = new LeakScanner();
  const cells: CellResult[] = [];
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT], tokenTtlSeconds: TOKEN_TTL_SECONDS });
  });

  afterAll(async () => {
    printCells(`Token expiry (${TOKEN_TTL_SECONDS} s tokens; each API request held ${HOLD_MS} ms so its token expires)`, cells);
    await emulator?.close();
  });

  it(
    "every endpoint gets a 401 for the expired token, renews it and converges in one up",
    async () => {
      const outcome = await runChain({
        emulator,
        scanner,
        kind: { label: `token expires (${TOKEN_TTL_SECONDS}s)`, shape: { kind: "delay", delayMs: HOLD_MS } },
        targets: ENDPOINTS,
        override: (target) =>
          target.key === "token"
            ? {
                label: `renewal after a ${RENEWAL_HOLD_MS} ms hold on GET selected-provider`,
                faults: [{ method: "GET", path: SELECTION_PATH, kind: "delay", delayMs: RENEWAL_HOLD_MS, count: 1 }],
              }
            : undefined,
      });
      cells.push(...outcome.cells);
      expect(outcome.cells.flatMap(cellProblems)).toEqual([]);
      for (const cell of outcome.cells) {
        if (cell.endpoint === "POST /oauth/token") {
          // One token for the program, one for the host, and the host's renewal.
          expect(cell.tokenRequests, "tokens renewed during the run").toBeGreaterThan(2);
          expect(cell.unauthorized, "renewed ahead of expiry, without a 401").toBe(0);
        } else expect(cell.expired401, `${cell.endpoint}: 401 for the expired token`).toBe(1);
      }
      expect(outcome.noChangesError).toBeUndefined();
    },
    600_000,
  );

  it("leaves no secret in any state file, serialized provider, output or error message", () => {
    scanner.collectTickets(emulator);
    expect(scanner.artifactCount).toBeGreaterThan(0);
    expect(scanner.report("Token expiry")).toEqual([]);
  });
});
