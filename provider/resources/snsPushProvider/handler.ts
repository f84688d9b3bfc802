/**
 * Host side of SnsPushProvider: the tenant's one SNS configuration, id the tenant's domain. Create reads it first and
 * records it: given the secret key, it PUTs all five fields (a secret cannot be compared: it is sent once); without
 * it, it adopts the configuration the tenant holds, PATCHing the four other fields only where they differ, and nothing
 * when none does. An update PUTs (or, without the key, PATCHes the other four); refresh is one GET. Delete puts back
 * what create found — its four fields, keeping the key, or clears all five if it found none — after reading the
 * tenant, with no write when it holds them already, and leaves the configuration as it is when the stack sent a key it cannot take back.
 */
import type { OperationContext } from "../common/operationContext";
import { defineHandler } from "../common/defineHandler";
import { differingInputs } from "../common/diff";
import { reportRefusedClear } from "../common/pushCredentials";
import { snsPushProviderDefinition as definition, type SnsPushProviderInputs } from "./definition";
import {
  CLEARED_SNS,
  SNS_PATH,
  expandSns,
  expandRecordedSns,
  expandSnsKeepingSecret,
  flattenSns,
  snsResponse,
  type FlattenedSns,
  type SnsPatchRequest,
  type SnsRequest,
} from "./wire";

/** Inputs where the secret key may be left out (the tenant keeps its own). */
type DesiredSns = Omit<SnsPushProviderInputs, "awsSecretAccessKey"> & { awsSecretAccessKey?: string };

/** PUT replaces all five fields; PATCH writes the fields given (the secret key is then kept). */
async function writeSns(context: OperationContext, method: "PUT" | "PATCH", body: SnsRequest | SnsPatchRequest, operation: string): Promise<FlattenedSns> {
  return flattenSns(await context.request(method, SNS_PATH, { operation, schema: snsResponse, body }));
}

async function readSns(context: OperationContext): Promise<FlattenedSns> {
  return flattenSns(await context.request("GET", SNS_PATH, { operation: "get SNS push credentials", schema: snsResponse }));
}

/** Whether the tenant holds a configuration: the fields that identify one are set. */
const configured = (live: FlattenedSns): boolean => live.awsAccessKeyId !== null && live.awsRegion !== null;

/** The desired configuration written: all five with the key, else the four others where they differ from `live`. */
async function writeDesired(context: OperationContext, desired: DesiredSns, live: FlattenedSns, operation: string): Promise<FlattenedSns> {
  const { awsSecretAccessKey } = desired;
  if (awsSecretAccessKey !== undefined) return writeSns(context, "PUT", expandSns({ ...desired, awsSecretAccessKey }), operation);
  if (differingInputs(definition, { ...live }, { ...desired }).length === 0) return live;
  return writeSns(context, "PATCH", expandSnsKeepingSecret(desired), operation);
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired: DesiredSns, context) {
    const found = await readSns(context);
    if (desired.awsSecretAccessKey === undefined && !configured(found)) {
      throw new Error(
        `${context.what}: the tenant has no SNS configuration to adopt, so awsSecretAccessKey is needed. Set it in the ` +
          "program, as a secret; nothing was changed.",
      );
    }
    const live = await writeDesired(context, desired, found, "set SNS push credentials");
    return { id: await context.tenantDomain(), outputs: { ...live, awsSecretAccessKey: desired.awsSecretAccessKey, previousConfiguration: found } };
  },

  async read(id, stored, context) {
    return { id, outputs: { ...(await readSns(context)), awsSecretAccessKey: stored?.awsSecretAccessKey, previousConfiguration: stored?.previousConfiguration ?? null } };
  },

  /** The tenant's configuration, if it has one (a key id and a region). */
  async list(context) {
    const live = await readSns(context);
    return configured(live) ? [{ id: await context.tenantDomain(), outputs: { ...live, previousConfiguration: null } }] : [];
  },

  async update(_id, stored, desired: DesiredSns, context) {
    const { awsSecretAccessKey } = desired;
    const live =
      awsSecretAccessKey === undefined
        ? await writeSns(context, "PATCH", expandSnsKeepingSecret(desired), "update SNS push credentials")
        : await writeSns(context, "PUT", expandSns({ ...desired, awsSecretAccessKey }), "update SNS push credentials");
    return { ...live, awsSecretAccessKey, previousConfiguration: stored.previousConfiguration };
  },

  async delete(_id, stored, context) {
    const found = stored.previousConfiguration;
    // Nothing recorded (after get or import): the configuration stays as it is.
    if (!found) return;
    const restoring = configured(found);
    if (restoring && stored.awsSecretAccessKey !== undefined) {
      await context.warn(
        `${context.named} was removed from the stack; the tenant keeps the SNS configuration the stack set: its ` +
          "secret key replaced the one the tenant had, which cannot be put back. Restore it in the service's dashboard " +
          "if you need the previous key.",
      );
      return;
    }
    // Decided by the tenant, not the state: a change made by hand since the last refresh is put back too.
    if (restoring && differingInputs(definition, { ...(await readSns(context)) }, { ...found }).length === 0) return;
    try {
      if (restoring) await writeSns(context, "PATCH", expandRecordedSns(found), "restore SNS push credentials");
      else await writeSns(context, "PUT", CLEARED_SNS, "clear SNS push credentials");
    } catch (error) {
      await reportRefusedClear(
        context,
        error,
        `${context.named} was removed from the stack, but the tenant keeps the SNS credentials it set: restore or clear ` +
          "them in the service's dashboard (the push-notification factor's Amazon SNS settings).",
      );
    }
  },
});
export { remove as delete };
