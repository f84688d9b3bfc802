// MFA settings beyond the contract: the guardian factors, the MFA policy and the phone factor's message types.
// Unknown factor names and values are answered with path/payload validation errors: nothing was recorded for
// them, so these answers are the emulator's own choice (see the README). A PUT of `confidence-score` is Adaptive MFA's
// (routes/riskAssessment.ts).
import { apiError, ok } from "../http";
import { describeIssue, validate, type ArraySchema, type ObjectSchema, type StringSchema } from "../schema";
import { MFA_FACTORS, MFA_POLICIES, PHONE_MESSAGE_TYPES, type MfaFactorName, type MfaPolicyName, type PhoneMessageType } from "../mfaState";
import type { Route } from "./route";
import { adaptiveMfaRefusal } from "./riskAssessment";

const FACTORS_PATH = "/guardian/factors";
const POLICIES_PATH = "/guardian/policies";
const MESSAGE_TYPES_PATH = "/guardian/factors/phone/message-types";

const factorNameSchema: StringSchema = { type: "string", enum: MFA_FACTORS, description: "Factor name" };

const factorSchema: ObjectSchema = {
  type: "object",
  required: ["enabled"],
  properties: { enabled: { type: "boolean", description: "Whether this factor is enabled (true) or disabled (false)" } },
};

const policiesSchema: ArraySchema = {
  type: "array",
  maxItems: 1,
  items: { type: "string", enum: MFA_POLICIES, description: "The MFA policy" },
};

const messageTypesSchema: ObjectSchema = {
  type: "object",
  required: ["message_types"],
  properties: {
    message_types: {
      type: "array",
      uniqueItems: true,
      items: { type: "string", enum: PHONE_MESSAGE_TYPES, description: "The message type" },
      description: "The list of phone factors to enable on the tenant",
    },
  },
};

const invalidBody = (message: string) => apiError(400, message, "invalid_body");

export const mfaRoutes: Route[] = [
  {
    method: "GET",
    path: FACTORS_PATH,
    scope: "read:guardian_factors",
    handle: ({ state }) => ok(state.mfa.factorList()),
  },
  {
    method: "PUT",
    path: `${FACTORS_PATH}/:name`,
    scope: "update:guardian_factors",
    body: "json",
    handle: ({ state, params, body }) => {
      const nameIssue = validate(params.name, factorNameSchema, "name");
      if (nameIssue) return apiError(400, describeIssue("Path", nameIssue), "invalid_uri");
      const issue = validate(body, factorSchema);
      if (issue) return invalidBody(describeIssue("Payload", issue));
      const factor = state.mfa.factors.get(params.name as MfaFactorName);
      if (!factor) return apiError(500, "Internal Server Error");
      factor.enabled = (body as { enabled: boolean }).enabled;
      return ok({ enabled: factor.enabled });
    },
  },
  {
    method: "GET",
    path: POLICIES_PATH,
    scope: "read:mfa_policies",
    handle: ({ state }) => ok([...state.mfa.policies]),
  },
  {
    method: "PUT",
    path: POLICIES_PATH,
    scope: "update:mfa_policies",
    body: "json",
    handle: ({ state, body }) => {
      const issue = validate(body, policiesSchema);
      if (issue) return invalidBody(describeIssue("Payload", issue));
      const policies = body as MfaPolicyName[];
      // confidence-score is Adaptive MFA: refused without the add-on, and (a user's report) it turns risk assessment on.
      const adaptive = policies.includes("confidence-score");
      const refusal = adaptive ? adaptiveMfaRefusal(state) : undefined;
      if (refusal) return refusal;
      state.mfa.policies = [...policies];
      if (adaptive) state.riskAssessment.confidenceScorePolicyApplied();
      return ok([...state.mfa.policies]);
    },
  },
  {
    method: "GET",
    path: MESSAGE_TYPES_PATH,
    scope: "read:guardian_factors",
    handle: ({ state }) => ok({ message_types: [...state.mfa.messageTypes] }),
  },
  {
    method: "PUT",
    path: MESSAGE_TYPES_PATH,
    scope: "update:guardian_factors",
    body: "json",
    handle: ({ state, body }) => {
      const issue = validate(body, messageTypesSchema);
      if (issue) return invalidBody(describeIssue("Payload", issue));
      state.mfa.messageTypes = [...(body as { message_types: PhoneMessageType[] }).message_types];
      return ok({ message_types: [...state.mfa.messageTypes] });
    },
  },
];
