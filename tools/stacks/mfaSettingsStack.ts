/**
 * The examples/mfa-settings stack wired to an emulator, run through the pinned Pulumi CLI, with the
 * sentinel client of basicStack and a sentinel Duo secret key: shared by its end-to-end suite and the
 * calls-per-operation benchmark.
 */
import { join } from "node:path";
import type { Emulator } from "../emulator";
import { SENTINEL_CLIENT, emulatorConnectionConfig, exampleStack, type BasicStack } from "./basicStack";
import { REPO_ROOT } from "./packageLink";

export const MFA_SETTINGS_PROJECT_DIR = join(REPO_ROOT, "examples", "mfa-settings");

/** The program's Duo secret key. */
export const DUO_SECRET_SENTINEL = "sentinel-duo-secret-key-Ve3Lq8Zp";

export interface MfaSettingsStackOptions {
  /** Default: DUO_SECRET_SENTINEL. */
  duoSecretKey?: string;
  /** Project config of examples/mfa-settings (keys without ":"): duoIntegrationKey, duoHostname. */
  projectConfig?: Record<string, string>;
  /** Existing state directory (default: a fresh temporary one). */
  stateDir?: string;
  env?: NodeJS.ProcessEnv;
}

export type MfaSettingsStack = BasicStack;

export function mfaSettingsStack(emulator: Emulator, options: MfaSettingsStackOptions = {}): MfaSettingsStack {
  const projectConfig = Object.fromEntries(
    Object.entries({ duoIntegrationKey: "DIWJ8X6AEYOR5OMC6TQ1", duoHostname: "api-1a2b3c4d.duosecurity.com", ...options.projectConfig }).map(
      ([key, value]) => [`tenant-mfa-settings:${key}`, { value }],
    ),
  );
  return exampleStack({
    projectDir: MFA_SETTINGS_PROJECT_DIR,
    stack: "dev",
    stateDir: options.stateDir,
    tempPrefix: "pulumi-tenant-mfa-settings-",
    passphrase: "mfa-settings passphrase",
    config: {
      ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
      "tenant-mfa-settings:duoSecretKey": { value: options.duoSecretKey ?? DUO_SECRET_SENTINEL, secret: true },
      ...projectConfig,
    },
    env: options.env,
  });
}
