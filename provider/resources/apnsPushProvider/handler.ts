/**
 * Host side of ApnsPushProvider: the tenant's one APNs configuration, id the tenant's domain. The service's PUT
 * replaces the whole configuration, so create and every update given the certificate PUT it; an update without it
 * (an imported one, say) PATCHes the bundle id and sandbox flag, keeping the tenant's; refresh is one GET; delete
 * makes no call (no API clears the certificate).
 */
import { showNotice } from "../../client/log";
import type { Call } from "../common/call";
import { defineHandler } from "../common/defineHandler";
import { apnsPushProviderDefinition as definition, type ApnsPushProviderInputs } from "./definition";
import { APNS_PATH, apnsResponse, expandApns, expandApnsKeepingCertificate, flattenApns, type FlattenedApns } from "./wire";

/** Inputs of an update, where the certificate may be left out (kept as the tenant holds it). */
type DesiredApns = Omit<ApnsPushProviderInputs, "p12"> & { p12?: string };

/** PUT (the whole configuration) when the certificate is given, else PATCH without it (the tenant keeps its own). */
async function writeApns(call: Call, desired: DesiredApns, operation: string): Promise<FlattenedApns> {
  const { p12 } = desired;
  const response = await call.request(p12 === undefined ? "PATCH" : "PUT", APNS_PATH, {
    operation,
    schema: apnsResponse,
    body: p12 === undefined ? expandApnsKeepingCertificate(desired) : expandApns({ ...desired, p12 }),
  });
  return flattenApns(response);
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired, call) {
    const live = await writeApns(call, desired, "set APNs push credentials");
    return { id: await call.tenantDomain(), outputs: { ...live, p12: desired.p12 } };
  },

  async read(id, stored, call) {
    const response = await call.request("GET", APNS_PATH, { operation: "get APNs push credentials", schema: apnsResponse });
    return { id, outputs: { ...flattenApns(response), p12: stored?.p12 } };
  },

  /** The tenant's configuration, if it has one (a bundle id). */
  async list(call) {
    const live = flattenApns(await call.request("GET", APNS_PATH, { operation: "get APNs push credentials", schema: apnsResponse }));
    return live.bundleId !== null ? [{ id: await call.tenantDomain(), outputs: live }] : [];
  },

  async update(_id, _stored, desired: DesiredApns, call) {
    return { ...(await writeApns(call, desired, "update APNs push credentials")), p12: desired.p12 };
  },

  /** No API clears the certificate: the resource leaves the stack, the certificate stays on the tenant. */
  async delete(id, _stored, call) {
    await call.connection();
    showNotice(
      `${call.what} "${id}" was removed from the stack; the APNs certificate stays on the tenant (no API removes it). ` +
        "Remove it in the service's dashboard (the push-notification factor's Apple settings) if it is no longer wanted.",
    );
  },
});
export { remove as delete };
