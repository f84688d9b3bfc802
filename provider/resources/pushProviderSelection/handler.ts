/**
 * Host side of PushProviderSelection: a tenant setting (common/setting.ts), one GET or PUT of the selection per call.
 */
import { defineHandler } from "../common/defineHandler";
import { settingCalls } from "../common/setting";
import { isPushProviderName, type PushProviderName } from "../enums.generated";
import { pushProviderSelectionDefinition as definition } from "./definition";
import { SELECTION_PATH, expandSelection, flattenSelection, selectionResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(
  definition,
  settingCalls(definition, {
    value: "provider",
    recordedAs: "previousProvider",
    async read(context) {
      const response = await context.request("GET", SELECTION_PATH, { operation: "get push notification provider", schema: selectionResponse });
      return flattenSelection(response);
    },
    async write(context, provider: PushProviderName) {
      const response = await context.request("PUT", SELECTION_PATH, {
        operation: "set push notification provider",
        schema: selectionResponse,
        body: expandSelection({ provider }),
      });
      // The PUT answers with the resulting selection; what was sent if it omits it.
      return { provider: flattenSelection(response).provider ?? provider };
    },
    restorable: isPushProviderName,
  }),
);
export { remove as delete };
