// The push-notification factor's provider credentials: Amazon SNS, APNs and FCM v1. Each is one per tenant.
// The stored records keep the secrets (AWS secret key, APNs certificate, FCM service account) so tests can
// check what a client sent; what the API returns of each is decided by the routes (routes/pushCredentials.ts).

export interface StoredSns {
  aws_access_key_id: string | null;
  aws_secret_access_key: string | null;
  aws_region: string | null;
  sns_apns_platform_application_arn: string | null;
  sns_gcm_platform_application_arn: string | null;
}

export interface StoredApns {
  bundle_id: string | null;
  sandbox: boolean;
  /** The base64 PKCS#12 certificate; never returned. */
  p12: string | null;
}

export interface StoredFcmV1 {
  /** The service-account JSON as sent (the service does not check it is JSON); never returned, no GET. */
  server_credentials: string | null;
}

export const SNS_FIELDS = [
  "aws_access_key_id",
  "aws_secret_access_key",
  "aws_region",
  "sns_apns_platform_application_arn",
  "sns_gcm_platform_application_arn",
] as const satisfies readonly (keyof StoredSns)[];

const emptySns = (): StoredSns => ({
  aws_access_key_id: null,
  aws_secret_access_key: null,
  aws_region: null,
  sns_apns_platform_application_arn: null,
  sns_gcm_platform_application_arn: null,
});
const emptyApns = (): StoredApns => ({ bundle_id: null, sandbox: false, p12: null });
const emptyFcmV1 = (): StoredFcmV1 => ({ server_credentials: null });

export class PushCredentials {
  sns: StoredSns = emptySns();
  apns: StoredApns = emptyApns();
  fcmv1: StoredFcmV1 = emptyFcmV1();

  /** A fresh tenant: nothing configured. */
  clear(): void {
    this.sns = emptySns();
    this.apns = emptyApns();
    this.fcmv1 = emptyFcmV1();
  }

  /** For /__emulator/state: what is set, each secret only as whether one is held. */
  snapshot(): Record<string, unknown> {
    const { aws_secret_access_key, ...sns } = this.sns;
    return {
      sns: { ...sns, has_aws_secret_access_key: aws_secret_access_key !== null },
      apns: { bundle_id: this.apns.bundle_id, sandbox: this.apns.sandbox, has_p12: this.apns.p12 !== null },
      fcmv1: { has_server_credentials: this.fcmv1.server_credentials !== null },
    };
  }
}
