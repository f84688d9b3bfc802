/**
 * Host side of PhoneMessageTypes: a tenant setting (common/settingLifecycle.ts), one GET or PUT of the message types
 * per request. An empty list is a value like any other: create records it, delete puts it back.
 */
import { defineHandler } from "../common/defineHandler";
import type { PhoneMessageType } from "../enums.generated";
import { phoneMessageTypesDefinition as definition } from "./definition";
import { MESSAGE_TYPES_PATH, expandMessageTypes, flattenMessageTypes, messageTypesResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { ...flattenMessageTypes(await context.request("GET", MESSAGE_TYPES_PATH, { operation: "get phone message types", schema: messageTypesResponse })) };
  },
  async write(context, { messageTypes }) {
    const body = expandMessageTypes(messageTypes as PhoneMessageType[]);
    return { ...flattenMessageTypes(await context.request("PUT", MESSAGE_TYPES_PATH, { operation: "set phone message types", schema: messageTypesResponse, body })) };
  },
});
export { remove as delete };
