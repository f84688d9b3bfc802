/**
 * Connection settings inside the dynamic-provider host, shared by every resource handler.
 *
 * The host calls each shim's `configure(req)` once, right after loading it, and caches the provider
 * before that call settles: a throw there would leave a broken provider cached for the life of the
 * process. So `configure` only records the `tenant:*` keys and never throws; the first CRUD call
 * resolves them (stack config, then environment) and surfaces any problem as the ConfigError.
 */
import type { ConfigureRequest } from "@pulumi/pulumi/dynamic";
import { CONFIG_KEYS, PROVIDER_NAME_KEY, resolveSettings, type ConnectionSettings } from "../config";
import type * as ClientModule from "../client";
import type { TenantClient } from "../client";
import { packageClientOptions } from "./clientOptions";

export interface TenantConnection {
  settings: ConnectionSettings;
  client: TenantClient;
}

let recordedConfig = new Map<string, string>();
/** Shared by concurrent first calls; reset when a later Configure brings different values. */
let ready: Promise<TenantConnection> | undefined;

function readKey(req: ConfigureRequest | undefined, key: string): string | undefined {
  try {
    // Config.get returns the raw value: strings, or JSON values for structured config.
    const value: unknown = req?.config?.get(key);
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
  } catch {
    // A host without stack config (a Check before Configure) has nothing to read.
  }
  return undefined;
}

function sameEntries(left: ReadonlyMap<string, string>, right: ReadonlyMap<string, string>): boolean {
  if (left.size !== right.size) return false;
  for (const [key, value] of left) if (right.get(key) !== value) return false;
  return true;
}

/** Every handler's `configure`. Records only this package's keys (the whole stack config reaches the host). */
export function recordConfiguration(req: ConfigureRequest | undefined): void {
  try {
    const next = new Map<string, string>();
    // PROVIDER_NAME_KEY: only an explicit Provider sets it, so errors can point at its arguments.
    for (const key of [...Object.values(CONFIG_KEYS), PROVIDER_NAME_KEY]) {
      const value = readKey(req, key);
      if (value !== undefined) next.set(key, value);
    }
    if (!sameEntries(next, recordedConfig)) {
      recordedConfig = next;
      ready = undefined;
    }
  } catch {
    // Never throw from configure: the first CRUD call reports configuration problems.
  }
}

/**
 * The HTTP client's code, loaded with the first call that needs it: Check and Diff (every preview, every no-op
 * update) never load it, nor undici behind it. In dist/ (CommonJS) `import()` gives a namespace whose `default` is
 * the module object; on the sources (tests) the namespace is the module.
 */
async function loadClientModule(): Promise<typeof ClientModule> {
  const namespace = (await import("../client/index.js")) as typeof ClientModule & { default?: typeof ClientModule };
  return namespace.default ?? namespace;
}

/** The client for this host's tenant; rejects with the ConfigError when the settings are missing or invalid. */
export function tenantConnection(): Promise<TenantConnection> {
  if (!ready) {
    const lookup = new Map(recordedConfig);
    ready = Promise.resolve().then(async () => {
      const settings = resolveSettings((key) => lookup.get(key), process.env);
      const { getClient } = await loadClientModule();
      return { settings, client: getClient(settings, packageClientOptions()) };
    });
  }
  return ready;
}

/**
 * For a process that is no provider host (the `pulumi-tenant` command): every handler's calls use these settings,
 * resolved by the process itself, until a Configure brings stack config.
 */
export function useSettings(settings: ConnectionSettings): void {
  recordedConfig = new Map();
  ready = loadClientModule().then(({ getClient }) => ({ settings, client: getClient(settings, packageClientOptions()) }));
}

/** The tenant's domain with its port if it has one, e.g. "my-tenant.example.com": the id of its singletons (the push-provider selection). */
export function tenantDomain(settings: ConnectionSettings): string {
  return new URL(settings.baseUrl).host;
}

/** What a message may say of the settings the host was configured with: never a secret. */
export interface SettingsShown {
  /** The tenant's host as resolved, else the domain as given; absent when none is set. */
  tenant?: string;
  clientId?: string;
  /** Set when they are an explicit Provider's arguments. */
  providerName?: string;
  /** The process's own settings (the `pulumi-tenant` command): nothing was stored. */
  environmentOnly: boolean;
}

export async function settingsShown(): Promise<SettingsShown> {
  const settings = await tenantConnection().then(
    (connection) => connection.settings,
    () => undefined,
  );
  if (settings) {
    return {
      tenant: tenantDomain(settings),
      clientId: settings.auth.kind === "clientCredentials" ? settings.auth.clientId : undefined,
      providerName: settings.providerName,
      environmentOnly: settings.environmentOnly === true,
    };
  }
  const given = (key: string): string | undefined => recordedConfig.get(key) ?? undefined;
  return {
    tenant: given(CONFIG_KEYS.domain),
    clientId: given(CONFIG_KEYS.clientId),
    providerName: given(PROVIDER_NAME_KEY),
    environmentOnly: false,
  };
}
