/**
 * What the push-notification credential resources (SNS, APNs, FCM v1) share: none can be deleted through the API,
 * so a destroy that the service refuses is reported and the resource leaves the stack anyway.
 */
import { RequestError } from "../../client/errors";
import type { OperationContext } from "./operationContext";

/**
 * A delete that the service answered with a refusal (4xx other than 429, which the client already waited out)
 * is reported as a warning and the destroy goes on: the resource leaves the stack either way, and the user is told
 * what stays on the tenant. Anything else (no answer, 5xx after retries, settings) still fails the delete.
 */
export async function reportRefusedClear(context: OperationContext, error: unknown, whatStays: string): Promise<void> {
  // An answer's refusal: the client's ApiError, or the plan's refusal a call makes of it (refusals.ts).
  const status = error instanceof RequestError ? error.status : undefined;
  if (status === undefined || status < 400 || status >= 500 || status === 429) throw error;
  // The client already took every secret the call knew out of this message.
  await context.warn(`${(error as RequestError).message}. ${whatStays}`);
}
