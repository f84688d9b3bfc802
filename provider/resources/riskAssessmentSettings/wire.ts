/**
 * Risk assessment's switch on the wire (`/risk-assessments/settings`, one field, `enabled`) and the translations. The
 * only place that maps it. There is no DELETE and no PUT: a PATCH of its one required field sets it.
 */
import { z } from "zod";

export const RISK_ASSESSMENT_PATH = "/risk-assessments/settings";

/** The GET's and the PATCH's answer. */
export const riskAssessmentResponse = z.object({ enabled: z.boolean() });
export type RiskAssessmentResponse = z.infer<typeof riskAssessmentResponse>;
export type RiskAssessmentRequest = RiskAssessmentResponse;

export function expandRiskAssessment(enabled: boolean): RiskAssessmentRequest {
  return { enabled };
}

export function flattenRiskAssessment(response: RiskAssessmentResponse): { enabled: boolean } {
  return { enabled: response.enabled };
}
