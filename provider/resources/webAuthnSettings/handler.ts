/**
 * Host side of WebAuthnSettings: a tenant setting of several fields kept per factor (common/fieldsSetting.ts). The
 * id is the factor's name; the outputs name the tenant. Every read is one GET; every write a PUT of the options given
 * (the service takes a subset) and, but for destroy's, a GET, since the PUT's answer holds only what was sent.
 */
import { defineHandler } from "../common/defineHandler";
import { fieldsSettingCalls } from "../common/fieldsSetting";
import type { OperationContext } from "../common/operationContext";
import { WEB_AUTHN_FACTOR_NAMES } from "../enums.generated";
import { webAuthnSettingsDefinition as definition } from "./definition";
import { expandWebAuthn, flattenWebAuthn, webAuthnResponse, webAuthnSettingsPath, type WebAuthnValues } from "./wire";

async function readOptions(context: OperationContext, factor: string) {
  return { ...flattenWebAuthn(await context.request("GET", webAuthnSettingsPath(factor), { operation: `get ${factor} settings`, schema: webAuthnResponse })) };
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(
  definition,
  fieldsSettingCalls(definition, {
    fields: ["userVerification", "overrideRelyingParty", "relyingPartyIdentifier"],
    recordedAs: "previousSettings",
    key: { input: "factor", all: WEB_AUTHN_FACTOR_NAMES },
    read: (context, factor = "") => readOptions(context, factor),
    async write(context, wanted, _whole, factor = "", answered) {
      const body = expandWebAuthn(wanted as Partial<WebAuthnValues>);
      const sent = await context.request("PUT", webAuthnSettingsPath(factor), { operation: `set ${factor} settings`, schema: webAuthnResponse, body });
      // The answer holds only what was sent: the rest is read back, when anyone needs it.
      return answered ? readOptions(context, factor) : { ...flattenWebAuthn(sent) };
    },
  }),
);
export { remove as delete };
