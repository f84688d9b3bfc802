/**
 * Wire shapes of the MFA policy (a bare JSON array of at most one policy) and the translations. The only place
 * that maps API ↔ outputs: the API's `[]` is `"never"`.
 */
import { z } from "zod";
import type { MfaPolicyName } from "../enums.generated";

export const POLICIES_PATH = "/guardian/policies";

/** Any strings are kept, so a policy we do not know still shows as drift. */
export const policiesResponse = z.array(z.string());
export type PoliciesResponse = z.infer<typeof policiesResponse>;

/** The PUT body: `[]` clears, one item sets (the policies are mutually exclusive). */
export const policiesRequest = z.array(z.string()).max(1);
export type PoliciesRequest = z.infer<typeof policiesRequest>;

const NEVER = "never";

export function expandPolicy(policy: MfaPolicyName): PoliciesRequest {
  return policy === NEVER ? [] : [policy];
}

/** `"never"` for `[]`; several items (never recorded) are joined with "," so they differ from any policy. */
export function flattenPolicy(response: PoliciesResponse): string {
  return response.length === 0 ? NEVER : response.join(",");
}
