// expand and flatten of the SNS, APNs and FCM v1 push credentials, on the recorded shapes of the API: the SNS
// PUT's echo of the AWS secret key dropped by the answer's schema, the APNs `enabled` flag left out.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apnsPushProviderDefinition } from "../../provider/resources/apnsPushProvider/definition";
import { apnsRequest, apnsResponse, expandApns, expandApnsKeepingCertificate, flattenApns } from "../../provider/resources/apnsPushProvider/wire";
import { expandFcmV1, fcmV1Request, fcmV1Response } from "../../provider/resources/fcmPushProvider/wire";
import { CLEARED_SNS, expandSns, expandSnsKeepingSecret, flattenSns, snsRequest, snsResponse } from "../../provider/resources/snsPushProvider/wire";

const AWS_SECRET = "sentinel-aws-secret-Wire-8Kq2";

describe("SNS credentials on the wire", () => {
  const full = {
    awsAccessKeyId: "AKIAEXAMPLE",
    awsSecretAccessKey: AWS_SECRET,
    awsRegion: "us-west-2",
    snsApnsPlatformApplicationArn: "arn:aws:sns:us-west-2:1:app/APNS/a",
    snsGcmPlatformApplicationArn: "arn:aws:sns:us-west-2:1:app/GCM/a",
  };
  const wire = {
    aws_access_key_id: "AKIAEXAMPLE",
    aws_secret_access_key: AWS_SECRET,
    aws_region: "us-west-2",
    sns_apns_platform_application_arn: "arn:aws:sns:us-west-2:1:app/APNS/a",
    sns_gcm_platform_application_arn: "arn:aws:sns:us-west-2:1:app/GCM/a",
  };

  it("expand sends all five fields, snake_case", () => {
    expect(expandSns(full)).toEqual(wire);
    expect(snsRequest.parse(expandSns(full))).toEqual(wire);
  });

  it("a platform ARN left out is sent as null, so the PUT clears it", () => {
    const { snsApnsPlatformApplicationArn: _apns, snsGcmPlatformApplicationArn: _gcm, ...required } = full;
    expect(expandSns(required)).toEqual({ ...wire, sns_apns_platform_application_arn: null, sns_gcm_platform_application_arn: null });
  });

  it("the PATCH that keeps the tenant's secret key has the four other fields, an ARN left out as null", () => {
    const { awsSecretAccessKey: _secret, snsGcmPlatformApplicationArn: _gcm, ...rest } = full;
    const { aws_secret_access_key: _wireSecret, ...others } = wire;
    expect(expandSnsKeepingSecret(rest)).toEqual({ ...others, sns_gcm_platform_application_arn: null });
  });

  it("the clearing body is the five fields as null", () => {
    expect(Object.keys(CLEARED_SNS).sort()).toEqual(Object.keys(wire).sort());
    expect(Object.values(CLEARED_SNS).every((value) => value === null)).toBe(true);
  });

  it("parsing the PUT's answer drops the echoed secret on arrival; flatten maps the rest", () => {
    const parsed = snsResponse.parse(wire);
    expect(JSON.stringify(parsed)).not.toContain(AWS_SECRET);
    const { awsSecretAccessKey: _secret, ...visible } = full;
    expect(flattenSns(parsed)).toEqual(visible);
  });

  it.each<[Record<string, unknown>, string]>([
    [{}, "an empty answer"],
    [{ aws_access_key_id: null, aws_region: null, sns_apns_platform_application_arn: null, sns_gcm_platform_application_arn: null }, "nulls"],
  ])("%j (%s) flattens to every field unset", (answer) => {
    expect(flattenSns(snsResponse.parse(answer))).toEqual({
      awsAccessKeyId: null,
      awsRegion: null,
      snsApnsPlatformApplicationArn: null,
      snsGcmPlatformApplicationArn: null,
    });
  });
});

describe("APNs credentials on the wire", () => {
  // expand receives checked inputs, defaults filled in (an update may lack the certificate the tenant keeps).
  const inputs = apnsPushProviderDefinition.inputs;
  const checked = (given: z.input<typeof inputs>) => inputs.parse(given);
  const checkedWithoutCertificate = (given: Omit<z.input<typeof inputs>, "p12">) => inputs.omit({ p12: true }).parse(given);
  it("expand sends the whole configuration, the certificate included; sandbox defaults to false", () => {
    expect(expandApns(checked({ bundleId: "com.example.app", p12: "AAAA" }))).toEqual({ sandbox: false, bundle_id: "com.example.app", p12: "AAAA" });
    expect(apnsRequest.parse(expandApns(checked({ bundleId: "b", sandbox: true, p12: "AAAA" })))).toEqual({ sandbox: true, bundle_id: "b", p12: "AAAA" });
  });

  it("the PATCH that keeps the tenant's certificate has bundle id and sandbox only", () => {
    expect(expandApnsKeepingCertificate(checkedWithoutCertificate({ bundleId: "b" }))).toEqual({ sandbox: false, bundle_id: "b" });
    expect(expandApnsKeepingCertificate(checkedWithoutCertificate({ bundleId: "b", sandbox: true }))).toEqual({ sandbox: true, bundle_id: "b" });
  });

  it("flatten takes bundle id and sandbox; the GET's undocumented enabled is not offered", () => {
    const parsed = apnsResponse.parse({ bundle_id: "com.my.app", sandbox: false, enabled: true });
    expect(flattenApns(parsed)).toEqual({ bundleId: "com.my.app", sandbox: false });
    expect(flattenApns(apnsResponse.parse({ sandbox: true, bundle_id: "com.my.app" }))).toEqual({ bundleId: "com.my.app", sandbox: true });
    expect(flattenApns(apnsResponse.parse({}))).toEqual({ bundleId: null, sandbox: false });
  });
});

describe("FCM v1 credentials on the wire", () => {
  it("expand sends the service account as server_credentials; the answer {} carries nothing", () => {
    const serverCredentials = JSON.stringify({ type: "service_account" });
    expect(fcmV1Request.parse(expandFcmV1({ serverCredentials }))).toEqual({ server_credentials: serverCredentials });
    expect(fcmV1Response.parse({ server_credentials: "echo" })).toEqual({});
  });
});
