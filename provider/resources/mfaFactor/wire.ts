/**
 * Wire shapes of the guardian factors (the list, and the PUT of one factor) and their translations. The only
 * place that maps API ↔ outputs (`trial_expired` ↔ `trialExpired`).
 */
import { z } from "zod";

export const FACTORS_PATH = "/guardian/factors";

/** The PUT of one factor, e.g. `/guardian/factors/sms`. */
export function factorPath(factor: string): string {
  return `${FACTORS_PATH}/${encodeURIComponent(factor)}`;
}

/** One item per factor; `trial_expired` is tolerated when absent. Extra fields are dropped. */
export const factorListResponse = z.array(
  z.object({ name: z.string(), enabled: z.boolean(), trial_expired: z.boolean().optional() }),
);
export type FactorListResponse = z.infer<typeof factorListResponse>;

export const factorRequest = z.object({ enabled: z.boolean() });
export type FactorRequest = z.infer<typeof factorRequest>;

/** The PUT answers `{"enabled": …}`. */
export const factorResponse = z.object({ enabled: z.boolean().optional() });
export type FactorResponse = z.infer<typeof factorResponse>;

export interface FactorState {
  enabled: boolean;
  trialExpired: boolean;
}

export function expandFactor(enabled: boolean): FactorRequest {
  return { enabled };
}

/** The named factor from the list, or `undefined` when the list has no such factor. */
export function flattenFactor(list: FactorListResponse, factor: string): FactorState | undefined {
  const item = list.find((candidate) => candidate.name === factor);
  return item === undefined ? undefined : { enabled: item.enabled, trialExpired: item.trial_expired ?? false };
}

/** What the PUT answer says the factor now is; what was sent when it says nothing. */
export function flattenFactorResponse(response: FactorResponse, sent: boolean): boolean {
  return response.enabled ?? sent;
}
