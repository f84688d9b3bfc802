/**
 * The many-tickets fixture for one describe block: an emulator with the sentinel client and a rate limit, and the
 * fixture's stack under the CLI with its own state folder, set up before the block's tests and removed after;
 * a leak scanner collects what the runs leave, and the block's last test holds its verdict.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import type { PulumiCliEngine } from "../../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT } from "../../../tools/stacks/basicStack";
import { manyTicketsEngine } from "../../support/manyTickets";
import { LeakScanner } from "./leakScan";

export interface ManyTicketsStackOptions {
  /** The stack's name; also names the state folder and the leak report. */
  stack: string;
  tickets: number;
  /** Requests per second the emulator's bucket allows. */
  rateLimit: number;
}

export interface ManyTicketsStack {
  readonly scanner: LeakScanner;
  /** Available inside the block's tests (after its beforeAll). */
  readonly emulator: Emulator;
  readonly engine: PulumiCliEngine;
}

/** Registers the block's setup and teardown; call inside `describe`. */
export function useManyTicketsStack(opts: ManyTicketsStackOptions): ManyTicketsStack {
  const scanner = new LeakScanner();
  let emulator: Emulator | undefined;
  let engine: PulumiCliEngine | undefined;
  let stateDir: string | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT], rateLimit: opts.rateLimit });
    stateDir = mkdtempSync(join(tmpdir(), `pulumi-tenant-${opts.stack}-`));
    engine = manyTicketsEngine({
      emulator,
      client: SENTINEL_CLIENT,
      tickets: opts.tickets,
      stack: opts.stack,
      stateDir,
      smsAuthToken: SENTINELS.smsAuthToken,
    });
  });

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the many-tickets stack is used before its beforeAll ran");
    return value;
  };
  return {
    scanner,
    get emulator() {
      return started(emulator);
    },
    get engine() {
      return started(engine);
    },
  };
}

/** The block's last test: nothing the runs left (state, serialized providers, output, errors) holds a secret. */
export function itLeavesNoSecret(stack: ManyTicketsStack, reportTitle: string): void {
  it("leaves no secret in the state file, serialized providers, output or errors", () => {
    expect(stack.scanner.artifactCount).toBeGreaterThan(0);
    expect(stack.scanner.report(reportTitle)).toEqual([]);
  });
}
