/**
 * Client timings a user can set from the environment of `pulumi up`: the provider host (or plugin) has no other
 * way in. Validated with a message naming the variable; never a secret.
 */
import { ConfigError } from "./configError";

/** Client tuning a user can set from the environment of `pulumi up` (the host has no other way in). */
const TUNING_ENV_VARS = {
  /** Seconds to wait for a response's headers, and between body chunks, per attempt. */
  timeout: "TENANT_HTTP_TIMEOUT_SECONDS",
  /** Seconds one API call may take in all, retries and rate-limit waits included. */
  deadline: "TENANT_CALL_DEADLINE_SECONDS",
} as const;

/** Client timings set from the environment (TENANT_HTTP_TIMEOUT_SECONDS, TENANT_CALL_DEADLINE_SECONDS). */
export interface ClientTuning {
  /** Time to wait for response headers per attempt. */
  headersTimeoutMs?: number;
  /** Idle time allowed between body chunks per attempt. */
  bodyTimeoutMs?: number;
  /** Total time for one call, every retry and wait included. */
  deadlineMs?: number;
}

function positiveSeconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new ConfigError(`The ${name} environment variable must be a positive number of seconds, e.g. 30.`);
  }
  return seconds * 1000;
}

/** Reads TENANT_HTTP_TIMEOUT_SECONDS and TENANT_CALL_DEADLINE_SECONDS; throws ConfigError on a bad value. */
export function clientTuningFromEnv(env: NodeJS.ProcessEnv = process.env): ClientTuning {
  const timeout = positiveSeconds(env, TUNING_ENV_VARS.timeout);
  const deadline = positiveSeconds(env, TUNING_ENV_VARS.deadline);
  return {
    ...(timeout === undefined ? {} : { headersTimeoutMs: timeout, bodyTimeoutMs: timeout }),
    ...(deadline === undefined ? {} : { deadlineMs: deadline }),
  };
}
