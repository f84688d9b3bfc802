/**
 * Host side of PushProviderSelection: a tenant setting (common/settingLifecycle.ts), one GET or PUT of the selection
 * per request.
 */
import { defineHandler } from "../common/defineHandler";
import type { PushProviderName } from "../enums.generated";
import { pushProviderSelectionDefinition as definition } from "./definition";
import { SELECTION_PATH, expandSelection, flattenSelection, selectionResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { ...flattenSelection(await context.request("GET", SELECTION_PATH, { operation: "get push notification provider", schema: selectionResponse })) };
  },
  async write(context, { provider }) {
    const body = expandSelection({ provider: provider as PushProviderName });
    const response = await context.request("PUT", SELECTION_PATH, { operation: "set push notification provider", schema: selectionResponse, body });
    // The PUT answers with the resulting selection; what was sent if it omits it.
    return { provider: flattenSelection(response).provider ?? provider };
  },
});
export { remove as delete };
