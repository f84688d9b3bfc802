// Adaptive MFA's risk assessment (api-wire §12.1): GET/PATCH of `{enabled}` and of the new-device setting
// `{remember_for}`, each body exactly one required field. No PUT, no DELETE (404), as on the service. A tenant
// without the Adaptive MFA add-on refuses both paths, and a PUT of the `confidence-score` policy (routes/mfa.ts).
import { apiError, ok, type ApiResult } from "../http";
import { REMEMBER_FOR_MAX, REMEMBER_FOR_MIN, type StoredNewDevice, type StoredRiskAssessment } from "../riskAssessment";
import { describeIssue, validate, type ObjectSchema } from "../schema";
import type { EmulatorState } from "../state";
import type { Route } from "./route";

export const RISK_ASSESSMENT_PATH = "/risk-assessments/settings";
export const NEW_DEVICE_PATH = "/risk-assessments/settings/new-device";

const READ = "read:attack_protection";
const UPDATE = "update:attack_protection";

const settingsSchema: ObjectSchema = {
  type: "object",
  required: ["enabled"],
  properties: { enabled: { type: "boolean", description: "Whether or not risk assessment is enabled" } },
};

const newDeviceSchema: ObjectSchema = {
  type: "object",
  required: ["remember_for"],
  properties: {
    remember_for: {
      type: "integer",
      minimum: REMEMBER_FOR_MIN,
      maximum: REMEMBER_FOR_MAX,
      description: "Length of time to remember devices for, in days",
    },
  },
};

/**
 * The 403 of a tenant without the add-on, or undefined when it holds it. `not_entitled` carries the body recorded on
 * the service (auth0/terraform-provider-auth0#1732); `insufficient_entitlement` the wording recorded for bot
 * detection ("Please upgrade your subscription to use bot detection") with this feature's name, since no refusal on
 * these paths was ever recorded.
 */
export function adaptiveMfaRefusal(state: EmulatorState): ApiResult | undefined {
  switch (state.riskAssessment.entitlement) {
    case "entitled":
      return undefined;
    case "not_entitled":
      return apiError(403, "The requestor is not entitled to perform this operation.", "not_entitled");
    case "insufficient_entitlement":
      return apiError(403, "Please upgrade your subscription to use Adaptive MFA", "insufficient_entitlement");
  }
}

/**
 * GET and PATCH of one setting. Both are refused without the add-on (the PATCH whatever its body); a PATCH is then
 * validated, stored whole (its one field is required) and answered with what it set.
 */
function settingRoutes<Stored extends object>(
  path: string,
  schema: ObjectSchema,
  stored: (state: EmulatorState) => Stored,
  store: (state: EmulatorState, value: Stored) => void,
): Route[] {
  return [
    { method: "GET", path, scope: READ, handle: ({ state }) => adaptiveMfaRefusal(state) ?? ok({ ...stored(state) }) },
    {
      method: "PATCH",
      path,
      scope: UPDATE,
      body: "json",
      handle: ({ state, body }) => {
        const refusal = adaptiveMfaRefusal(state);
        if (refusal) return refusal;
        const issue = validate(body, schema);
        if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
        store(state, { ...(body as Stored) });
        return ok({ ...stored(state) });
      },
    },
  ];
}

export const riskAssessmentRoutes: Route[] = [
  ...settingRoutes<StoredRiskAssessment>(
    RISK_ASSESSMENT_PATH,
    settingsSchema,
    (state) => state.riskAssessment.settings,
    (state, value) => void (state.riskAssessment.settings = value),
  ),
  ...settingRoutes<StoredNewDevice>(
    NEW_DEVICE_PATH,
    newDeviceSchema,
    (state) => state.riskAssessment.newDevice,
    (state, value) => void (state.riskAssessment.newDevice = value),
  ),
];
