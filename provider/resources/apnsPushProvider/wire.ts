/**
 * The APNs credentials on the wire (snake_case) and the two translations: `expand` (checked inputs → request
 * body) and `flatten` (response → outputs). The only place that maps camelCase ↔ snake_case.
 */
import { z } from "zod";
import type { ApnsPushProviderInputs } from "./definition";

export const APNS_PATH = "/guardian/factors/push-notification/providers/apns";

/**
 * The GET's and the PUT's answer. The GET's `enabled` is undocumented and absent from the PUT's answer: left out
 * (the certificate is never returned).
 */
export const apnsResponse = z.object({
  bundle_id: z.string().nullish(),
  sandbox: z.boolean().nullish(),
});
export type ApnsResponse = z.infer<typeof apnsResponse>;

/** The body of the PUT, which replaces the whole configuration: the certificate is always sent. */
export const apnsRequest = z.object({ sandbox: z.boolean(), bundle_id: z.string(), p12: z.string() });
export type ApnsRequest = z.infer<typeof apnsRequest>;

/** The body of a PATCH that keeps the certificate the tenant holds: the bundle id and the sandbox flag. */
export type ApnsPatchRequest = Omit<ApnsRequest, "p12">;

export function expandApnsKeepingCertificate(inputs: Omit<ApnsPushProviderInputs, "p12">): ApnsPatchRequest {
  return { sandbox: inputs.sandbox, bundle_id: inputs.bundleId };
}

export function expandApns(inputs: ApnsPushProviderInputs): ApnsRequest {
  return { ...expandApnsKeepingCertificate(inputs), p12: inputs.p12 };
}

export interface FlattenedApns {
  bundleId: string | null;
  sandbox: boolean;
}

export function flattenApns(response: ApnsResponse): FlattenedApns {
  return { bundleId: response.bundle_id ?? null, sandbox: response.sandbox ?? false };
}
