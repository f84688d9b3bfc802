/**
 * What the push-notification credential resources (SNS, APNs, FCM v1) share: each is one per tenant, so its id
 * is the tenant's domain (with its port, if any), and none can be deleted through the API.
 */
import { ApiError } from "../../client/errors";
import { showNotice } from "../../client/log";
import { tenantConnection, type TenantConnection } from "../tenantConnection";
import { isReadForGet } from "./get";
import { assertSameTenant, singletonGetError } from "./tenantGuard";

/**
 * The connection for a call on the resource with this id: a `.get`/import of another id is not found, and a
 * resource of another tenant than the configured one is refused before any call.
 */
export async function connectionForId(what: string, noun: string, id: string, props: unknown): Promise<TenantConnection> {
  const connection = await tenantConnection();
  if (isReadForGet(props)) {
    const notFound = singletonGetError(what, noun, id, connection);
    if (notFound) throw notFound;
  }
  assertSameTenant(what, id, id, connection);
  return connection;
}

/**
 * A delete that the service answered with a refusal (4xx other than 429, which the client already waited out)
 * is reported and the destroy goes on: the resource leaves the stack either way, and the user is told what
 * stays on the tenant. Anything else (no answer, 5xx after retries, settings) still fails the delete.
 */
export function reportRefusedClear(error: unknown, whatStays: string): void {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 429) throw error;
  // The client already took every secret the call knew out of this message.
  showNotice(`warning: ${error.message}. ${whatStays}`);
}
