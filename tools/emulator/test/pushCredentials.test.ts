// The push-notification factor's SNS, APNs and FCM v1 credentials: the SNS PUT's echo of the AWS secret key,
// certificates and service accounts never returned, no FCM v1 GET, scopes, faults and the rate limit.
import { describe, expect, it } from "vitest";
import { APNS_PATH, CONTRACT_SCOPES, FCMV1_PATH, SNS_PATH } from "..";
import { call, useEmulator } from "./support";

const SNS = `/api/v2${SNS_PATH}`;
const APNS = `/api/v2${APNS_PATH}`;
const FCMV1 = `/api/v2${FCMV1_PATH}`;

const AWS_SECRET = "sentinel-aws-secret-key-0001";
const P12 = Buffer.from("sentinel-p12-certificate").toString("base64");
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", private_key: "sentinel-fcm-private-key" });

const snsConfiguration = {
  aws_access_key_id: "AKIAEXAMPLE",
  aws_secret_access_key: AWS_SECRET,
  aws_region: "us-west-2",
  sns_apns_platform_application_arn: "arn:aws:sns:us-west-2:123456789012:app/APNS/my-app",
  sns_gcm_platform_application_arn: "arn:aws:sns:us-west-2:123456789012:app/GCM/my-app",
};

describe("SNS credentials", () => {
  const ctx = useEmulator();

  it("a fresh tenant answers every field null, and no secret field", async () => {
    const res = await call(ctx.emulator, "GET", SNS, { token: ctx.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      aws_access_key_id: null,
      aws_region: null,
      sns_apns_platform_application_arn: null,
      sns_gcm_platform_application_arn: null,
    });
  });

  it("PUT answers the whole configuration, echoing the AWS secret key; GET never returns it", async () => {
    const put = await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: snsConfiguration });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(snsConfiguration);
    const get = await call(ctx.emulator, "GET", SNS, { token: ctx.token });
    const { aws_secret_access_key: _secret, ...visible } = snsConfiguration;
    expect(get.body).toEqual(visible);
    expect(get.text).not.toContain(AWS_SECRET);
    expect(ctx.emulator.state.pushCredentials.sns.aws_secret_access_key).toBe(AWS_SECRET);
  });

  it("PUT replaces: fields left out become null (a PUT without the secret is answered 200)", async () => {
    await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: snsConfiguration });
    const put = await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: { aws_region: "eu-west-1" } });
    expect(put.status).toBe(200);
    expect(put.body.aws_region).toBe("eu-west-1");
    expect(put.body.aws_secret_access_key).toBeNull();
    expect(ctx.emulator.state.pushCredentials.sns.aws_access_key_id).toBeNull();
  });

  it("PUT of the five fields as null clears them", async () => {
    await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: snsConfiguration });
    const nulls = Object.fromEntries(Object.keys(snsConfiguration).map((key) => [key, null]));
    const put = await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: nulls });
    expect(put.status).toBe(200);
    expect(ctx.emulator.state.pushCredentials.sns).toEqual(nulls);
  });

  it("PATCH changes the fields given and keeps the others", async () => {
    await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: snsConfiguration });
    const patch = await call(ctx.emulator, "PATCH", SNS, { token: ctx.token, body: { aws_region: "eu-central-1" } });
    expect(patch.status).toBe(200);
    expect(patch.body).toEqual({ ...snsConfiguration, aws_region: "eu-central-1" });
  });

  it.each([
    [{ aws_region: "" }, "Payload validation error: 'String is too short (0 chars), minimum 1' on property aws_region (AWS Region)."],
    [{ aws_region: "x".repeat(1001) }, "Payload validation error: 'String is too long (1001 chars), maximum 1000' on property aws_region (AWS Region)."],
    [{ aws_region: 5 }, "Payload validation error: 'Expected type string but found type integer' on property aws_region (AWS Region)."],
    [{ region: "us-east-1" }, "Payload validation error: 'Additional properties not allowed: region'."],
    [null, "Payload validation error: 'Expected type object but found type null'."],
  ])("rejects %j with 400 invalid_body and changes nothing", async (body, message) => {
    await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: snsConfiguration });
    for (const method of ["PUT", "PATCH"]) {
      const res = await call(ctx.emulator, method, SNS, { token: ctx.token, raw: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    }
    expect(ctx.emulator.state.pushCredentials.sns).toEqual(snsConfiguration);
  });
});

describe("APNs credentials", () => {
  const ctx = useEmulator();
  const apns = { sandbox: true, bundle_id: "com.example.app", p12: P12 };

  it("a fresh tenant has no bundle id, no sandbox and is not enabled", async () => {
    const res = await call(ctx.emulator, "GET", APNS, { token: ctx.token });
    expect(res.body).toEqual({ bundle_id: null, sandbox: false, enabled: false });
  });

  it("PUT answers sandbox and bundle id only; GET adds enabled and never the certificate", async () => {
    const put = await call(ctx.emulator, "PUT", APNS, { token: ctx.token, body: apns });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ sandbox: true, bundle_id: "com.example.app" });
    const get = await call(ctx.emulator, "GET", APNS, { token: ctx.token });
    expect(get.body).toEqual({ bundle_id: "com.example.app", sandbox: true, enabled: true });
    expect(put.text + get.text).not.toContain(P12);
    expect(ctx.emulator.state.pushCredentials.apns.p12).toBe(P12);
  });

  it("PUT replaces the whole configuration: a PUT without p12 drops the certificate", async () => {
    await call(ctx.emulator, "PUT", APNS, { token: ctx.token, body: apns });
    await call(ctx.emulator, "PUT", APNS, { token: ctx.token, body: { bundle_id: "com.example.other" } });
    expect(ctx.emulator.state.pushCredentials.apns).toEqual({ bundle_id: "com.example.other", sandbox: false, p12: null });
  });

  it("PATCH keeps what it is not given", async () => {
    await call(ctx.emulator, "PUT", APNS, { token: ctx.token, body: apns });
    const patch = await call(ctx.emulator, "PATCH", APNS, { token: ctx.token, body: { sandbox: false } });
    expect(patch.body).toEqual({ sandbox: false, bundle_id: "com.example.app" });
    expect(ctx.emulator.state.pushCredentials.apns.p12).toBe(P12);
  });

  it.each([
    [{ p12: "" }, "String is too short (0 chars), minimum 1"],
    [{ p12: "A".repeat(10_001) }, "String is too long (10001 chars), maximum 10000"],
    [{ sandbox: "yes" }, "Expected type boolean but found type string"],
  ])("rejects %j with 400 and changes nothing", async (body, message) => {
    const res = await call(ctx.emulator, "PUT", APNS, { token: ctx.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(ctx.emulator.state.pushCredentials.apns).toEqual({ bundle_id: null, sandbox: false, p12: null });
  });
});

describe("FCM v1 credentials", () => {
  const ctx = useEmulator();

  it("PUT and PATCH answer {} and keep the service account", async () => {
    for (const method of ["PUT", "PATCH"]) {
      const res = await call(ctx.emulator, method, FCMV1, { token: ctx.token, body: { server_credentials: SERVICE_ACCOUNT } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(res.text).not.toContain("sentinel");
    }
    expect(ctx.emulator.state.pushCredentials.fcmv1.server_credentials).toBe(SERVICE_ACCOUNT);
  });

  it("accepts a plain string, as the service was recorded doing", async () => {
    const res = await call(ctx.emulator, "PUT", FCMV1, { token: ctx.token, body: { server_credentials: "abc123" } });
    expect(res.status).toBe(200);
  });

  it("has no GET: the service cannot read it back", async () => {
    const res = await call(ctx.emulator, "GET", FCMV1, { token: ctx.token });
    expect(res.status).toBe(404);
  });

  it("the state view says whether a secret is held, never the secret", async () => {
    await call(ctx.emulator, "PUT", FCMV1, { token: ctx.token, body: { server_credentials: SERVICE_ACCOUNT } });
    await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: snsConfiguration });
    await call(ctx.emulator, "PUT", APNS, { token: ctx.token, body: { bundle_id: "b", p12: P12 } });
    const view = await call(ctx.emulator, "GET", "/__emulator/state");
    expect(view.body.pushCredentials).toMatchObject({
      sns: { has_aws_secret_access_key: true, aws_region: "us-west-2" },
      apns: { has_p12: true },
      fcmv1: { has_server_credentials: true },
    });
    expect(view.text).not.toContain("sentinel");
    expect(view.text).not.toContain(P12);
  });
});

describe("scopes, faults and the rate limit on the credential routes", () => {
  // A bucket of 2 that refills slowly: three calls in a row always meet an empty bucket.
  const ctx = useEmulator({ rateLimit: 2, refillPerSecond: 0.01 });
  const operations = [
    { method: "GET", path: SNS, scope: "read:guardian_factors" },
    { method: "PUT", path: SNS, scope: "update:guardian_factors", body: { aws_region: "us-east-1" } },
    { method: "PATCH", path: SNS, scope: "update:guardian_factors", body: { aws_region: "us-east-1" } },
    { method: "GET", path: APNS, scope: "read:guardian_factors" },
    { method: "PUT", path: APNS, scope: "update:guardian_factors", body: { bundle_id: "b" } },
    { method: "PATCH", path: APNS, scope: "update:guardian_factors", body: { bundle_id: "b" } },
    { method: "PUT", path: FCMV1, scope: "update:guardian_factors", body: { server_credentials: "{}" } },
    { method: "PATCH", path: FCMV1, scope: "update:guardian_factors", body: { server_credentials: "{}" } },
  ];

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s: its scope alone suffices, every other is 403", async (_label, op) => {
    const only = await ctx.emulator.issueToken("demo", { scopes: [op.scope] });
    expect((await call(ctx.emulator, op.method, op.path, { token: only, body: op.body })).status).toBe(200);
    ctx.emulator.reset();
    const before = JSON.stringify(ctx.emulator.state.snapshot());
    const others = await ctx.emulator.issueToken("demo", { scopes: CONTRACT_SCOPES.filter((scope) => scope !== op.scope) });
    const denied = await call(ctx.emulator, op.method, op.path, { token: others, body: op.body });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(`Insufficient scope, expected any of: ${op.scope}`);
    expect(JSON.stringify(ctx.emulator.state.snapshot())).toBe(before);
  });

  it("an injected fault hits them like any route, and the bucket is spent by them", async () => {
    ctx.emulator.injectFault({ method: "PUT", path: SNS, count: 1, kind: "503" });
    const faulted = await call(ctx.emulator, "PUT", SNS, { token: ctx.token, body: { aws_region: "us-east-1" } });
    expect(faulted.status).toBe(503);
    expect(ctx.emulator.state.pushCredentials.sns.aws_region).toBeNull();
    ctx.emulator.reset();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await call(ctx.emulator, "GET", APNS, { token: ctx.token })).status);
    expect(answers).toEqual([200, 200, 429]);
  });
});
