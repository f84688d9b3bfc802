/**
 * Host side of WebAuthnSettings: a tenant setting of several fields kept per factor (common/settingLifecycle.ts). The
 * id is the factor's name; the outputs name the tenant. Every read is one GET; every write a PUT of the options given
 * (the service takes a subset) and, but for destroy's, a GET, since the PUT's answer holds only what was sent.
 */
import { defineHandler } from "../common/defineHandler";
import type { OperationContext } from "../common/operationContext";
import { webAuthnSettingsDefinition as definition } from "./definition";
import { expandWebAuthn, flattenWebAuthn, webAuthnResponse, webAuthnSettingsPath, type WebAuthnValues } from "./wire";

async function readOptions(context: OperationContext, factor: string) {
  return { ...flattenWebAuthn(await context.request("GET", webAuthnSettingsPath(factor), { operation: `get ${factor} settings`, schema: webAuthnResponse })) };
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  read: (context, factor = "") => readOptions(context, factor),
  async write(context, wanted, { key: factor = "", purpose }) {
    const body = expandWebAuthn(wanted as Partial<WebAuthnValues>);
    const sent = await context.request("PUT", webAuthnSettingsPath(factor), { operation: `set ${factor} settings`, schema: webAuthnResponse, body });
    // The answer holds only what was sent: the rest is read back, when anyone needs it.
    return purpose === "restore" ? { ...flattenWebAuthn(sent) } : readOptions(context, factor);
  },
});
export { remove as delete };
