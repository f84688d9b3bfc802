/**
 * What the client appends to its errors when the service refuses the credentials: which tenant and client, and
 * where to fix them (an explicit Provider's arguments, else the stack config and variables). Never a value.
 */
import { CONFIG_KEYS, ENV_VARS, providerLabel, type ConnectionSettings } from "./settings";

/** What to tell the user when the service refuses the credentials, one text per case. */
export interface CredentialHints {
  /** The token endpoint answered 401 to the client id and secret. */
  clientCredentialsRejected: string;
  /** The token endpoint answered 403: this client may not get tokens for the audience. */
  audienceRefused: string;
  /** The API answered 401 to a static API token, which cannot be renewed. */
  apiTokenRejected: string;
}

/**
 * What to tell the user when the service refuses the credentials these settings produced: which tenant and
 * client, and where to fix them (the explicit Provider's arguments, else the stack config and variables).
 * The client appends them to its errors; it never spells a key itself.
 */
export function credentialHints(settings: ConnectionSettings): CredentialHints {
  const host = new URL(settings.baseUrl).host;
  const client = settings.auth.kind === "clientCredentials" ? ` (client id "${settings.auth.clientId}")` : "";
  const rejected = `The client credentials were rejected by ${host}${client}`;
  const refused = `The client${client} may not request tokens for this audience from ${host}: grant it access to the management API`;
  const tokenRejected = `The API token was rejected by ${host} (expired or invalid)`;
  if (settings.environmentOnly) {
    return {
      clientCredentialsRejected: `${rejected}: check the ${ENV_VARS.clientId} and ${ENV_VARS.clientSecret} environment variables.`,
      audienceRefused: `${refused}, or set the ${ENV_VARS.audience} environment variable.`,
      apiTokenRejected: `${tokenRejected}: set a fresh one in the ${ENV_VARS.apiToken} environment variable, or use client credentials instead.`,
    };
  }
  if (settings.providerName !== undefined) {
    const provider = providerLabel(settings.providerName);
    return {
      clientCredentialsRejected: `${rejected}: check the "clientId" and "clientSecret" arguments of ${provider}.`,
      audienceRefused: `${refused}, or set the "audience" argument of ${provider}.`,
      apiTokenRejected: `${tokenRejected}: give ${provider} a fresh "apiToken" argument, or client credentials instead.`,
    };
  }
  return {
    clientCredentialsRejected:
      `${rejected}: check the stack config "${CONFIG_KEYS.clientId}" and "${CONFIG_KEYS.clientSecret}" ` +
      `(or the ${ENV_VARS.clientId} and ${ENV_VARS.clientSecret} environment variables).`,
    audienceRefused: `${refused}, or set the stack config "${CONFIG_KEYS.audience}" (or ${ENV_VARS.audience}).`,
    apiTokenRejected:
      `${tokenRejected}: set a fresh one in the stack config "${CONFIG_KEYS.apiToken}" (or ${ENV_VARS.apiToken}), ` +
      `or use client credentials instead.`,
  };
}
