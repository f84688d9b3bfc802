/**
 * The examples/basic stack wired to an emulator: one place for the demo, the end-to-end, drift and
 * reliability suites to get an engine (the real CLI where installed, else the stand-in) with sentinel secrets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Emulator, EmulatorClient } from "../emulator";
import { createEngine, type Engine } from "../engine";
import type { StackConfig } from "../engine/project";
import { REPO_ROOT, packageLookupEnv } from "./packageLink";

/** Distinctive values that must never appear in plain text in state, logs or errors. */
export const SENTINELS = {
  clientSecret: "sentinel-client-secret-7f3a9c1e",
  smsAuthToken: "sentinel-sms-auth-token-b42d8e05",
} as const;

/** Encrypts the secrets in the stack's state; the engine CLI needs it to read a state basicStack wrote. */
export const BASIC_STACK_PASSPHRASE = "correct horse battery staple";

/** An emulator client whose secret is the sentinel; pass it in `startEmulator({ clients: [SENTINEL_CLIENT] })`. */
export const SENTINEL_CLIENT: EmulatorClient = { id: "pulumi-ci", secret: SENTINELS.clientSecret };

/** The tenant:* stack config that points a program at an emulator as `client`. */
export function emulatorConnectionConfig(emulator: Emulator, client: { id: string; secret: string }): StackConfig {
  return {
    "tenant:domain": { value: emulator.url },
    "tenant:clientId": { value: client.id },
    "tenant:clientSecret": { value: client.secret, secret: true },
  };
}

export interface BasicStackOptions {
  /** Client id and secret the stack authenticates with (default: the sentinel client). */
  client?: { id: string; secret: string };
  /** Extra project config for examples/basic (keys without ":"), e.g. { pushProvider: "direct" }. */
  projectConfig?: Record<string, string>;
  stack?: string;
  /** Existing state directory (default: a fresh temporary one). */
  stateDir?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export interface BasicStack {
  engine: Engine;
  stateDir: string;
  /** Removes the temporary state directory (if this created it). */
  dispose(): void;
}

export function basicStack(emulator: Emulator, options: BasicStackOptions = {}): BasicStack {
  const client = options.client ?? SENTINEL_CLIENT;
  const ownsStateDir = options.stateDir === undefined;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "pulumi-tenant-state-"));
  // The SMS auth token stays secret config when a caller overrides it: the engine stores the stack config in
  // state as the default provider's inputs, where a plain value would be plain text.
  const projectConfig = Object.fromEntries(
    Object.entries(options.projectConfig ?? {}).map(([key, value]) => [`tenant-basic:${key}`, { value, secret: key === "smsAuthToken" }]),
  );
  const engine = createEngine({
    projectDir: REPO_ROOT,
    stack: options.stack ?? "dev",
    stateDir,
    passphrase: BASIC_STACK_PASSPHRASE,
    config: {
      ...emulatorConnectionConfig(emulator, client),
      "tenant-basic:smsAuthToken": { value: SENTINELS.smsAuthToken, secret: true },
      ...projectConfig,
    },
    // Type-checking the example on every run costs seconds; tsc checks it in CI instead.
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...options.env },
    timeoutMs: options.timeoutMs,
  });
  return {
    engine,
    stateDir,
    dispose: () => {
      if (ownsStateDir) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
