/**
 * Host side of RiskAssessmentSettings: a tenant setting (common/settingLifecycle.ts), one GET or PATCH of
 * `/risk-assessments/settings` per request.
 */
import { defineHandler } from "../common/defineHandler";
import { riskAssessmentSettingsDefinition as definition } from "./definition";
import { RISK_ASSESSMENT_PATH, expandRiskAssessment, flattenRiskAssessment, riskAssessmentResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return flattenRiskAssessment(await context.request("GET", RISK_ASSESSMENT_PATH, { operation: "get risk assessment settings", schema: riskAssessmentResponse }));
  },
  async write(context, { enabled }) {
    const body = expandRiskAssessment(enabled === true);
    return flattenRiskAssessment(
      await context.request("PATCH", RISK_ASSESSMENT_PATH, { operation: "set risk assessment settings", schema: riskAssessmentResponse, body }),
    );
  },
});
export { remove as delete };
