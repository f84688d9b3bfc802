/**
 * The examples/mfa-sms stack wired to an emulator (the real CLI where installed, else the stand-in), with the
 * sentinel secrets of basicStack: shared by its end-to-end suite and the calls-per-operation benchmark.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Emulator } from "../emulator";
import { createEngine, type Engine } from "../engine";
import { SENTINELS, SENTINEL_CLIENT, emulatorConnectionConfig } from "./basicStack";
import { REPO_ROOT, packageLookupEnv } from "./packageLink";

export const MFA_PROJECT_DIR = join(REPO_ROOT, "examples", "mfa-sms");

export interface MfaStackOptions {
  /** Project config of examples/mfa-sms (keys without ":"): mfaPolicy, smsEnabled, smsVoice. */
  projectConfig?: Record<string, string>;
  stack?: string;
  /** Existing state directory (default: a fresh temporary one). */
  stateDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface MfaStack {
  engine: Engine;
  stateDir: string;
  /** Removes the temporary state directory (if this created it). */
  dispose(): void;
}

export function mfaStack(emulator: Emulator, options: MfaStackOptions = {}): MfaStack {
  const ownsStateDir = options.stateDir === undefined;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "pulumi-tenant-mfa-"));
  const projectConfig = Object.fromEntries(
    Object.entries(options.projectConfig ?? {}).map(([key, value]) => [`tenant-mfa-sms:${key}`, { value }]),
  );
  const engine = createEngine({
    projectDir: MFA_PROJECT_DIR,
    stack: options.stack ?? "dev",
    stateDir,
    passphrase: "mfa-sms passphrase",
    config: {
      ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
      "tenant-mfa-sms:smsAuthToken": { value: SENTINELS.smsAuthToken, secret: true },
      ...projectConfig,
    },
    // Type-checking the example on every run costs seconds; tsc checks it in CI instead.
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...options.env },
  });
  return {
    engine,
    stateDir,
    dispose: () => {
      if (ownsStateDir) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
