/**
 * The examples/mfa-sms stack wired to an emulator, run through the pinned Pulumi CLI, with the
 * sentinel secrets of basicStack: shared by its end-to-end suite and the calls-per-operation benchmark.
 */
import { join } from "node:path";
import type { Emulator } from "../emulator";
import { SENTINELS, SENTINEL_CLIENT, emulatorConnectionConfig, exampleStack, type BasicStack } from "./basicStack";
import { REPO_ROOT } from "./packageLink";

export const MFA_PROJECT_DIR = join(REPO_ROOT, "examples", "mfa-sms");

export interface MfaStackOptions {
  /** Project config of examples/mfa-sms (keys without ":"): mfaPolicy, smsEnabled, smsVoice. */
  projectConfig?: Record<string, string>;
  stack?: string;
  /** Existing state directory (default: a fresh temporary one). */
  stateDir?: string;
  env?: NodeJS.ProcessEnv;
}

export type MfaStack = BasicStack;

export function mfaStack(emulator: Emulator, options: MfaStackOptions = {}): MfaStack {
  const projectConfig = Object.fromEntries(
    Object.entries(options.projectConfig ?? {}).map(([key, value]) => [`tenant-mfa-sms:${key}`, { value }]),
  );
  return exampleStack({
    projectDir: MFA_PROJECT_DIR,
    stack: options.stack ?? "dev",
    stateDir: options.stateDir,
    tempPrefix: "pulumi-tenant-mfa-",
    passphrase: "mfa-sms passphrase",
    config: {
      ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
      "tenant-mfa-sms:smsAuthToken": { value: SENTINELS.smsAuthToken, secret: true },
      ...projectConfig,
    },
    env: options.env,
  });
}
