/**
 * Host side of SnsPushProvider: the tenant's one SNS configuration, a tenant setting (common/settingLifecycle.ts) whose
 * secret key the service never returns. A write given the key PUTs all five fields; one without it PATCHes the four
 * others, keeping the tenant's key. Destroy puts back what create found with such a PATCH or, when the tenant had no
 * configuration, clears all five; the service refusing either is reported, and the destroy goes on.
 */
import { defineHandler } from "../common/defineHandler";
import type { WritePurpose } from "../common/adoption";
import type { OperationContext } from "../common/operationContext";
import { snsPushProviderDefinition as definition, type SnsPushProviderInputs } from "./definition";
import { CLEARED_SNS, SNS_PATH, expandSns, expandSnsKeepingSecret, flattenSns, snsResponse, type SnsPatchRequest, type SnsRequest } from "./wire";

const OPERATIONS: Record<WritePurpose, string> = {
  adopt: "set SNS push credentials",
  update: "update SNS push credentials",
  restore: "restore SNS push credentials",
};

/** PUT replaces all five fields; PATCH writes the fields given (the secret key is then kept). */
async function writeSns(context: OperationContext, method: "PUT" | "PATCH", body: SnsRequest | SnsPatchRequest, operation: string) {
  return { ...flattenSns(await context.request(method, SNS_PATH, { operation, schema: snsResponse, body })) };
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { ...flattenSns(await context.request("GET", SNS_PATH, { operation: "get SNS push credentials", schema: snsResponse })) };
  },
  async write(context, wanted, { purpose }) {
    const desired = wanted as SnsPushProviderInputs;
    if (desired.awsSecretAccessKey === undefined) return writeSns(context, "PATCH", expandSnsKeepingSecret(desired), OPERATIONS[purpose]);
    return writeSns(context, "PUT", expandSns(desired), OPERATIONS[purpose]);
  },
  async clear(context) {
    await writeSns(context, "PUT", CLEARED_SNS, "clear SNS push credentials");
  },
  texts: {
    secretReplaced: (named) =>
      `${named} was removed from the stack; the tenant keeps the SNS configuration the stack set: its secret key replaced the one ` +
      "the tenant had, which cannot be put back. Restore it in the service's dashboard if you need the previous key.",
    refused: (named) =>
      `${named} was removed from the stack, but the tenant keeps the SNS credentials it set: restore or clear them in the ` +
      "service's dashboard (the push-notification factor's Amazon SNS settings).",
  },
});
export { remove as delete };
