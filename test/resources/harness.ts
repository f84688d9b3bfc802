/**
 * Shared setup for the resource tests: an emulated tenant with a client whose secret is a sentinel, a
 * fake `configure` request carrying the `tenant:*` keys, and helpers to look for leaked sentinels.
 */
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import type { ConfigureRequest, CreateResult } from "@pulumi/pulumi/dynamic";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { startScriptedReplies, type ScriptedReplies } from "../support/scriptedReplies";

/** Sentinels: none of these may appear in plain outputs, error messages or host output. */
export const CLIENT_ID = "resources-test-client";
export const CLIENT_SECRET = "sentinel-client-secret-7Qf2kL9x";
export const AUTH_TOKEN = "sentinel-auth-token-Zr84Wq1m";
export const OTHER_AUTH_TOKEN = "sentinel-auth-token-second-Hb37Ty";

/** The preview "unknown" sentinel, spelled out here so the tests do not trust the provider's constant. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function startTenant(): Promise<Emulator> {
  return startEmulator({ clients: [{ id: CLIENT_ID, secret: CLIENT_SECRET }] });
}

export function tenantConfig(emulator: Emulator): Record<string, string> {
  return { "tenant:domain": emulator.url, "tenant:clientId": CLIENT_ID, "tenant:clientSecret": CLIENT_SECRET };
}

/**
 * One emulated tenant per test file, the handler configured for it, and a fresh tenant before each test.
 * Returns a getter, since the emulator starts in beforeAll.
 */
export function useConfiguredTenant(handler: { configure(req: ConfigureRequest): Promise<void> }): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    blankTenantEnv();
    emulator = await startTenant();
    await handler.configure(configureRequest(tenantConfig(emulator)));
  });
  afterAll(async () => {
    await emulator?.close();
    vi.unstubAllEnvs();
  });
  beforeEach(() => emulator?.reset());
  return () => {
    if (!emulator) throw new Error("the tenant starts in beforeAll");
    return emulator;
  };
}

/**
 * One tenant of scripted replies per test file (recorded answers, byte for byte), the handler configured for it, its
 * script and what it saw emptied before each test. Returns a getter, since it starts in beforeAll.
 */
export function useScriptedTenant(handler: { configure(req: ConfigureRequest): Promise<void> }): () => ScriptedReplies {
  let tenant: ScriptedReplies | undefined;
  beforeAll(async () => {
    blankTenantEnv();
    tenant = await startScriptedReplies();
    await handler.configure(configureRequest({ "tenant:domain": tenant.url, "tenant:clientId": "recorded-client", "tenant:clientSecret": "recorded-secret" }));
  });
  afterAll(async () => {
    await tenant?.close();
    vi.unstubAllEnvs();
  });
  beforeEach(() => {
    if (!tenant) return;
    tenant.script = [];
    tenant.seen = [];
  });
  return () => {
    if (!tenant) throw new Error("the scripted tenant starts in beforeAll");
    return tenant;
  };
}

/** What the host passes to `configure`: `get` returns raw config values by full key. */
export function configureRequest(values: Record<string, string | undefined>): ConfigureRequest {
  return {
    config: {
      get: (key) => values[key],
      require: (key) => {
        const value = values[key];
        if (value === undefined) throw new Error(`Missing required configuration key: ${key}`);
        return value;
      },
    },
  };
}

/** Blank TENANT_* variables (blank counts as unset), so the machine's environment cannot interfere. */
export function blankTenantEnv(): void {
  for (const name of ["TENANT_DOMAIN", "TENANT_CLIENT_ID", "TENANT_CLIENT_SECRET", "TENANT_API_TOKEN", "TENANT_AUDIENCE"]) {
    vi.stubEnv(name, "");
  }
}

/** The host at `emulator.url`, e.g. "127.0.0.1:41234": the id of the tenant's push-provider selection. */
export function tenantHostOf(emulator: Emulator): string {
  return new URL(emulator.url).host;
}

/** API requests (token requests excluded) seen by the emulator. */
export function apiRequests(emulator: Emulator): number {
  return emulator.count(undefined, "/api/v2");
}

export { rejectionOf } from "../support/rejection";

/** A create as the engine makes one: check first (it must find nothing wrong), then create with what check gave. */
export async function createChecked(
  handler: { check(olds: unknown, news: unknown): Promise<{ inputs?: unknown; failures?: unknown[] }>; create(inputs: unknown): Promise<CreateResult> },
  inputs: Record<string, unknown>,
): Promise<CreateResult> {
  const checked = await handler.check({}, inputs);
  expect(checked.failures ?? []).toEqual([]);
  return handler.create(checked.inputs);
}

/** Which sentinels occur in a text (an error message, JSON of outputs, host output). */
export function leakedSentinels(text: string, extra: string[] = []): string[] {
  return [CLIENT_SECRET, AUTH_TOKEN, OTHER_AUTH_TOKEN, ...extra].filter((sentinel) => text.includes(sentinel));
}

/** What the handlers printed on stderr (their warnings, in this process) while `run` ran. */
export async function stderrOf(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines.join("");
}
