/**
 * The examples/basic stack wired to an emulator: one place for the demo, the end-to-end, drift and
 * reliability suites to get the stack, run through the pinned Pulumi CLI, with sentinel secrets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Emulator, EmulatorClient } from "../emulator";
import type { PulumiCli } from "../pulumi-cli/build";
import { PulumiCliEngine } from "../pulumi-cli/driver";
import type { StackConfig } from "../pulumi-cli/project";
import { REPO_ROOT, packageLookupEnv } from "./packageLink";

/** Distinctive values that must never appear in plain text in state, logs or errors. */
export const SENTINELS = {
  clientSecret: "sentinel-client-secret-7f3a9c1e",
  smsAuthToken: "sentinel-sms-auth-token-b42d8e05",
} as const;

/** Encrypts the secrets in the stack's state; `npm run pulumi` needs it to read a state basicStack wrote. */
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
  /** The CLI to run (default: the one the suites run). */
  cli?: PulumiCli;
}

export interface BasicStack {
  engine: PulumiCliEngine;
  stateDir: string;
  /** Removes the temporary state directory (if this created it). */
  dispose(): void;
}

/** An example project run by an engine against an emulator: what the example stacks share. */
export interface ExampleStackSpec {
  projectDir: string;
  stack: string;
  /** Existing state directory (default: a fresh temporary one named with this prefix). */
  stateDir?: string;
  tempPrefix: string;
  passphrase: string;
  config: StackConfig;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  cli?: PulumiCli;
}

export function exampleStack(spec: ExampleStackSpec): BasicStack {
  const ownsStateDir = spec.stateDir === undefined;
  const stateDir = spec.stateDir ?? mkdtempSync(join(tmpdir(), spec.tempPrefix));
  const engine = new PulumiCliEngine({
    projectDir: spec.projectDir,
    stack: spec.stack,
    stateDir,
    passphrase: spec.passphrase,
    config: spec.config,
    // Type-checking the example on every run costs seconds; tsc checks it in CI instead.
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...spec.env },
    timeoutMs: spec.timeoutMs,
    cli: spec.cli,
  });
  return {
    engine,
    stateDir,
    dispose: () => {
      if (ownsStateDir) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

export function basicStack(emulator: Emulator, options: BasicStackOptions = {}): BasicStack {
  const client = options.client ?? SENTINEL_CLIENT;
  // The SMS auth token stays secret config when a caller overrides it: the engine stores the stack config in
  // state as the default provider's inputs, where a plain value would be plain text.
  const projectConfig = Object.fromEntries(
    Object.entries(options.projectConfig ?? {}).map(([key, value]) => [`tenant-basic:${key}`, { value, secret: key === "smsAuthToken" }]),
  );
  return exampleStack({
    projectDir: REPO_ROOT,
    stack: options.stack ?? "dev",
    stateDir: options.stateDir,
    tempPrefix: "pulumi-tenant-state-",
    passphrase: BASIC_STACK_PASSPHRASE,
    config: {
      ...emulatorConnectionConfig(emulator, client),
      "tenant-basic:smsAuthToken": { value: SENTINELS.smsAuthToken, secret: true },
      ...projectConfig,
    },
    env: options.env,
    timeoutMs: options.timeoutMs,
    cli: options.cli,
  });
}
