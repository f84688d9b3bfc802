/**
 * Host side of RiskAssessmentNewDevice: a tenant setting (common/settingLifecycle.ts), one GET or PATCH of
 * `/risk-assessments/settings/new-device` per request.
 */
import { defineHandler } from "../common/defineHandler";
import { riskAssessmentNewDeviceDefinition as definition } from "./definition";
import { NEW_DEVICE_PATH, expandNewDevice, flattenNewDevice, newDeviceResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return flattenNewDevice(await context.request("GET", NEW_DEVICE_PATH, { operation: "get new-device settings", schema: newDeviceResponse }));
  },
  async write(context, { rememberFor }) {
    const body = expandNewDevice(rememberFor as number);
    return flattenNewDevice(await context.request("PATCH", NEW_DEVICE_PATH, { operation: "set new-device settings", schema: newDeviceResponse, body }));
  },
});
export { remove as delete };
