/**
 * The service's refusals a caller acts on by their `errorCode`, not their words: a tenant whose plan does not offer
 * what was called (403 `insufficient_entitlement` or `not_entitled`, both seen from this service), and a token that
 * lacks a scope (403 `insufficient_scope`, its message naming the scope). The client never retries a 403; a handler
 * turns the first into one error that says so, and the export command skips a kind it may not read for either.
 */
import { ApiError, RequestError } from "../../client/errors";

const ENTITLEMENT_CODES: ReadonlySet<string> = new Set(["insufficient_entitlement", "not_entitled"]);

/** A call refused because the tenant's plan does not offer it; keeps the service's status and errorCode. */
export class PlanRefusalError extends RequestError {
  constructor(what: string, noun: string, refused: ApiError) {
    super(
      `${what}: the tenant's plan does not offer the ${noun} (the service answered ${refused.status} ${refused.errorCode ?? ""}: ` +
        `${refused.serviceMessage}) [${refused.method} ${refused.path}]. Nothing was changed; it was not retried. Leave the ` +
        "resource out of the program for this tenant, or change the tenant's plan.",
      refused,
      { cause: refused },
    );
    this.name = "PlanRefusalError";
  }
}

/** What kind of refusal an error is: one of a plan, one of a scope, or neither. */
export function refusalKind(error: unknown): "plan" | "scope" | undefined {
  if (!(error instanceof RequestError) || error.status !== 403 || error.errorCode === undefined) return undefined;
  if (ENTITLEMENT_CODES.has(error.errorCode)) return "plan";
  return error.errorCode === "insufficient_scope" ? "scope" : undefined;
}

/** The error a handler raises for `error`: a plan's refusal in words of its own, anything else as it is. */
export function withPlanRefusal(error: unknown, what: string, noun: string): unknown {
  return error instanceof ApiError && refusalKind(error) === "plan" ? new PlanRefusalError(what, noun, error) : error;
}
