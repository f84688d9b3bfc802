/**
 * Host side of MfaPolicy: a tenant setting (common/setting.ts), one GET or PUT of the policy list per call.
 */
import { defineHandler } from "../common/defineHandler";
import { settingCalls } from "../common/setting";
import { isMfaPolicyName, type MfaPolicyName } from "../enums.generated";
import { mfaPolicyDefinition as definition } from "./definition";
import { POLICIES_PATH, expandPolicy, flattenPolicy, policiesResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(
  definition,
  settingCalls(definition, {
    value: "policy",
    recordedAs: "previousPolicy",
    async read(context) {
      const response = await context.request("GET", POLICIES_PATH, { operation: "get MFA policy", schema: policiesResponse });
      return { policy: flattenPolicy(response) };
    },
    async write(context, policy: MfaPolicyName) {
      const response = await context.request("PUT", POLICIES_PATH, { operation: "set MFA policy", schema: policiesResponse, body: expandPolicy(policy) });
      return { policy: flattenPolicy(response) };
    },
    restorable: isMfaPolicyName,
  }),
);
export { remove as delete };
