/**
 * CheckConfig's judgement of a provider's settings, before any call: what can be told wrong from the values alone
 * (the domain's shape and scheme, the audience, credentials given both ways). The engine shows a property-named
 * failure next to the setting, with the setting's value: so a failure is only ever named after a setting that is
 * not secret, and no reason quotes a secret. Missing settings are Configure's to report (as missing keys).
 */
import { CONFIG_KEYS, ENV_VARS, parseDomain, providerLabel } from "../config";
import { ConfigError } from "../configError";
import { isUnknown, type PropertyBag } from "../resources/common/jsonValues";

export interface SettingFailure {
  /** A setting's name (never a secret one), or "" for the provider as a whole. */
  property: string;
  reason: string;
}

type SettingName = keyof typeof CONFIG_KEYS;
/** Settings whose values are secrets: never a failure's property, never quoted. */
const SECRET_SETTINGS: ReadonlySet<SettingName> = new Set(["clientSecret", "apiToken"]);
const AUDIENCE_PATH = "/api/v2/";
const LOOPBACK = /^(localhost|\[::1\]|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Where a setting is given, for reasons: the stack config key, or the explicit provider's argument. */
function placeOf(name: SettingName, providerName: string | undefined): string {
  return providerName === undefined ? `the stack config "${CONFIG_KEYS[name]}"` : `the "${name}" argument of ${providerLabel(providerName)}`;
}

function domainFailure(value: string, providerName: string | undefined): string | undefined {
  try {
    parseDomain({ value, source: placeOf("domain", providerName) }, providerName);
    return undefined;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

function audienceFailure(value: string): string | undefined {
  if (value === AUDIENCE_PATH) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const allowed = url && (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.test(url.hostname)));
  if (allowed && !url?.username && !url?.password) return undefined;
  return (
    `the token audience must be an https URL (by default https://<domain>${AUDIENCE_PATH}; plain http only for ` +
    `loopback hosts) or the path "${AUDIENCE_PATH}"`
  );
}

/** A setting's value as given (in the request, else the plugin's environment), blank counting as unset. */
function given(settings: PropertyBag, env: NodeJS.ProcessEnv, name: SettingName): unknown {
  const value = settings[name] ?? env[ENV_VARS[name]];
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

export function checkSettings(settings: PropertyBag, providerName: string | undefined, env: NodeJS.ProcessEnv = process.env): SettingFailure[] {
  const failures: SettingFailure[] = [];
  const names = Object.keys(CONFIG_KEYS) as SettingName[];
  for (const name of names) {
    const value = settings[name];
    if (value === undefined || value === null || isUnknown(value) || typeof value === "string") continue;
    failures.push(
      SECRET_SETTINGS.has(name)
        ? { property: "", reason: `a credential setting (${placeOf(name, providerName)}) must be a string` }
        : { property: name, reason: "must be a string" },
    );
  }
  const domain = settings.domain;
  if (typeof domain === "string" && domain.trim() !== "") {
    const reason = domainFailure(domain.trim(), providerName);
    if (reason) failures.push({ property: "domain", reason });
  }
  const audience = settings.audience;
  if (typeof audience === "string" && audience.trim() !== "") {
    const reason = audienceFailure(audience.trim());
    if (reason) failures.push({ property: "audience", reason });
  }
  // Settings resolve from these values first, then the plugin's environment: a contradiction in either is one.
  const token = given(settings, env, "apiToken") !== undefined;
  const client = given(settings, env, "clientId") !== undefined || given(settings, env, "clientSecret") !== undefined;
  if (token && client) {
    failures.push({
      // Named after the client id when it is given here: the one credential setting that is not secret.
      property: given(settings, {}, "clientId") !== undefined ? "clientId" : "",
      reason:
        "contradictory credentials: client credentials and an API token are both given (here or in the TENANT_* " +
        "environment variables); keep only one: the API token, or the client id with its secret",
    });
  }
  return failures;
}
