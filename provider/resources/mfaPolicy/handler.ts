/**
 * Host side of MfaPolicy: a tenant setting (common/settingLifecycle.ts), one GET or PUT of the policy list per request,
 * and the risk assessment the `confidence-score` policy turns on, recorded and put back (confidenceScore.ts).
 */
import { defineHandler } from "../common/defineHandler";
import type { MfaPolicyName } from "../enums.generated";
import { confidenceScoreSideEffect } from "./confidenceScore";
import { mfaPolicyDefinition as definition } from "./definition";
import { POLICIES_PATH, expandPolicy, flattenPolicy, policiesResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { policy: flattenPolicy(await context.request("GET", POLICIES_PATH, { operation: "get MFA policy", schema: policiesResponse })) };
  },
  async write(context, { policy }) {
    const body = expandPolicy(policy as MfaPolicyName);
    return { policy: flattenPolicy(await context.request("PUT", POLICIES_PATH, { operation: "set MFA policy", schema: policiesResponse, body })) };
  },
  sideEffect: confidenceScoreSideEffect,
});
export { remove as delete };
