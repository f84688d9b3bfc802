/**
 * Host side of SnsPushProvider: the tenant's one SNS configuration, id the tenant's domain. Create and update PUT
 * all five fields; an update without the secret key (an imported one, say) PATCHes the other four, keeping the key
 * the tenant holds; refresh is one GET; delete PUTs them as null (the API has no DELETE). The write's answer echoes
 * the AWS secret key: the client drops every write-only secret field on arrival, so it reaches nothing.
 */
import type { Call } from "../common/call";
import { defineHandler } from "../common/defineHandler";
import { reportRefusedClear } from "../common/pushCredentials";
import { snsPushProviderDefinition as definition, type SnsPushProviderInputs } from "./definition";
import {
  CLEARED_SNS,
  SNS_PATH,
  expandSns,
  expandSnsKeepingSecret,
  flattenSns,
  snsResponse,
  type FlattenedSns,
  type SnsPatchRequest,
  type SnsRequest,
} from "./wire";

/** PUT replaces all five fields; PATCH writes the fields given (the secret key is then kept). */
async function writeSns(call: Call, method: "PUT" | "PATCH", body: SnsRequest | SnsPatchRequest, operation: string): Promise<FlattenedSns> {
  const response = await call.request(method, SNS_PATH, { operation, schema: snsResponse, body });
  return flattenSns(response);
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired, call) {
    const live = await writeSns(call, "PUT", expandSns(desired), "set SNS push credentials");
    return { id: await call.tenantDomain(), outputs: { ...live, awsSecretAccessKey: desired.awsSecretAccessKey } };
  },

  async read(id, stored, call) {
    const response = await call.request("GET", SNS_PATH, {
      operation: "get SNS push credentials",
      schema: snsResponse,
    });
    return { id, outputs: { ...flattenSns(response), awsSecretAccessKey: stored?.awsSecretAccessKey } };
  },

  /** The tenant's configuration, if it has one (a key id and a region). */
  async list(call) {
    const live = flattenSns(await call.request("GET", SNS_PATH, { operation: "get SNS push credentials", schema: snsResponse }));
    return live.awsAccessKeyId !== null && live.awsRegion !== null ? [{ id: await call.tenantDomain(), outputs: live }] : [];
  },

  async update(_id, _stored, desired: Partial<SnsPushProviderInputs> & Omit<SnsPushProviderInputs, "awsSecretAccessKey">, call) {
    const { awsSecretAccessKey } = desired;
    const live =
      awsSecretAccessKey === undefined
        ? await writeSns(call, "PATCH", expandSnsKeepingSecret(desired), "update SNS push credentials")
        : await writeSns(call, "PUT", expandSns({ ...desired, awsSecretAccessKey }), "update SNS push credentials");
    return { ...live, awsSecretAccessKey };
  },

  async delete(id, _stored, call) {
    try {
      await writeSns(call, "PUT", CLEARED_SNS, "clear SNS push credentials");
    } catch (error) {
      reportRefusedClear(
        error,
        `${call.what} "${id}" was removed from the stack, but the tenant keeps its SNS credentials: clear them in the ` +
          "service's dashboard (the push-notification factor's Amazon SNS settings) or replace them.",
      );
    }
  },
});
export { remove as delete };
