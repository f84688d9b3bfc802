/**
 * Host side of ApnsPushProvider: the tenant's one APNs configuration, id the tenant's domain. Create reads it first and
 * records it: given the certificate it PUTs the whole configuration (a secret cannot be compared: it is sent once);
 * without it, it adopts the configuration the tenant holds, PATCHing the bundle id and sandbox flag only where they
 * differ. Refresh is one GET. No API clears a certificate, so delete puts back the recorded bundle id and sandbox flag
 * when the stack sent no certificate (reading the tenant first: no write when it holds them), and otherwise leaves the configuration as it is and says so.
 */
import type { OperationContext } from "../common/operationContext";
import { defineHandler } from "../common/defineHandler";
import { differingInputs } from "../common/diff";
import { apnsPushProviderDefinition as definition, type ApnsPushProviderInputs } from "./definition";
import { APNS_PATH, apnsResponse, expandApns, expandApnsKeepingCertificate, flattenApns, type FlattenedApns } from "./wire";

/** Inputs where the certificate may be left out (kept as the tenant holds it). */
type DesiredApns = Omit<ApnsPushProviderInputs, "p12"> & { p12?: string };

/** PUT (the whole configuration) when the certificate is given, else PATCH without it (the tenant keeps its own). */
async function writeApns(context: OperationContext, desired: DesiredApns, operation: string): Promise<FlattenedApns> {
  const { p12 } = desired;
  const response = await context.request(p12 === undefined ? "PATCH" : "PUT", APNS_PATH, {
    operation,
    schema: apnsResponse,
    body: p12 === undefined ? expandApnsKeepingCertificate(desired) : expandApns({ ...desired, p12 }),
  });
  return flattenApns(response);
}

async function readApns(context: OperationContext): Promise<FlattenedApns> {
  return flattenApns(await context.request("GET", APNS_PATH, { operation: "get APNs push credentials", schema: apnsResponse }));
}

/** Whether the tenant holds a configuration: its bundle id is set. */
const configured = (live: FlattenedApns): boolean => live.bundleId !== null;

/** What stays on the tenant when destroy cannot put back what create found. */
function leftAsItIs(context: OperationContext, why: string): Promise<void> {
  return context.warn(
    `${context.named} was removed from the stack; the APNs configuration stays on the tenant as the stack left it: ${why}. ` +
      "Change it in the service's dashboard (the push-notification factor's Apple settings) if it is no longer wanted.",
  );
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired: DesiredApns, context) {
    const found = await readApns(context);
    if (desired.p12 === undefined && !configured(found)) {
      throw new Error(
        `${context.what}: the tenant has no APNs configuration to adopt, so p12 (the certificate) is needed. Set it in the ` +
          "program, as a secret; nothing was changed.",
      );
    }
    const unchanged = desired.p12 === undefined && differingInputs(definition, { ...found }, { ...desired }).length === 0;
    const live = unchanged ? found : await writeApns(context, desired, "set APNs push credentials");
    return { id: await context.tenantDomain(), outputs: { ...live, p12: desired.p12, previousConfiguration: found } };
  },

  async read(id, stored, context) {
    return { id, outputs: { ...(await readApns(context)), p12: stored?.p12, previousConfiguration: stored?.previousConfiguration ?? null } };
  },

  /** The tenant's configuration, if it has one (a bundle id). */
  async list(context) {
    const live = await readApns(context);
    return configured(live) ? [{ id: await context.tenantDomain(), outputs: { ...live, previousConfiguration: null } }] : [];
  },

  async update(_id, stored, desired: DesiredApns, context) {
    return { ...(await writeApns(context, desired, "update APNs push credentials")), p12: desired.p12, previousConfiguration: stored.previousConfiguration };
  },

  async delete(_id, stored, context) {
    await context.connection();
    const found = stored.previousConfiguration;
    if (!found || !configured(found)) return leftAsItIs(context, "no API removes a certificate");
    if (stored.p12 !== undefined) return leftAsItIs(context, "its certificate replaced the one the tenant had, which cannot be put back");
    // Decided by the tenant, not the state: a change made by hand since the last refresh is put back too.
    if (differingInputs(definition, { ...(await readApns(context)) }, { ...found }).length === 0) return;
    await writeApns(context, { bundleId: found.bundleId ?? "", sandbox: found.sandbox }, "restore APNs push credentials");
  },
});
export { remove as delete };
