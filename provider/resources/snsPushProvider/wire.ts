/**
 * The SNS credentials on the wire (snake_case) and the two translations: `expand` (checked inputs → request
 * body) and `flatten` (response → outputs). The only place that maps camelCase ↔ snake_case.
 */
import { z } from "zod";
import type { SnsPushProviderInputs } from "./definition";

export const SNS_PATH = "/guardian/factors/push-notification/providers/sns";

/**
 * The GET's and the PUT's answer (each field `string | null` in the docs; a missing one reads as unset). The PUT's
 * answer echoes `aws_secret_access_key`: the client drops it on arrival, as every write-only secret field.
 */
export const snsResponse = z.object({
  aws_access_key_id: z.string().nullish(),
  aws_region: z.string().nullish(),
  sns_apns_platform_application_arn: z.string().nullish(),
  sns_gcm_platform_application_arn: z.string().nullish(),
});
export type SnsResponse = z.infer<typeof snsResponse>;

/** The body of the PUT: always all five fields, so nothing the tenant held before survives. */
export const snsRequest = z.object({
  aws_access_key_id: z.string().nullable(),
  aws_secret_access_key: z.string().nullable(),
  aws_region: z.string().nullable(),
  sns_apns_platform_application_arn: z.string().nullable(),
  sns_gcm_platform_application_arn: z.string().nullable(),
});
export type SnsRequest = z.infer<typeof snsRequest>;

/** The body of a PATCH that keeps the secret key the tenant holds: the four other fields, which it replaces. */
export type SnsPatchRequest = Omit<SnsRequest, "aws_secret_access_key">;

/** A platform ARN left out (or recorded as unset) is sent as `null`, clearing what the tenant holds. */
export function expandSnsKeepingSecret(inputs: Omit<SnsPushProviderInputs, "awsSecretAccessKey">): SnsPatchRequest {
  return {
    aws_access_key_id: inputs.awsAccessKeyId,
    aws_region: inputs.awsRegion,
    sns_apns_platform_application_arn: inputs.snsApnsPlatformApplicationArn ?? null,
    sns_gcm_platform_application_arn: inputs.snsGcmPlatformApplicationArn ?? null,
  };
}

export function expandSns(inputs: SnsPushProviderInputs): SnsRequest {
  return { ...expandSnsKeepingSecret(inputs), aws_secret_access_key: inputs.awsSecretAccessKey };
}

/** Delete: the API has no DELETE, and documents every field as nullable. */
export const CLEARED_SNS: SnsRequest = {
  aws_access_key_id: null,
  aws_secret_access_key: null,
  aws_region: null,
  sns_apns_platform_application_arn: null,
  sns_gcm_platform_application_arn: null,
};

export interface FlattenedSns {
  awsAccessKeyId: string | null;
  awsRegion: string | null;
  snsApnsPlatformApplicationArn: string | null;
  snsGcmPlatformApplicationArn: string | null;
}

export function flattenSns(response: SnsResponse): FlattenedSns {
  return {
    awsAccessKeyId: response.aws_access_key_id ?? null,
    awsRegion: response.aws_region ?? null,
    snsApnsPlatformApplicationArn: response.sns_apns_platform_application_arn ?? null,
    snsGcmPlatformApplicationArn: response.sns_gcm_platform_application_arn ?? null,
  };
}
