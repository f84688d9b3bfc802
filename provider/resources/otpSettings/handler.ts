/**
 * Host side of OtpSettings: a tenant setting of several fields kept per factor (common/settingLifecycle.ts). The id is
 * the factor's name; the outputs name the tenant. Every read is one GET of the factor's settings; every write one PUT
 * of both fields, one the program leaves out taken from the tenant's.
 */
import { defineHandler } from "../common/defineHandler";
import { otpSettingsDefinition as definition } from "./definition";
import { expandOtpSettings, flattenOtpSettings, otpSettingsPath, otpSettingsResponse, type OtpSettingValues } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context, factor = "") {
    const response = await context.request("GET", otpSettingsPath(factor), { operation: `get ${factor} one-time-code settings`, schema: otpSettingsResponse });
    return { ...flattenOtpSettings(response) };
  },
  async write(context, _wanted, { whole, key: factor = "" }) {
    const response = await context.request("PUT", otpSettingsPath(factor), {
      operation: `set ${factor} one-time-code settings`,
      schema: otpSettingsResponse,
      body: expandOtpSettings((await whole()) as OtpSettingValues),
    });
    return { ...flattenOtpSettings(response) };
  },
});
export { remove as delete };
