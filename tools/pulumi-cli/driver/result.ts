/** What the driver takes and gives back: a stack's options, a command's flags, its result and its failures. */
import type { PulumiCli } from "../build";
import type { StackConfig } from "../project";
import type { Operation, Step } from "./steps";
import type { PropertyMap } from "./values";

export interface EngineOptions {
  /** Has Pulumi.yaml. */
  projectDir: string;
  stack: string;
  /** The file backend's folder: the checkpoint, the stack's config file and a PULUMI_HOME of its own go here. */
  stateDir: string;
  /** Encrypts the stack's secrets (PULUMI_CONFIG_PASSPHRASE). */
  passphrase: string;
  /** Stack config, keys like "tenant:domain" (a key without ":" belongs to the project). */
  config: StackConfig;
  /** Extra environment for the CLI, and through it for the program and the providers. */
  env?: NodeJS.ProcessEnv;
  /** Deadline for each CLI command (default 180 000 ms). */
  timeoutMs?: number;
  /** The CLI to run (default: the one the suites run, `locatePulumiCli`). */
  cli?: PulumiCli;
}

/** Flags shared by the commands, as the CLI names them. */
export interface CommandOptions {
  /** `--run-program`: run the program, so providers get the current config. */
  runProgram?: boolean;
  /** `--parallel`. */
  parallel?: number;
}

export interface UpdateOptions extends CommandOptions {
  refresh?: boolean;
  expectNoChanges?: boolean;
}

/** `pulumi import`'s `--protect` (default true, as the CLI's). */
export interface ImportOptions {
  protect?: boolean;
}

/** A diagnostic event of the run: what the program, a provider or the engine reported. */
export interface EngineLog {
  severity: "debug" | "info" | "warning" | "error";
  message: string;
  /** The resource it concerns; "" for none. */
  urn: string;
}

/** A resource as `pulumi stack export --show-secrets` gives it, secrets as envelopes (see values.ts). */
export interface ResourceState {
  urn: string;
  type: string;
  custom: boolean;
  id?: string;
  parent?: string;
  /** Provider reference `urn::id`. */
  provider?: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
  dependencies?: string[];
  additionalSecretOutputs?: string[];
  external?: boolean;
  delete?: boolean;
  protect?: boolean;
  retainOnDelete?: boolean;
  propertyDependencies?: Record<string, string[]>;
  created?: string;
  modified?: string;
  sourcePosition?: string;
  stackTrace?: { sourcePosition?: string }[];
  ignoreChanges?: string[];
  replaceOnChanges?: string[];
}

export interface StackState {
  resources: ResourceState[];
  /** Outputs of the stack resource (secrets as envelopes). */
  outputs: PropertyMap;
}

export interface RunResult {
  steps: Step[];
  /** Stack outputs; secrets stay secret envelopes (see isSecretEnvelope), unknowns the UNKNOWN_VALUE string. */
  outputs: Record<string, unknown>;
  /** Whether the command proposed changes, counted as `--expect-no-changes` counts them for this command. */
  changed: boolean;
  /** What the CLI printed (a provider's output reaches it among its diagnostics) and what the program printed. */
  programOutput: string;
  /** Every diagnostic event, debug ones included. */
  logs: EngineLog[];
  /** The warnings the CLI prints and counts: the engine's own and those the program and the providers logged. */
  diagnostics: EngineLog[];
  /** `pulumi import`: the YAML program code the CLI wrote for what it imported. */
  importCode?: string;
}

/** A failed run; the message holds the errors as the CLI groups them under their resources. */
export class EngineRunError extends Error {
  override name = "EngineRunError";
  constructor(
    message: string,
    readonly result: RunResult,
  ) {
    super(message);
  }
}

/** `--expect-no-changes` found changes; the CLI exits with code 7 and this message. */
export class ExpectNoChangesError extends Error {
  override name = "ExpectNoChangesError";
  constructor(
    readonly operation: Operation,
    readonly result: RunResult,
  ) {
    super(`no changes were expected for ${operation} but changes were proposed`);
  }
}
