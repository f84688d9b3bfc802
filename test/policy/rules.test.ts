// Each rule of pulumi-tenant/policy on its own, through both doors' type tokens and the policy SDK's own reading of
// the engine's properties: a stack it passes, one it refuses (named by the rule, on the resource), the same with its
// values sent as secrets (judged alike, no secret in a message), and with the values it reads not known yet (a
// preview: never refused).
import { describe, expect, it } from "vitest";
import { TENANT_MFA_RULES } from "../../provider/policy";
import { POLICY_DEFINITIONS } from "../../provider/policy/definitions";
import { propertiesOf } from "../../provider/shapes/property";
import { DOORS, UNKNOWN_WIRE, declare, recordingReads, secret, urnOf, violationsOf, type Declaration } from "./support";

const SECRET = "sentinel-policy-secret-5f0c2a";
const SECRET_SID = "sentinel-policy-sid-7d41b9";

const phoneProvider = (props: Record<string, unknown> = {}, tenant?: string): Declaration =>
  declare(
    "PhoneProvider",
    "sms",
    {
      name: "vendor_a",
      credentials: { authToken: secret(SECRET) },
      configuration: { sid: "AC1", deliveryMethods: ["text", "voice"], defaultFrom: "+15550100" },
      ...props,
    },
    tenant,
  );
const messageTypes = (types: unknown, tenant?: string) => declare("PhoneMessageTypes", "message-types", { messageTypes: types }, tenant);
const factor = (name: string, enabled: unknown = true, tenant?: string) => declare("MfaFactor", `${name}-factor`, { factor: name, ...(enabled === undefined ? {} : { enabled }) }, tenant);
const policy = (value: unknown, tenant?: string) => declare("MfaPolicy", "policy", { policy: value }, tenant);
const selection = (provider: unknown, tenant?: string) => declare("PushProviderSelection", "push", { provider }, tenant);
const sns = (tenant?: string) => declare("SnsPushProvider", "sns", { awsAccessKeyId: "AKIA1", awsSecretAccessKey: secret(SECRET), awsRegion: "us-east-1" }, tenant);
const apns = declare("ApnsPushProvider", "apns", { bundleId: "com.example.app", p12: secret(SECRET) });
const fcm = declare("FcmPushProvider", "fcm", { serverCredentials: secret(`{"private_key":"${SECRET}"}`) });
const duo = declare("DuoSettings", "duo", { integrationKey: "DIXXX", secretKey: secret(SECRET), hostname: "api-1.duosecurity.com" });
const webAuthn = (name: unknown) => declare("WebAuthnSettings", "keys", { factor: name, userVerification: "required" });
const customApp = declare("PushCustomApp", "app", { appName: "Example", appleAppLink: "https://apps.apple.com/app/id1" });
const ticket = (name: unknown) => declare("EnrollmentTicket", "alice", { userId: "auth0|alice", factor: name });
const otp = (props: Record<string, unknown>) => declare("OtpSettings", "codes", { factor: "sms", ...props });
const sessions = (props: Record<string, unknown>) => declare("MfaSettings", "sessions", props);

interface Case {
  /** Stacks the rule passes. */
  pass: Declaration[][];
  /** A stack it refuses, and the resources its violations name, in order. */
  violate: Array<{ stack: Declaration[]; on: Array<[kind: string, name: string]> }>;
  /** The refused stacks with the values the rule reads sent as secrets: refused alike. */
  secretValues: Declaration[];
  /** The refused stack with a value the rule reads not known yet: passed. */
  unknown: Declaration[][];
}

const CASES: Record<string, Case> = {
  "phone-messages-deliverable": {
    pass: [[phoneProvider(), messageTypes(["sms", "voice"])], [phoneProvider({ configuration: undefined }), messageTypes(["voice"])], [messageTypes(["voice"])]],
    violate: [
      { stack: [phoneProvider({ configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+1" } }), messageTypes(["sms", "voice"])], on: [["PhoneMessageTypes", "message-types"]] },
      { stack: [phoneProvider({ disabled: true }), messageTypes(["sms"])], on: [["PhoneMessageTypes", "message-types"]] },
      { stack: [phoneProvider({ disabled: true }), factor("sms")], on: [["MfaFactor", "sms-factor"]] },
    ],
    secretValues: [phoneProvider({ configuration: secret({ sid: SECRET_SID, deliveryMethods: ["voice"], defaultFrom: "+1" }) }), messageTypes(secret(["sms"]))],
    unknown: [
      [phoneProvider({ configuration: { sid: "AC1", deliveryMethods: UNKNOWN_WIRE, defaultFrom: "+1" } }), messageTypes(["voice"])],
      [phoneProvider({ configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+1" } }), messageTypes([UNKNOWN_WIRE])],
      [phoneProvider({ disabled: UNKNOWN_WIRE }), messageTypes(["sms"])],
    ],
  },
  "push-provider-has-credentials": {
    pass: [[selection("sns"), sns()], [selection("direct"), apns], [selection("direct"), fcm], [selection("guardian")]],
    violate: [
      { stack: [selection("sns")], on: [["PushProviderSelection", "push"]] },
      { stack: [selection("direct"), sns()], on: [["PushProviderSelection", "push"]] },
      // Credentials of another tenant do not count.
      { stack: [selection("sns", "staging"), sns("production")], on: [["PushProviderSelection", "push"]] },
    ],
    secretValues: [selection(secret("sns"))],
    unknown: [[selection(UNKNOWN_WIRE)]],
  },
  "mfa-required-has-factor": {
    pass: [[policy("all-applications"), factor("sms"), factor("otp", false)], [policy("all-applications")], [policy("never"), factor("otp", false)]],
    violate: [{ stack: [policy("all-applications"), factor("sms", false), factor("otp", false)], on: [["MfaPolicy", "policy"]] }],
    secretValues: [policy(secret("confidence-score")), factor("sms", secret(false))],
    unknown: [[policy("all-applications"), factor("sms", UNKNOWN_WIRE)], [policy(UNKNOWN_WIRE), factor("sms", false)]],
  },
  "factor-settings-need-factor": {
    pass: [[duo, factor("duo")], [duo], [webAuthn("webauthn-roaming"), factor("webauthn-roaming")], [webAuthn("webauthn-roaming"), factor("webauthn-platform", false)]],
    violate: [
      { stack: [duo, factor("duo", false)], on: [["DuoSettings", "duo"]] },
      { stack: [webAuthn("webauthn-platform"), factor("webauthn-platform", false)], on: [["WebAuthnSettings", "keys"]] },
    ],
    secretValues: [webAuthn(secret("webauthn-roaming")), factor("webauthn-roaming", secret(false))],
    unknown: [[webAuthn(UNKNOWN_WIRE), factor("webauthn-roaming", false)], [duo, factor("duo", UNKNOWN_WIRE)]],
  },
  "push-custom-app-needs-direct": {
    pass: [[customApp, selection("direct"), apns], [customApp]],
    violate: [{ stack: [customApp, selection("guardian")], on: [["PushCustomApp", "app"]] }],
    secretValues: [customApp, selection(secret("guardian"))],
    unknown: [[customApp, selection(UNKNOWN_WIRE)]],
  },
  "enrollment-ticket-factor-on": {
    pass: [[ticket("phone"), factor("sms")], [ticket(undefined), factor("sms", false)], [ticket("otp"), factor("sms", false)]],
    violate: [{ stack: [ticket("phone"), factor("sms", false)], on: [["EnrollmentTicket", "alice"]] }],
    secretValues: [ticket(secret("otp")), factor("otp", secret(false))],
    unknown: [[ticket(UNKNOWN_WIRE), factor("sms", false)], [ticket("otp"), factor(UNKNOWN_WIRE, false)]],
  },
  "mfa-policy-required": {
    pass: [[policy("all-applications"), factor("otp")], [factor("otp", false)], [otp({ otpLength: 8 })]],
    violate: [
      { stack: [policy("never")], on: [["MfaPolicy", "policy"]] },
      { stack: [factor("otp")], on: [["MfaFactor", "otp-factor"]] },
    ],
    secretValues: [policy(secret("never"))],
    unknown: [[policy(UNKNOWN_WIRE)], [factor("otp", UNKNOWN_WIRE)]],
  },
  "sms-not-only-factor": {
    pass: [[factor("sms"), factor("otp")], [factor("otp")], [factor("sms", false), factor("webauthn-platform")]],
    violate: [
      { stack: [factor("sms")], on: [["MfaFactor", "sms-factor"]] },
      { stack: [factor("sms"), factor("recovery-code"), factor("otp", false)], on: [["MfaFactor", "sms-factor"]] },
    ],
    secretValues: [factor("sms", secret(true)), factor("otp", secret(false))],
    unknown: [[factor("sms"), factor("otp", UNKNOWN_WIRE)], [factor("sms"), factor(UNKNOWN_WIRE)]],
  },
  "otp-code-strength": {
    pass: [[otp({ otpLength: 8, otpExpirationTime: 120 })], [otp({})], [otp({ otpLength: 6, otpExpirationTime: 300 })]],
    violate: [
      { stack: [otp({ otpLength: 4 })], on: [["OtpSettings", "codes"]] },
      { stack: [otp({ otpLength: 5, otpExpirationTime: 600 })], on: [["OtpSettings", "codes"], ["OtpSettings", "codes"]] },
    ],
    secretValues: [otp({ otpLength: secret(4) })],
    unknown: [[otp({ otpLength: UNKNOWN_WIRE, otpExpirationTime: UNKNOWN_WIRE })]],
  },
  "mfa-session-length": {
    pass: [[sessions({ sessionInactivityTimeout: 28_800, sessionOverallTimeout: 28_800 })], [sessions({})], [sessions({ sessionOverallTimeout: 2_592_000 })]],
    violate: [{ stack: [sessions({ sessionOverallTimeout: 5_184_000 })], on: [["MfaSettings", "sessions"]] }],
    secretValues: [sessions({ sessionOverallTimeout: secret(7_776_000) })],
    unknown: [[sessions({ sessionOverallTimeout: UNKNOWN_WIRE })]],
  },
};

const ruleOf = (name: string) => TENANT_MFA_RULES.find((rule) => rule.name === name)!;

it("has a case for every rule", () => {
  expect(Object.keys(CASES).sort()).toEqual(TENANT_MFA_RULES.map((rule) => rule.name).sort());
});

describe.each(DOORS)("through the %s door", (door) => {
  describe.each(Object.entries(CASES))("%s", (name, { pass, violate, secretValues, unknown }) => {
    const ofRule = async (stack: Declaration[]) => (await violationsOf(door, stack)).filter((violation) => violation.rule === name);

    it.each(pass.map((stack, index) => [index, stack] as const))("passes stack %i", async (_index, stack) => {
      expect(await ofRule(stack)).toEqual([]);
    });

    it.each(violate.map((entry, index) => [index, entry] as const))("refuses stack %i, naming the resource, at its default level", async (_index, { stack, on }) => {
      const found = await ofRule(stack);
      expect(found.map((violation) => violation.urn)).toEqual(on.map(([kind, resource]) => urnOf(door, kind, resource)));
      expect(found.every((violation) => violation.level === ruleOf(name).level && violation.message.length > 0)).toBe(true);
    });

    it("judges values sent as secrets alike, and never shows one", async () => {
      const found = await violationsOf(door, secretValues);
      expect(found.filter((violation) => violation.rule === name)).not.toEqual([]);
      expect(JSON.stringify(found)).not.toMatch(/sentinel-policy/);
    });

    it.each(unknown.map((stack, index) => [index, stack] as const))("never refuses stack %i, whose values are not known yet", async (_index, stack) => {
      expect(await ofRule(stack)).toEqual([]);
    });
  });
});

describe.each(DOORS)("every rule, through the %s door", (door) => {
  it("never reads a property its definition declares secret", async () => {
    const secretNames = new Set(POLICY_DEFINITIONS.flatMap((definition) => propertiesOf(definition.inputs).filter((shape) => shape.secret).map((shape) => shape.name)));
    expect([...secretNames].sort()).toEqual(["awsSecretAccessKey", "credentials", "p12", "secretKey", "serverCredentials"]);
    const stack = [phoneProvider(), messageTypes(["sms"]), factor("sms", false), factor("duo", false), policy("all-applications"), selection("direct"), sns(), apns, fcm, duo, customApp];
    const reads: string[] = [];
    const found = await violationsOf(door, stack, { wrap: (value) => recordingReads(value, reads) });
    expect(found.map((violation) => violation.rule)).toEqual(expect.arrayContaining(["mfa-required-has-factor", "factor-settings-need-factor"]));
    expect(reads).toContain("enabled");
    expect(reads.filter((path) => secretNames.has(path.split(".")[0]))).toEqual([]);
  });
});
