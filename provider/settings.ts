/**
 * The connection settings, declared once. The stack-config keys, the TENANT_* variables, the `Provider`'s
 * arguments (`ProviderArgs` is generated from this table), the plugin's config variables and provider inputs,
 * and the README's settings table all come from here.
 */

/** One connection setting: how it is named in each place, and what it means. */
export interface SettingSpec {
  /** The environment variable read when the stack config (or the Provider's argument) does not give it. */
  readonly envVar: string;
  /** Kept secret everywhere: wrapped in `pulumi.secret` by the Provider, marked secret in the plugin schema. */
  readonly secret: boolean;
  /** Required as an argument of an explicit `Provider`. */
  readonly providerArgRequired: boolean;
  /** What it is, for users: TSDoc, the plugin schema and the README. */
  readonly description: string;
}

/** Stack-config keys live under this namespace ("tenant:domain"). */
export const CONFIG_NAMESPACE = "tenant";
/** The environment variables share this prefix ("TENANT_DOMAIN"). */
export const ENV_PREFIX = "TENANT_";

/** The connection settings, by name: the name is also the `Provider`'s argument and the key after `tenant:`. */
export const SETTINGS = {
  domain: {
    envVar: `${ENV_PREFIX}DOMAIN`,
    secret: false,
    providerArgRequired: true,
    description:
      "The tenant's host (`my-tenant.example.com`, https assumed) or a full URL. Plain `http://` only for loopback hosts (the emulator).",
  },
  clientId: {
    envVar: `${ENV_PREFIX}CLIENT_ID`,
    secret: false,
    providerArgRequired: false,
    description: "Client-credentials client of the management API; give it with `clientSecret`, or give `apiToken` instead.",
  },
  clientSecret: {
    envVar: `${ENV_PREFIX}CLIENT_SECRET`,
    secret: true,
    providerArgRequired: false,
    description: "The client-credentials client's secret.",
  },
  apiToken: {
    envVar: `${ENV_PREFIX}API_TOKEN`,
    secret: true,
    providerArgRequired: false,
    description: "A static bearer token instead of client credentials (not both).",
  },
  audience: {
    envVar: `${ENV_PREFIX}AUDIENCE`,
    secret: false,
    providerArgRequired: false,
    description: "Token audience; default `https://<domain>/api/v2/`.",
  },
} as const satisfies Record<string, SettingSpec>;

/** A connection setting's name ("domain", "clientId", ...). */
export type SettingName = keyof typeof SETTINGS;

/** The settings' names, in the table's order. */
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

const mapSettings = <T>(value: (name: SettingName) => T): { readonly [K in SettingName]: T } =>
  Object.fromEntries(SETTING_NAMES.map((name) => [name, value(name)])) as { [K in SettingName]: T };

/** A setting's stack-config key: `tenant:<name>`. */
export const configKeyOf = <N extends SettingName>(name: N): `${typeof CONFIG_NAMESPACE}:${N}` => `${CONFIG_NAMESPACE}:${name}`;

/** The stack-config key of each setting ("tenant:domain", ...). */
export const CONFIG_KEYS = mapSettings(configKeyOf) as {
  readonly [K in SettingName]: `${typeof CONFIG_NAMESPACE}:${K}`;
};

/** The environment variable of each setting ("TENANT_DOMAIN", ...). */
export const ENV_VARS: { readonly [K in SettingName]: string } = mapSettings((name) => SETTINGS[name].envVar);

/** Whether a setting's name is one of the table's. */
export const isSettingName = (name: string): name is SettingName => Object.hasOwn(SETTINGS, name);

/**
 * Set by an explicit `Provider` to its resource name. It says the settings are that Provider's arguments,
 * so every message points at them instead of the stack config.
 */
export const PROVIDER_NAME_KEY = `${CONFIG_NAMESPACE}:providerName`;

/** How messages name an explicit Provider. */
export function providerLabel(providerName: string): string {
  return `the tenant Provider "${providerName}"`;
}

const LOOPBACK_HOSTS = new Set(["localhost", "[::1]"]);

/** A host name of this machine (localhost, 127.0.0.0/8, [::1]): the only one plain http is allowed for. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Resolved, validated settings for one tenant: what the shared client is built from. */
export interface ConnectionSettings {
  /** Origin, e.g. "https://t.example.com" or "http://127.0.0.1:4000"; no trailing slash. */
  baseUrl: string;
  /** Token audience; default `${baseUrl}/api/v2/`. */
  audience: string;
  /** The credentials requests authenticate with. */
  auth: AuthSettings;
  /** Set when the settings are the arguments of an explicit `Provider` (its name), so messages point there. */
  providerName?: string;
  /** Set when they come from the environment alone (the `pulumi-tenant` command): messages name the variables only. */
  environmentOnly?: true;
}

/** How the client authenticates: a static API token, or a client-credentials grant. */
export type AuthSettings =
  | { kind: "token"; token: string }
  | { kind: "clientCredentials"; clientId: string; clientSecret: string };
