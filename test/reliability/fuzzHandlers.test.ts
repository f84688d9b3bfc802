// Fuzzed bad input: at least 1,000 random invalid argument sets per resource, given to
// the built handlers' `check` (dist/, loaded by package name as the host loads them), configured for an
// emulator. Every set must be rejected with failures that name each defective property, and the emulator
// must see no request at all. A positive control then proves the handlers were wired to that emulator.
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import type { CheckFailure, CheckResult, ConfigureRequest } from "@pulumi/pulumi/dynamic";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINELS, SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import {
  badEnum,
  badLength,
  badSecretLength,
  extraProperty,
  fixed,
  invalidCases,
  missing,
  names,
  validPhoneProvider,
  validSelection,
  validTicket,
  wrongType,
  type Args,
  type Defect,
  type InvalidCase,
} from "./support/invalidArgs";
import { configureRequest } from "../resources/harness";
import { failurePath } from "../support/checkFailures";
import { printTable } from "./support/table";

const RUNS_PER_RESOURCE = 1_000;
const FUZZ_SEED = Number(process.env.RELIABILITY_SEED ?? 20_250_607);

interface Handler {
  configure(req: ConfigureRequest): Promise<void>;
  check(olds: unknown, news: unknown): Promise<CheckResult>;
  create(inputs: unknown): Promise<{ id: string }>;
}

const requireFromRepo = createRequire(join(REPO_ROOT, "package.json"));
const handler = (resource: string): Handler => requireFromRepo(`pulumi-tenant/dist/resources/${resource}/handler`) as Handler;

const deliveryMethodsWithBadItem = fc
  .tuple(fc.string({ maxLength: 8 }).filter((item) => item !== "text" && item !== "voice"), fc.nat({ max: 2 }))
  .map(([bad, position]): Defect => ({
    path: "configuration.deliveryMethods",
    what: `bad item ${JSON.stringify(bad)}`,
    apply: (args) => {
      const methods = ["text", "voice"];
      methods.splice(Math.min(position, methods.length), 0, bad);
      (args.configuration as Args).deliveryMethods = methods;
    },
  }));

/** Top-level secret inputs: a failure about one names no property and says which in its reason. */
const SECRET_INPUTS = ["credentials", "awsSecretAccessKey", "p12", "serverCredentials", "secretKey"];

/**
 * Whether `failure` names the defect at `path`: a top-level property by name; a secret input, or a path inside a
 * property, at the start of a reason that names no property (the engine could print neither).
 */
function namesDefect(failure: CheckFailure, path: string): boolean {
  if (SECRET_INPUTS.includes(path) && failure.property === "") return failure.reason.startsWith(`${path} `);
  return names(failurePath(failure), path);
}

const VENDOR_RULE = ["name"];
const MFA_FACTORS = ["sms", "push-notification", "otp", "email", "duo", "webauthn-roaming", "webauthn-platform", "recovery-code"];
const RESOURCES: { name: string; resource: string; cases: fc.Arbitrary<InvalidCase> }[] = [
  {
    name: "PushProviderSelection",
    resource: "pushProviderSelection",
    cases: invalidCases(validSelection, [
      fc.oneof(badEnum("provider", ["guardian", "sns", "direct"]), wrongType("provider", "string"), missing("provider")),
      extraProperty("", ["provider"]),
    ]),
  },
  {
    name: "PhoneProvider",
    resource: "phoneProvider",
    cases: invalidCases(validPhoneProvider, [
      fc.oneof(badEnum("name", ["vendor_a", "custom"]), wrongType("name", "string"), missing("name")),
      fc.oneof(wrongType("credentials", "object"), missing("credentials"), extraProperty("credentials", ["authToken"])),
      fc.oneof(
        badLength("credentials.authToken", 1),
        wrongType("credentials.authToken", "string"),
        fixed("credentials.authToken", "missing for vendor_a", (args) => delete (args.credentials as Args).authToken, VENDOR_RULE),
      ),
      wrongType("disabled", "boolean"),
      fc.oneof(
        wrongType("configuration", "object"),
        fixed("configuration", "missing for vendor_a", (args) => delete args.configuration, VENDOR_RULE),
        fixed("configuration", "both defaultFrom and mssid", (args) => ((args.configuration as Args).mssid = "MG01"), VENDOR_RULE),
        fixed("configuration", "neither defaultFrom nor mssid", (args) => delete (args.configuration as Args).defaultFrom, VENDOR_RULE),
        extraProperty("configuration", ["sid", "deliveryMethods", "defaultFrom", "mssid"]),
      ),
      fc.oneof(
        badLength("configuration.sid", 1),
        wrongType("configuration.sid", "string"),
        fixed("configuration.sid", "missing for vendor_a", (args) => delete (args.configuration as Args).sid, VENDOR_RULE),
        fixed("configuration.sid", "set on a custom provider", (args) => {
          args.name = "custom";
          delete (args.configuration as Args).defaultFrom;
        }, ["name", "configuration.defaultFrom"]),
      ),
      fc.oneof(
        fixed("configuration.deliveryMethods", "empty", (args) => ((args.configuration as Args).deliveryMethods = [])),
        wrongType("configuration.deliveryMethods", "array"),
        deliveryMethodsWithBadItem,
      ),
      fc.oneof(badLength("configuration.defaultFrom", 1), wrongType("configuration.defaultFrom", "string")),
      wrongType("adoptExisting", "boolean"),
      extraProperty("", ["name", "credentials", "disabled", "configuration", "adoptExisting"]),
    ]),
  },
  {
    name: "EnrollmentTicket",
    resource: "enrollmentTicket",
    cases: invalidCases(validTicket, [
      fc.oneof(missing("userId"), badLength("userId", 1), wrongType("userId", "string")),
      fc.oneof(
        wrongType("email", "string"),
        fc.string({ maxLength: 30 }).filter((text) => !text.includes("@")).map((text): Defect => ({
          path: "email",
          what: "not an email address",
          apply: (args) => (args.email = text),
        })),
      ),
      wrongType("sendMail", "boolean"),
      fc.oneof(badLength("emailLocale", 1), wrongType("emailLocale", "string")),
      fc.oneof(
        badEnum("factor", ["push-notification", "phone", "email", "otp", "webauthn-roaming", "webauthn-platform"]),
        wrongType("factor", "string"),
      ),
      wrongType("allowMultipleEnrollments", "boolean"),
      fc.oneof(badLength("customDomain", 3, 255), wrongType("customDomain", "string")),
      extraProperty("", ["userId", "email", "sendMail", "emailLocale", "factor", "allowMultipleEnrollments", "customDomain"]),
    ]),
  },
  {
    name: "MfaFactor",
    resource: "mfaFactor",
    cases: invalidCases(() => ({ factor: "sms", enabled: true }), [
      fc.oneof(badEnum("factor", MFA_FACTORS), wrongType("factor", "string"), missing("factor")),
      wrongType("enabled", "boolean"),
      extraProperty("", ["factor", "enabled"]),
    ]),
  },
  {
    name: "MfaPolicy",
    resource: "mfaPolicy",
    cases: invalidCases(() => ({ policy: "all-applications" }), [
      fc.oneof(badEnum("policy", ["never", "all-applications", "confidence-score"]), wrongType("policy", "string"), missing("policy")),
      extraProperty("", ["policy"]),
    ]),
  },
  {
    name: "PhoneMessageTypes",
    resource: "phoneMessageTypes",
    cases: invalidCases(() => ({ messageTypes: ["sms", "voice"] }), [
      fc.oneof(
        missing("messageTypes"),
        wrongType("messageTypes", "array"),
        fixed("messageTypes", "empty", (args) => (args.messageTypes = [])),
        fixed("messageTypes", "a type twice", (args) => (args.messageTypes = ["voice", "sms", "voice"])),
        fixed("messageTypes", "an unknown type", (args) => (args.messageTypes = ["sms", "fax"])),
      ),
      extraProperty("", ["messageTypes"]),
    ]),
  },
  {
    name: "SnsPushProvider",
    resource: "snsPushProvider",
    cases: invalidCases(() => ({ awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: SENTINELS.smsAuthToken, awsRegion: "us-east-1" }), [
      fc.oneof(missing("awsAccessKeyId"), wrongType("awsAccessKeyId", "string"), badLength("awsAccessKeyId", 1, 1000)),
      // Left out or empty, the key the tenant holds is kept (create fails only when there is none to adopt).
      fc.oneof(wrongType("awsSecretAccessKey", "string"), badSecretLength("awsSecretAccessKey", 1000)),
      fc.oneof(wrongType("awsRegion", "string"), badLength("awsRegion", 1, 1000)),
      badLength("snsGcmPlatformApplicationArn", 1, 1000),
      extraProperty("", ["awsAccessKeyId", "awsSecretAccessKey", "awsRegion", "snsApnsPlatformApplicationArn", "snsGcmPlatformApplicationArn"]),
    ]),
  },
  {
    name: "ApnsPushProvider",
    resource: "apnsPushProvider",
    cases: invalidCases(() => ({ bundleId: "com.example.app", p12: "AAAA" }), [
      fc.oneof(missing("bundleId"), wrongType("bundleId", "string")),
      wrongType("sandbox", "boolean"),
      fc.oneof(
        wrongType("p12", "string"),
        badSecretLength("p12", 10_000),
        fixed("p12", "not base64", (args) => (args.p12 = `${SENTINELS.smsAuthToken}!`)),
      ),
      extraProperty("", ["bundleId", "sandbox", "p12"]),
    ]),
  },
  {
    name: "FcmPushProvider",
    resource: "fcmPushProvider",
    cases: invalidCases(() => ({ serverCredentials: '{"type":"service_account"}' }), [
      fc.oneof(
        missing("serverCredentials"),
        wrongType("serverCredentials", "string"),
        fixed("serverCredentials", "not JSON", (args) => (args.serverCredentials = SENTINELS.smsAuthToken)),
        fixed("serverCredentials", "a JSON array", (args) => (args.serverCredentials = JSON.stringify([SENTINELS.smsAuthToken]))),
      ),
      extraProperty("", ["serverCredentials"]),
    ]),
  },
  {
    name: "DuoSettings",
    resource: "duoSettings",
    cases: invalidCases(() => ({ integrationKey: "DIFUZZ00000000000001", secretKey: SENTINELS.smsAuthToken, hostname: "api-1a2b3c4d.duosecurity.com" }), [
      fc.oneof(wrongType("integrationKey", "string"), badLength("integrationKey", 1, 10_000)),
      fc.oneof(wrongType("secretKey", "string"), badSecretLength("secretKey", 10_000)),
      fc.oneof(
        wrongType("hostname", "string"),
        fixed("hostname", "a URL", (args) => (args.hostname = "https://api-1a2b3c4d.duosecurity.com")),
        fixed("hostname", "empty", (args) => (args.hostname = "")),
      ),
      extraProperty("", ["integrationKey", "secretKey", "hostname"]),
    ]),
  },
  {
    name: "WebAuthnSettings",
    resource: "webAuthnSettings",
    cases: invalidCases(() => ({ factor: "webauthn-roaming", userVerification: "required" }), [
      fc.oneof(badEnum("factor", ["webauthn-roaming", "webauthn-platform"]), missing("factor")),
      badEnum("userVerification", ["discouraged", "preferred", "required"]),
      wrongType("overrideRelyingParty", "boolean"),
      extraProperty("", ["factor", "userVerification", "overrideRelyingParty", "relyingPartyIdentifier"]),
    ]),
  },
  {
    name: "PushCustomApp",
    resource: "pushCustomApp",
    cases: invalidCases(
      () => ({ appName: "Fuzz", appleAppLink: "https://apps.apple.com/app/id1", googleAppLink: "https://play.google.com/store/apps/details?id=fuzz" }),
      [
        fc.oneof(wrongType("appName", "string"), badLength("appName", 1, 255)),
        fc.oneof(wrongType("appleAppLink", "string"), fixed("appleAppLink", "http", (args) => (args.appleAppLink = "http://apps.apple.com/app/id1"))),
        fc.oneof(wrongType("googleAppLink", "string"), fixed("googleAppLink", "empty", (args) => (args.googleAppLink = ""))),
        extraProperty("", ["appName", "appleAppLink", "googleAppLink"]),
      ],
    ),
  },
  {
    name: "MfaSettings",
    resource: "mfaSettings",
    cases: invalidCases(
      () => ({ displayRememberMeCheckbox: true, rememberMeDefaultValue: false, sessionInactivityTimeout: 7200, sessionOverallTimeout: 86400 }),
      [
        wrongType("displayRememberMeCheckbox", "boolean"),
        wrongType("rememberMeDefaultValue", "boolean"),
        fc.oneof(
          wrongType("sessionInactivityTimeout", "number"),
          fixed("sessionInactivityTimeout", "below an hour", (args) => (args.sessionInactivityTimeout = 3599)),
          fixed("sessionInactivityTimeout", "a fraction", (args) => (args.sessionInactivityTimeout = 7200.5)),
        ),
        fc.oneof(wrongType("sessionOverallTimeout", "number"), fixed("sessionOverallTimeout", "above 90 days", (args) => (args.sessionOverallTimeout = 7_776_001))),
        extraProperty("", ["displayRememberMeCheckbox", "rememberMeDefaultValue", "sessionInactivityTimeout", "sessionOverallTimeout"]),
      ],
    ),
  },
  {
    name: "OtpSettings",
    resource: "otpSettings",
    cases: invalidCases(() => ({ factor: "sms", otpLength: 6, otpExpirationTime: 300 }), [
      fc.oneof(badEnum("factor", ["sms", "email"]), missing("factor")),
      fc.oneof(wrongType("otpLength", "number"), fixed("otpLength", "11 digits", (args) => (args.otpLength = 11))),
      fc.oneof(wrongType("otpExpirationTime", "number"), fixed("otpExpirationTime", "29 seconds", (args) => (args.otpExpirationTime = 29))),
      extraProperty("", ["factor", "otpLength", "otpExpirationTime"]),
    ]),
  },
  {
    name: "TenantMfaFlags",
    resource: "tenantMfaFlags",
    cases: invalidCases(() => ({ customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: false }), [
      wrongType("customizeMfaInPostLoginAction", "boolean"),
      wrongType("showFactorListOnEnrollment", "boolean"),
      extraProperty("", ["customizeMfaInPostLoginAction", "showFactorListOnEnrollment"]),
    ]),
  },
];

describe("fuzzed invalid arguments are rejected in check, before any HTTP call", () => {
  let emulator: Emulator;
  const rows: (string | number)[][] = [];

  beforeAll(async () => {
    // The machine's TENANT_* variables must not decide where the handlers connect.
    for (const name of ["TENANT_DOMAIN", "TENANT_CLIENT_ID", "TENANT_CLIENT_SECRET", "TENANT_API_TOKEN", "TENANT_AUDIENCE"]) vi.stubEnv(name, "");
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    const values: Record<string, string> = {
      "tenant:domain": emulator.url,
      "tenant:clientId": SENTINEL_CLIENT.id,
      "tenant:clientSecret": SENTINEL_CLIENT.secret,
    };
    const request = configureRequest(values);
    for (const { resource } of RESOURCES) await handler(resource).configure(request);
  });

  afterAll(async () => {
    printTable("Fuzzed invalid arguments (handler check, built dist/)", ["resource", "invalid sets", "defects", "failures", "HTTP calls"], rows);
    vi.unstubAllEnvs();
    await emulator?.close();
  });

  it.each(RESOURCES.map((entry) => [entry.name, entry] as const))(
    `%s: ${RUNS_PER_RESOURCE} invalid argument sets, each defect named, 0 HTTP calls`,
    async (name, { resource, cases }) => {
      const check = handler(resource).check;
      let sets = 0;
      let defects = 0;
      let failures = 0;
      await fc.assert(
        fc.asyncProperty(cases, async ({ args, defects: planted }) => {
          const result = await check({}, { ...args, __provider: "serialized provider text" });
          sets++;
          defects += planted.length;
          failures += result.failures?.length ?? 0;
          const listed = result.failures ?? [];
          const unnamed = planted.filter((defect) => !listed.some((failure) => namesDefect(failure, defect.path)));
          // The engine prints the value of the top-level property a failure names: never a secret one.
          for (const failure of listed) expect(SECRET_INPUTS).not.toContain(failure.property);
          expect(unnamed.map((defect) => `${defect.path}: ${defect.what}`), JSON.stringify(listed)).toEqual([]);
          for (const failure of listed) expect(failure.reason).toMatch(/\S/);
          expect(JSON.stringify(listed)).not.toContain(SENTINELS.smsAuthToken);
        }),
        { numRuns: RUNS_PER_RESOURCE, seed: FUZZ_SEED },
      );
      expect(sets).toBeGreaterThanOrEqual(RUNS_PER_RESOURCE);
      expect(emulator.count()).toBe(0);
      rows.push([name, sets, defects, failures, emulator.count()]);
    },
    120_000,
  );

  it("positive control: the same handlers do reach the emulator once given valid inputs", async () => {
    expect(emulator.count()).toBe(0);
    const valid = await handler("pushProviderSelection").check({}, { ...validSelection(), __provider: "x" });
    expect(valid.failures ?? []).toEqual([]);
    await handler("pushProviderSelection").create(valid.inputs);
    expect(emulator.count(undefined, "/api/v2")).toBeGreaterThan(0);
    expect(emulator.state.pushProvider).toBe("sns");
  });
});
