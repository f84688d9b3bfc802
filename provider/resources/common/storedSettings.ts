/**
 * A refresh and a destroy configure the provider with the settings the stack stored at its last `up` (the default
 * provider's: the stack config as it was then; an explicit Provider's: its arguments then), not those of today's
 * config or program. When such a call fails on its settings (a key missing from them, or credentials the service
 * refuses), the message says so, names the tenant and client id they hold (never a secret), and gives the command
 * that stores the current ones. A `preview` or `up` uses the current settings, and its errors say nothing of this.
 */
import { ApiError } from "../../client/errors";
import { ConfigError } from "../../configError";
import { providerLabel } from "../../settings";
import { settingsShown, type SettingsShown } from "../tenantConnection";

/** Whether the settings themselves, not the call, made `error`. */
function settingsFailed(error: unknown): error is Error {
  return error instanceof ConfigError || (error instanceof ApiError && error.credentialsRefused);
}

function storedNote(shown: SettingsShown): string {
  const held = [
    shown.tenant === undefined ? "no domain" : `tenant "${shown.tenant}"`,
    ...(shown.clientId === undefined ? [] : [`client id "${shown.clientId}"`]),
  ].join(", ");
  const which =
    shown.providerName === undefined
      ? `the settings the stack stored at its last "pulumi up" (${held}), not the stack config as it is now`
      : `the arguments ${providerLabel(shown.providerName)} had at the stack's last "pulumi up" (${held}), not those the program gives now`;
  return (
    `Refresh and destroy use ${which}: once the ${shown.providerName === undefined ? "config" : "program"} is right, ` +
    `"pulumi up" stores it (or add --run-program to this command to use it without storing).`
  );
}

/** `error` of a call made with stored settings, with the note above when its settings failed. */
export async function withStoredSettingsNote(error: unknown): Promise<unknown> {
  if (!settingsFailed(error)) return error;
  const shown = await settingsShown();
  if (shown.environmentOnly) return error;
  error.message = `${error.message} ${storedNote(shown)}`;
  return error;
}
