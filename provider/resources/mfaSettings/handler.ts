/**
 * Host side of MfaSettings: a tenant setting of several fields (common/settingLifecycle.ts). Every read is one GET of
 * `/guardian/settings`; every write one PUT of all four, those the program leaves out taken from the tenant's, and
 * checked first so the inactivity timeout never exceeds the overall one.
 */
import { defineHandler } from "../common/defineHandler";
import { mfaSettingsDefinition as definition } from "./definition";
import { GUARDIAN_SETTINGS_PATH, expandMfaSettings, flattenMfaSettings, guardianSettingsResponse, type MfaSettingValues } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    const response = await context.request("GET", GUARDIAN_SETTINGS_PATH, { operation: "get MFA settings", schema: guardianSettingsResponse });
    return { ...flattenMfaSettings(response) };
  },
  async write(context, wanted, { whole }) {
    const values = (await whole()) as MfaSettingValues;
    if (values.sessionInactivityTimeout > values.sessionOverallTimeout) {
      const kept = wanted.sessionInactivityTimeout === undefined ? "sessionInactivityTimeout" : "sessionOverallTimeout";
      throw new Error(
        `${context.what}: sessionInactivityTimeout (${values.sessionInactivityTimeout}) must not be greater than sessionOverallTimeout ` +
          `(${values.sessionOverallTimeout}); ${kept}, left out of the program, is the tenant's. Set both; nothing was changed.`,
      );
    }
    const body = expandMfaSettings(values);
    return { ...flattenMfaSettings(await context.request("PUT", GUARDIAN_SETTINGS_PATH, { operation: "set MFA settings", schema: guardianSettingsResponse, body })) };
  },
});
export { remove as delete };
