/**
 * Host side of FcmPushProvider: the tenant's one FCM v1 service account, id the tenant's domain. Create and
 * update PUT it; the service cannot read it back, so refresh makes no call and keeps the state; delete makes no
 * call (no API clears it).
 */
import type { OperationContext } from "../common/operationContext";
import { defineHandler } from "../common/defineHandler";
import { fcmPushProviderDefinition as definition, type FcmPushProviderInputs } from "./definition";
import { FCMV1_PATH, expandFcmV1, fcmV1Response } from "./wire";

async function writeFcmV1(context: OperationContext, desired: FcmPushProviderInputs, operation: string): Promise<void> {
  await context.request("PUT", FCMV1_PATH, { operation, schema: fcmV1Response, body: expandFcmV1(desired) });
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired, context) {
    await writeFcmV1(context, desired, "set FCM v1 push credentials");
    return { id: await context.tenantDomain(), outputs: { serverCredentials: desired.serverCredentials } };
  },

  async update(_id, _stored, desired, context) {
    await writeFcmV1(context, desired, "update FCM v1 push credentials");
    return { serverCredentials: desired.serverCredentials };
  },

  /** No API clears the service account: the resource leaves the stack, the credentials stay on the tenant. */
  async delete(_id, _stored, context) {
    await context.connection();
    await context.warn(
      `${context.named} was removed from the stack; the FCM v1 service account stays on the tenant (no API removes ` +
        "it). Remove it in the service's dashboard (the push-notification factor's Android settings) if it is no " +
        "longer wanted, and revoke its key in Google Cloud.",
    );
  },
});
export { remove as delete };
