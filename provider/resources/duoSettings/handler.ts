/**
 * Host side of DuoSettings: a tenant setting of several fields (common/settingLifecycle.ts) whose secret key the
 * service returns. Every read is one GET; every write one PUT of all three keys, those the program leaves out as the
 * tenant holds them (its secret key sent back as it came, never seen by this code).
 */
import { defineHandler } from "../common/defineHandler";
import { duoSettingsDefinition as definition } from "./definition";
import { DUO_SETTINGS_PATH, duoResponse, expandDuo, flattenDuo, type DuoValues } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { ...flattenDuo(await context.request("GET", DUO_SETTINGS_PATH, { operation: "get Duo settings", schema: duoResponse })) };
  },
  async write(context, _wanted, { whole }) {
    const { integrationKey, secretKey, hostname } = (await whole()) as Partial<DuoValues>;
    if (integrationKey == null || secretKey == null || hostname == null) {
      const missing = Object.entries({ integrationKey, secretKey, hostname }).filter(([, value]) => value == null).map(([name]) => name);
      throw new Error(
        `${context.what}: the tenant holds no ${missing.join(", ")}, so the program must give ${missing.length === 1 ? "it" : "them"}: ` +
          "Duo's settings are written whole (integrationKey, secretKey and hostname). Nothing was changed.",
      );
    }
    const body = expandDuo({ integrationKey, secretKey, hostname });
    return { ...flattenDuo(await context.request("PUT", DUO_SETTINGS_PATH, { operation: "set Duo settings", schema: duoResponse, body })) };
  },
});
export { remove as delete };
