/**
 * Host side of ApnsPushProvider: the tenant's one APNs configuration, a tenant setting (common/settingLifecycle.ts)
 * whose certificate the service never returns. A write given the certificate PUTs the whole configuration; one without
 * it PATCHes the bundle id and sandbox flag, keeping the tenant's certificate. No API clears a certificate, so what
 * destroy cannot put back stays on the tenant, and destroy says so.
 */
import { defineHandler } from "../common/defineHandler";
import type { WritePurpose } from "../common/adoption";
import { apnsPushProviderDefinition as definition, type ApnsPushProviderInputs } from "./definition";
import { APNS_PATH, apnsResponse, expandApns, expandApnsKeepingCertificate, flattenApns } from "./wire";

const OPERATIONS: Record<WritePurpose, string> = {
  adopt: "set APNs push credentials",
  update: "update APNs push credentials",
  restore: "restore APNs push credentials",
};

/** What stays on the tenant when destroy cannot put back what create found. */
const leftAsItIs = (named: string, why: string): string =>
  `${named} was removed from the stack; the APNs configuration stays on the tenant as the stack left it: ${why}. ` +
  "Change it in the service's dashboard (the push-notification factor's Apple settings) if it is no longer wanted.";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { ...flattenApns(await context.request("GET", APNS_PATH, { operation: "get APNs push credentials", schema: apnsResponse })) };
  },
  async write(context, wanted, { purpose }) {
    const desired = wanted as ApnsPushProviderInputs;
    const { p12 } = desired;
    const response = await context.request(p12 === undefined ? "PATCH" : "PUT", APNS_PATH, {
      operation: OPERATIONS[purpose],
      schema: apnsResponse,
      body: p12 === undefined ? expandApnsKeepingCertificate(desired) : expandApns(desired),
    });
    return { ...flattenApns(response) };
  },
  texts: {
    secretNamed: "p12 (the certificate)",
    secretReplaced: (named) => leftAsItIs(named, "its certificate replaced the one the tenant had, which cannot be put back"),
    noneFound: (named) => leftAsItIs(named, "no API removes a certificate"),
  },
});
export { remove as delete };
