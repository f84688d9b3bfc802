/**
 * Host side of PushCustomApp: a tenant setting of several fields (common/settingLifecycle.ts). Every read is one GET of
 * `/prompts/mfa-push`; every write one PATCH of all three fields, those the program leaves out as the tenant holds them.
 */
import { defineHandler } from "../common/defineHandler";
import { pushCustomAppDefinition as definition } from "./definition";
import { CUSTOM_APP_PATH, customAppResponse, expandCustomApp, flattenCustomApp, type CustomAppValues } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { ...flattenCustomApp(await context.request("GET", CUSTOM_APP_PATH, { operation: "get custom push app", schema: customAppResponse })) };
  },
  async write(context, _wanted, { whole }) {
    const body = expandCustomApp((await whole()) as Partial<CustomAppValues>);
    return { ...flattenCustomApp(await context.request("PATCH", CUSTOM_APP_PATH, { operation: "set custom push app", schema: customAppResponse, body })) };
  },
});
export { remove as delete };
