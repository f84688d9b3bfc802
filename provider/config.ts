/**
 * Connection settings: stack config first, then environment, validated once with messages that say
 * exactly which key or variable to set (their words in configMessages.ts). No message ever echoes a secret value.
 */
import { z } from "zod";
import { ConfigError } from "./configError";
import {
  configKey,
  contradictionMessage,
  domainFix,
  envVar,
  howToSet,
  missingCredentialsMessage,
  missingDomainMessage,
  originOf,
  type Origin,
} from "./configMessages";
import {
  CONFIG_KEYS,
  CONFIG_NAMESPACE,
  ENV_PREFIX,
  ENV_VARS,
  PROVIDER_NAME_KEY,
  isLoopbackHost,
  type AuthSettings,
  type ConnectionSettings,
  type SettingName,
} from "./settings";

export {
  CONFIG_KEYS,
  ENV_VARS,
  PROVIDER_NAME_KEY,
  SETTINGS,
  SETTING_NAMES,
  isSettingName,
  providerLabel,
  type AuthSettings,
  type ConnectionSettings,
  type SettingName,
} from "./settings";

/** Raw settings source: a lookup by stack-config key ("tenant:domain", ...). */
export type ConfigLookup = (key: string) => string | undefined;

export { credentialHints, type CredentialHints } from "./credentialHints";

/** Blank values count as unset: CI systems often export empty variables. */
const rawSetting = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const settingsSchema: z.ZodType<ConnectionSettings> = z.object({
  baseUrl: z.string().regex(/^https?:\/\/[^/?#]+$/),
  audience: z.string().min(1),
  auth: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("token"), token: z.string().min(1) }),
    z.object({ kind: z.literal("clientCredentials"), clientId: z.string().min(1), clientSecret: z.string().min(1) }),
  ]),
  providerName: z.string().min(1).optional(),
  environmentOnly: z.literal(true).optional(),
});

interface ResolvedValue {
  /** The setting's value, trimmed. */
  value: string;
  /** Where it came from, for messages: `the stack config "tenant:domain"` or `the TENANT_DOMAIN environment variable`. */
  source: string;
}

function readSetting(
  name: SettingName,
  lookup: ConfigLookup,
  env: NodeJS.ProcessEnv,
  origin: Origin,
): ResolvedValue | undefined {
  const candidates: [unknown, string][] = [
    [lookup(CONFIG_KEYS[name]), configKey(name, origin)],
    [env[ENV_VARS[name]], envVar(name)],
  ];
  for (const [raw, source] of candidates) {
    const parsed = rawSetting.safeParse(raw);
    if (!parsed.success) {
      // Never include the value: it may be a secret.
      throw new ConfigError(`Invalid value in ${source}: expected a string.`);
    }
    if (parsed.data !== undefined) return { value: parsed.data, source };
  }
  return undefined;
}

/** Turns a bare host or full URL into an origin; throws ConfigError naming where the bad value came from. */
export function parseDomain(domain: ResolvedValue, providerName: string | undefined): string {
  return parseDomainFrom(domain, originOf(providerName));
}

function parseDomainFrom(domain: ResolvedValue, origin: Origin): string {
  const DOMAIN_FIX = domainFix(origin);
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain.value);
  let url: URL;
  try {
    url = new URL(hasScheme ? domain.value : `https://${domain.value}`);
  } catch {
    throw new ConfigError(
      `Invalid tenant domain in ${domain.source}: it is not a host name or URL; set ${DOMAIN_FIX} to the ` +
        `tenant's host, e.g. my-tenant.example.com.`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    // Not echoed: user info may hold credentials.
    throw new ConfigError(
      `Invalid tenant domain in ${domain.source}: it must not contain user info, a query or a fragment; set ` +
        `${DOMAIN_FIX} to the tenant's host, e.g. my-tenant.example.com.`,
    );
  }
  const shown = `${url.protocol}//${url.host}`;
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(
      `Invalid tenant domain "${shown}" in ${domain.source}: the scheme must be https (http only for loopback ` +
        `hosts); set ${DOMAIN_FIX} to the tenant's host, e.g. my-tenant.example.com.`,
    );
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      `Invalid tenant domain "${shown}" in ${domain.source}: plain http is only allowed for loopback hosts ` +
        `(localhost, 127.0.0.0/8, [::1]); use https:// or a bare host name in ${DOMAIN_FIX}.`,
    );
  }
  if (url.pathname !== "/") {
    throw new ConfigError(
      `Invalid tenant domain "${shown}${url.pathname}" in ${domain.source}: it must be a host or origin without ` +
        `a path (e.g. my-tenant.example.com, not .../api/v2); fix ${DOMAIN_FIX}.`,
    );
  }
  return url.origin;
}

function resolveAuth(lookup: ConfigLookup, env: NodeJS.ProcessEnv, origin: Origin, host: string | undefined): AuthSettings {
  const token = readSetting("apiToken", lookup, env, origin);
  const clientId = readSetting("clientId", lookup, env, origin);
  const clientSecret = readSetting("clientSecret", lookup, env, origin);

  if (token && (clientId || clientSecret)) {
    const credentialSources = [clientId?.source, clientSecret?.source].filter(Boolean).join(" and ");
    throw new ConfigError(contradictionMessage(origin, token.source, credentialSources));
  }
  if (token) return { kind: "token", token: token.value };
  if (clientId && !clientSecret) {
    throw new ConfigError(
      `Missing tenant client secret: a client id is set (${clientId.source}) but no secret; ` +
        `${howToSet("clientSecret", origin)}.`,
    );
  }
  if (clientSecret && !clientId) {
    throw new ConfigError(
      `Missing tenant client id: a client secret is set (${clientSecret.source}) but no client id; ` +
        `${howToSet("clientId", origin)}.`,
    );
  }
  if (clientId && clientSecret) {
    return { kind: "clientCredentials", clientId: clientId.value, clientSecret: clientSecret.value };
  }
  throw new ConfigError(missingCredentialsMessage(origin, host));
}

/**
 * The full config keys (e.g. `tenant:domain`) of the settings that neither the lookup nor the environment
 * gives: the domain, and the client credentials when no API token is set. What a native plugin's Configure
 * reports as missing keys.
 */
export function missingSettingKeys(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): string[] {
  const set = (name: SettingName): boolean => readSetting(name, lookup, env, { kind: "stack" }) !== undefined;
  const missing: SettingName[] = set("domain") ? [] : ["domain"];
  if (!set("apiToken")) missing.push(...(["clientId", "clientSecret"] as const).filter((name) => !set(name)));
  return missing.map((name) => CONFIG_KEYS[name]);
}

/**
 * The error of a setting that neither the lookup nor the environment gives (the domain, or credentials of either
 * kind), without judging the values: what can be told of an explicit Provider whose arguments are still Outputs.
 * `undefined` when every setting needed is given.
 */
export function missingSettingsError(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): ConfigError | undefined {
  const origin = originOf(providerNameIn(lookup));
  if (!readSetting("domain", lookup, env, origin)) return new ConfigError(missingDomainMessage(origin));
  // An API token is enough; given beside client credentials, it is a contradiction, not a missing setting.
  if (readSetting("apiToken", lookup, env, origin)) return undefined;
  try {
    resolveAuth(lookup, env, origin, undefined);
    return undefined;
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

function providerNameIn(lookup: ConfigLookup): string | undefined {
  const marker: unknown = lookup(PROVIDER_NAME_KEY);
  return typeof marker === "string" && marker.trim() !== "" ? marker.trim() : undefined;
}

/**
 * Stack config first, then env (TENANT_DOMAIN, TENANT_CLIENT_ID, TENANT_CLIENT_SECRET, TENANT_API_TOKEN,
 * TENANT_AUDIENCE); an explicit Provider's arguments arrive through the same lookup, with its name under
 * PROVIDER_NAME_KEY. Throws ConfigError.
 */
export function resolveSettings(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): ConnectionSettings {
  return resolveFrom(lookup, env, originOf(providerNameIn(lookup)));
}

/** The settings of a process that has no stack config (the `pulumi-tenant` command): its messages name the variables only. */
export function resolveEnvironmentSettings(env: NodeJS.ProcessEnv = process.env): ConnectionSettings {
  return resolveFrom(() => undefined, env, { kind: "environment" });
}

function resolveFrom(lookup: ConfigLookup, env: NodeJS.ProcessEnv, origin: Origin): ConnectionSettings {
  const domain = readSetting("domain", lookup, env, origin);
  if (!domain) throw new ConfigError(missingDomainMessage(origin));
  const baseUrl = parseDomainFrom(domain, origin);
  const auth = resolveAuth(lookup, env, origin, new URL(baseUrl).host);
  const audience = readSetting("audience", lookup, env, origin)?.value ?? `${baseUrl}/api/v2/`;
  const providerName = origin.kind === "provider" ? origin.name : undefined;
  const environmentOnly = origin.kind === "environment" ? true : undefined;

  const checked = settingsSchema.safeParse({ baseUrl, audience, auth, providerName, environmentOnly });
  if (!checked.success) {
    // Unreachable with the checks above; kept so a future edit cannot produce unvalidated settings.
    const fields = checked.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new ConfigError(`Invalid tenant settings (${fields}); check the "${CONFIG_NAMESPACE}:*" stack config and ${ENV_PREFIX}* variables.`);
  }
  return checked.data;
}

export { clientTuningFromEnv, type ClientTuning } from "./clientTuning";
