/**
 * What the connection settings' messages tell the user to set, by where the settings come from: the stack config
 * (and the variables), an explicit Provider's arguments, or the environment alone. The reading is in config.ts.
 */
import { CONFIG_KEYS, ENV_VARS, providerLabel, type SettingName } from "./settings";

/**
 * Where the settings come from, which decides what messages tell the user to set: the stack config (and the
 * variables), an explicit Provider's arguments, or the environment alone (the `pulumi-tenant` command).
 */
export type Origin = { kind: "stack" } | { kind: "provider"; name: string } | { kind: "environment" };

export const originOf = (providerName: string | undefined): Origin =>
  providerName === undefined ? { kind: "stack" } : { kind: "provider", name: providerName };

/** Where a setting is given: the stack config, or the argument of an explicit Provider. */
export function configKey(name: SettingName, origin: Origin): string {
  if (origin.kind === "provider") return `the "${name}" argument of ${providerLabel(origin.name)}`;
  return `the stack config "${CONFIG_KEYS[name]}"`;
}

export function envVar(name: SettingName): string {
  return `the ${ENV_VARS[name]} environment variable`;
}

/** Where to fix the tenant domain, for a message about a bad one. */
export function domainFix(origin: Origin): string {
  return origin.kind === "environment" ? envVar("domain") : `${configKey("domain", origin)} or the ${ENV_VARS.domain} environment variable`;
}

/** An API token given beside client credentials (`credentialSources`: where the credentials come from). */
export function contradictionMessage(origin: Origin, tokenSource: string, credentialSources: string): string {
  const intro =
    `Contradictory tenant credentials${origin.kind === "provider" ? ` for ${providerLabel(origin.name)}` : ""}: ` +
    `an API token is set (${tokenSource}) and so are client credentials (${credentialSources}); keep only one: `;
  if (origin.kind === "environment") return `${intro}unset ${ENV_VARS.apiToken}, or ${ENV_VARS.clientId} and ${ENV_VARS.clientSecret}.`;
  const [tokenPlace, credentialsPlace] =
    origin.kind === "stack"
      ? [`"${CONFIG_KEYS.apiToken}"`, `"${CONFIG_KEYS.clientId}", "${CONFIG_KEYS.clientSecret}"`]
      : [`its "apiToken" argument`, `its "clientId" and "clientSecret" arguments`];
  return (
    `${intro}remove the API token (${tokenPlace} / ${ENV_VARS.apiToken}) or the client credentials ` +
    `(${credentialsPlace} / ${ENV_VARS.clientId}, ${ENV_VARS.clientSecret}).`
  );
}

export function missingDomainMessage(origin: Origin): string {
  if (origin.kind === "environment") {
    return `Missing tenant domain: set the ${ENV_VARS.domain} environment variable to the tenant's host (e.g. my-tenant.example.com).`;
  }
  if (origin.kind === "provider") {
    return (
      `Missing tenant domain: ${providerLabel(origin.name)} has no "domain" argument; give it the tenant's host ` +
      `(e.g. my-tenant.example.com) or set the ${ENV_VARS.domain} environment variable.`
    );
  }
  return (
    `Missing tenant domain: set the stack config "${CONFIG_KEYS.domain}" (pulumi config set ${CONFIG_KEYS.domain} ` +
    `my-tenant.example.com) or the ${ENV_VARS.domain} environment variable.`
  );
}

/** `host`: the tenant's, when its domain is known (an explicit Provider's may still be an unresolved Output). */
export function missingCredentialsMessage(origin: Origin, host: string | undefined): string {
  const forHost = host === undefined ? "" : ` for ${host}`;
  if (origin.kind === "environment") {
    return (
      `Missing tenant credentials${forHost}: set the ${ENV_VARS.clientId} and ${ENV_VARS.clientSecret} environment ` +
      `variables (a machine-to-machine client of the management API), or the ${ENV_VARS.apiToken} environment variable instead.`
    );
  }
  if (origin.kind === "provider") {
    return (
      `Missing tenant credentials${forHost}: give ${providerLabel(origin.name)} its "clientId" and ` +
      `"clientSecret" arguments, or an "apiToken" instead (or set the ${ENV_VARS.clientId} and ` +
      `${ENV_VARS.clientSecret}, or the ${ENV_VARS.apiToken}, environment variables).`
    );
  }
  return (
    `Missing tenant credentials: set the stack config "${CONFIG_KEYS.clientId}" and "${CONFIG_KEYS.clientSecret}" ` +
    `(pulumi config set ${CONFIG_KEYS.clientId} <id>; pulumi config set --secret ${CONFIG_KEYS.clientSecret} <secret>) ` +
    `or the ${ENV_VARS.clientId} and ${ENV_VARS.clientSecret} environment variables; or set an API token instead ` +
    `with the stack config "${CONFIG_KEYS.apiToken}" (pulumi config set --secret ${CONFIG_KEYS.apiToken} <token>) ` +
    `or the ${ENV_VARS.apiToken} environment variable.`
  );
}

/** How to set one missing setting: the Provider's argument, or the stack config with its command. */
export function howToSet(name: "clientId" | "clientSecret", origin: Origin): string {
  if (origin.kind === "environment") return `set the ${ENV_VARS[name]} environment variable`;
  if (origin.kind === "provider") {
    return `give ${providerLabel(origin.name)} its "${name}" argument or set the ${ENV_VARS[name]} environment variable`;
  }
  const command = name === "clientSecret" ? `pulumi config set --secret ${CONFIG_KEYS[name]} <secret>` : `pulumi config set ${CONFIG_KEYS[name]} <id>`;
  return `set the stack config "${CONFIG_KEYS[name]}" (${command}) or the ${ENV_VARS[name]} environment variable`;
}
