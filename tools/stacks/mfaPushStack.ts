/**
 * The examples/mfa-push stack wired to an emulator, run through the pinned Pulumi CLI, with the
 * sentinel client of basicStack and a sentinel AWS secret key: shared by its end-to-end suite and the
 * calls-per-operation benchmark.
 */
import { join } from "node:path";
import type { Emulator } from "../emulator";
import { SENTINEL_CLIENT, emulatorConnectionConfig, exampleStack, type BasicStack } from "./basicStack";
import { REPO_ROOT } from "./packageLink";

export const MFA_PUSH_PROJECT_DIR = join(REPO_ROOT, "examples", "mfa-push");

/** The AWS secret key the stack starts with, and the one a rotation moves to. */
export const AWS_SECRET_SENTINELS = { first: "sentinel-aws-secret-key-Qm4Ht8Vw", rotated: "sentinel-aws-secret-rotated-Xc7Jn2Rb" } as const;

export interface MfaPushStackOptions {
  /** Default: AWS_SECRET_SENTINELS.first. */
  awsSecretAccessKey?: string;
  /** Project config of examples/mfa-push (keys without ":"): awsAccessKeyId, awsRegion, snsApnsArn, snsGcmArn. */
  projectConfig?: Record<string, string>;
  /** Existing state directory (default: a fresh temporary one), e.g. to run the same stack with new config. */
  stateDir?: string;
  env?: NodeJS.ProcessEnv;
}

export type MfaPushStack = BasicStack;

export function mfaPushStack(emulator: Emulator, options: MfaPushStackOptions = {}): MfaPushStack {
  const projectConfig = Object.fromEntries(
    Object.entries({
      awsAccessKeyId: "AKIAEXAMPLEPUSH",
      snsApnsArn: "arn:aws:sns:us-east-1:123456789012:app/APNS/mfa-push",
      ...options.projectConfig,
    }).map(([key, value]) => [`tenant-mfa-push:${key}`, { value }]),
  );
  return exampleStack({
    projectDir: MFA_PUSH_PROJECT_DIR,
    stack: "dev",
    stateDir: options.stateDir,
    tempPrefix: "pulumi-tenant-mfa-push-",
    passphrase: "mfa-push passphrase",
    config: {
      ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
      "tenant-mfa-push:awsSecretAccessKey": { value: options.awsSecretAccessKey ?? AWS_SECRET_SENTINELS.first, secret: true },
      ...projectConfig,
    },
    env: options.env,
  });
}
