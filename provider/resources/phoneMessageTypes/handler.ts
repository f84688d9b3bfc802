/**
 * Host side of PhoneMessageTypes: a tenant setting (common/setting.ts), one GET or PUT of the message types per call.
 * An empty list is a value like any other: create records it, delete puts it back.
 */
import { defineHandler } from "../common/defineHandler";
import { settingCalls } from "../common/setting";
import { isPhoneMessageType, type PhoneMessageType } from "../enums.generated";
import { phoneMessageTypesDefinition as definition } from "./definition";
import { MESSAGE_TYPES_PATH, expandMessageTypes, flattenMessageTypes, messageTypesResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(
  definition,
  settingCalls(definition, {
    value: "messageTypes",
    recordedAs: "previousMessageTypes",
    async read(context) {
      const response = await context.request("GET", MESSAGE_TYPES_PATH, { operation: "get phone message types", schema: messageTypesResponse });
      return flattenMessageTypes(response);
    },
    async write(context, messageTypes: readonly PhoneMessageType[]) {
      const response = await context.request("PUT", MESSAGE_TYPES_PATH, {
        operation: "set phone message types",
        schema: messageTypesResponse,
        body: expandMessageTypes(messageTypes),
      });
      return flattenMessageTypes(response);
    },
    restorable: (recorded): recorded is PhoneMessageType[] => Array.isArray(recorded) && recorded.every(isPhoneMessageType),
  }),
);
export { remove as delete };
