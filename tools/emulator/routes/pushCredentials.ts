// The push-notification factor's provider credentials: SNS, APNs and FCM v1. None has a DELETE.
//   SNS:    GET (no secret in it), PUT (the whole configuration; fields left out become null) and PATCH (the
//           fields given); both answer all five fields, the AWS secret key included, as the service does.
//   APNs:   GET {bundle_id, sandbox, enabled}, PUT (the whole configuration) and PATCH; both answer
//           {sandbox, bundle_id}; the certificate is never returned.
//   FCM v1: PUT and PATCH answer {}; there is no GET (the service cannot read it back).
import { apiError, ok, type ApiResult } from "../http";
import { SNS_FIELDS, type StoredApns, type StoredFcmV1, type StoredSns } from "../pushCredentials";
import { describeIssue, validate, type ObjectSchema, type StringSchema } from "../schema";
import type { EmulatorState } from "../state";
import type { Route } from "./route";

const PROVIDERS = "/guardian/factors/push-notification/providers";
export const SNS_PATH = `${PROVIDERS}/sns`;
export const APNS_PATH = `${PROVIDERS}/apns`;
export const FCMV1_PATH = `${PROVIDERS}/fcmv1`;

const nullableText = (description: string, maxLength: number): StringSchema => ({
  type: "string",
  nullable: true,
  minLength: 1,
  maxLength,
  description,
});

const snsSchema: ObjectSchema = {
  type: "object",
  properties: {
    aws_access_key_id: nullableText("AWS Access Key ID", 1000),
    aws_secret_access_key: nullableText("AWS Secret Access Key", 1000),
    aws_region: nullableText("AWS Region", 1000),
    sns_apns_platform_application_arn: nullableText("SNS APNS Platform Application ARN", 1000),
    sns_gcm_platform_application_arn: nullableText("SNS GCM Platform Application ARN", 1000),
  },
};

const apnsSchema: ObjectSchema = {
  type: "object",
  properties: {
    sandbox: { type: "boolean", description: "Whether the APNs sandbox is used" },
    bundle_id: nullableText("The application's bundle id", 1000),
    p12: nullableText("The base64-encoded PKCS#12 certificate", 10_000),
  },
};

const fcmV1Schema: ObjectSchema = {
  type: "object",
  properties: { server_credentials: nullableText("The FCM v1 service account JSON", 10_000) },
};

type Body = Record<string, unknown>;

/** Validates the body, then applies it; a rejected request changes nothing. */
function validated(body: unknown, schema: ObjectSchema, apply: (body: Body) => ApiResult): ApiResult {
  const issue = validate(body, schema);
  if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
  return apply(body as Body);
}

/** The GET's view: every field but the secret. */
function snsView(sns: StoredSns): Body {
  const { aws_secret_access_key: _secret, ...visible } = sns;
  return visible;
}

function setSns(state: EmulatorState, body: Body, replace: boolean): ApiResult {
  const next: StoredSns = { ...state.pushCredentials.sns };
  for (const field of SNS_FIELDS) {
    if (body[field] !== undefined) next[field] = body[field] as string | null;
    else if (replace) next[field] = null;
  }
  state.pushCredentials.sns = next;
  // The service's answer echoes the whole configuration, the AWS secret key included.
  return ok({ ...next });
}

function setApns(state: EmulatorState, body: Body, replace: boolean): ApiResult {
  const base: StoredApns = replace ? { bundle_id: null, sandbox: false, p12: null } : state.pushCredentials.apns;
  const next: StoredApns = {
    bundle_id: body.bundle_id !== undefined ? (body.bundle_id as string | null) : base.bundle_id,
    sandbox: body.sandbox !== undefined ? (body.sandbox as boolean) : base.sandbox,
    p12: body.p12 !== undefined ? (body.p12 as string | null) : base.p12,
  };
  state.pushCredentials.apns = next;
  return ok({ sandbox: next.sandbox, bundle_id: next.bundle_id });
}

function setFcmV1(state: EmulatorState, body: Body, replace: boolean): ApiResult {
  const current = state.pushCredentials.fcmv1;
  const next: StoredFcmV1 = {
    server_credentials:
      body.server_credentials !== undefined ? (body.server_credentials as string | null) : replace ? null : current.server_credentials,
  };
  state.pushCredentials.fcmv1 = next;
  return ok({});
}

const READ = "read:guardian_factors";
const UPDATE = "update:guardian_factors";

type Apply = (state: EmulatorState, body: Body, replace: boolean) => ApiResult;

/** A PUT (replace: true) or PATCH route writing one provider's credentials. */
function write(method: "PUT" | "PATCH", path: string, schema: ObjectSchema, apply: Apply): Route {
  return {
    method,
    path,
    scope: UPDATE,
    body: "json",
    handle: ({ state, body }) => validated(body, schema, (checked) => apply(state, checked, method === "PUT")),
  };
}

export const pushCredentialRoutes: Route[] = [
  { method: "GET", path: SNS_PATH, scope: READ, handle: ({ state }) => ok(snsView(state.pushCredentials.sns)) },
  write("PUT", SNS_PATH, snsSchema, setSns),
  write("PATCH", SNS_PATH, snsSchema, setSns),
  {
    method: "GET",
    path: APNS_PATH,
    scope: READ,
    handle: ({ state }) => {
      const { bundle_id, sandbox, p12 } = state.pushCredentials.apns;
      // `enabled` is undocumented; the service was recorded answering true once a certificate was set.
      return ok({ bundle_id, sandbox, enabled: p12 !== null });
    },
  },
  write("PUT", APNS_PATH, apnsSchema, setApns),
  write("PATCH", APNS_PATH, apnsSchema, setApns),
  write("PUT", FCMV1_PATH, fcmV1Schema, setFcmV1),
  write("PATCH", FCMV1_PATH, fcmV1Schema, setFcmV1),
];
