// Operation 1 and its GET: the tenant's selected push-notification provider (a singleton).
import { apiError, ok } from "../http";
import { describeIssue, validate, type ObjectSchema } from "../schema";
import type { PushProviderName } from "../state";
import type { Route } from "./route";

const PATH = "/guardian/factors/push-notification/selected-provider";

const selectionSchema: ObjectSchema = {
  type: "object",
  required: ["provider"],
  properties: {
    provider: { type: "string", enum: ["guardian", "sns", "direct"], description: "Push notification provider" },
  },
};

export const pushProviderRoutes: Route[] = [
  {
    method: "GET",
    path: PATH,
    scope: "read:guardian_factors",
    handle: ({ state }) => ok({ provider: state.pushProvider }),
  },
  {
    method: "PUT",
    path: PATH,
    scope: "update:guardian_factors",
    body: "json-or-form",
    handle: ({ state, body }) => {
      const issue = validate(body, selectionSchema);
      if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
      state.pushProvider = (body as { provider: PushProviderName }).provider;
      return ok({ provider: state.pushProvider });
    },
  },
];
