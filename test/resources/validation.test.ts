// Every input rule of the contract is rejected in `check`, with a failure naming the property and the
// allowed values or limits, before any HTTP call (not even a token request). Reasons never echo values.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Emulator } from "../../tools/emulator";
import * as pushHandler from "../../provider/resources/pushProviderSelection/handler";
import * as phoneHandler from "../../provider/resources/phoneProvider/handler";
import * as ticketHandler from "../../provider/resources/enrollmentTicket/handler";
import { AUTH_TOKEN, blankTenantEnv, configureRequest, startTenant, tenantConfig } from "./harness";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { failureAt, failureReason } from "../support/checkFailures";

let emulator: Emulator;

beforeAll(async () => {
  blankTenantEnv();
  emulator = await startTenant();
  const req = configureRequest(tenantConfig(emulator));
  await Promise.all([pushHandler.configure(req), phoneHandler.configure(req), ticketHandler.configure(req)]);
});

afterAll(async () => {
  await emulator.close();
  vi.unstubAllEnvs();
});

type Case = [label: string, news: Record<string, unknown>, property: string, reason: RegExp];

/** The customDomain message shows the expected form. */
const HOST_NAME = /^must be a host name such as "login\.example\.com": ASCII letters, digits, hyphens and dots \(an internationalised name in its xn-- form\), labels of 1–63 characters/;

const pushCases: Case[] = [
  ["provider missing", {}, "provider", /is required; must be one of "guardian", "sns", "direct"/],
  ["provider outside the enum", { provider: "apns" }, "provider", /must be one of "guardian", "sns", "direct"/],
  ["provider not a string", { provider: 3 }, "provider", /must be one of "guardian", "sns", "direct"/],
  ["extra property", { provider: "sns", region: "eu" }, "region", /unknown property; allowed: provider/],
];

const vendor = {
  name: "vendor_a",
  credentials: { authToken: AUTH_TOKEN },
  configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+15550100" },
};
const withConfiguration = (configuration: Record<string, unknown>) => ({ ...vendor, configuration });

const phoneCases: Case[] = [
  ["name missing", { credentials: {} }, "name", /is required; must be one of "vendor_a", "custom"/],
  ["name outside the enum", { ...vendor, name: "twilio" }, "name", /must be one of "vendor_a", "custom"/],
  // The engine prints the value of the top-level property a failure names: a secret one is never named.
  ["credentials missing", { name: "custom" }, "", /^credentials is required/],
  ["credentials not an object", { ...vendor, credentials: AUTH_TOKEN }, "", /^credentials must be an object/],
  ["credentials extra key", { ...vendor, credentials: { authToken: AUTH_TOKEN, apiKey: "k" } }, "credentials.apiKey", /unknown property; allowed: authToken/],
  ["authToken empty", { ...vendor, credentials: { authToken: "" } }, "credentials.authToken", /at least 1 character/],
  ["authToken not a string", { ...vendor, credentials: { authToken: 42 } }, "credentials.authToken", /must be a string/],
  ["vendor_a without authToken", { ...vendor, credentials: {} }, "credentials.authToken", /required when name is "vendor_a"/],
  ["disabled not a boolean", { ...vendor, disabled: "yes" }, "disabled", /must be a boolean/],
  ["adoptExisting not a boolean", { ...vendor, adoptExisting: 1 }, "adoptExisting", /must be a boolean/],
  ["configuration not an object", withConfiguration([] as unknown as Record<string, unknown>), "configuration", /must be an object/],
  ["configuration extra key", withConfiguration({ ...vendor.configuration, region: "eu" }), "configuration.region", /allowed: sid, deliveryMethods, defaultFrom, mssid/],
  ["deliveryMethods empty", withConfiguration({ ...vendor.configuration, deliveryMethods: [] }), "configuration.deliveryMethods", /at least 1 item/],
  ["deliveryMethods item outside the enum", withConfiguration({ ...vendor.configuration, deliveryMethods: ["text", "sms"] }), "configuration.deliveryMethods[1]", /must be one of "text", "voice"/],
  ["sid empty", withConfiguration({ ...vendor.configuration, sid: "" }), "configuration.sid", /at least 1 character/],
  ["vendor_a without configuration", { name: "vendor_a", credentials: { authToken: AUTH_TOKEN } }, "configuration", /required when name is "vendor_a"/],
  ["vendor_a without sid", withConfiguration({ deliveryMethods: ["text"], defaultFrom: "+1" }), "configuration.sid", /required when name is "vendor_a"/],
  ["vendor_a without deliveryMethods", withConfiguration({ sid: "AC1", defaultFrom: "+1" }), "configuration.deliveryMethods", /required when name is "vendor_a"/],
  ["vendor_a with both senders", withConfiguration({ ...vendor.configuration, mssid: "MG1" }), "configuration", /exactly one of defaultFrom and mssid/],
  ["vendor_a with no sender", withConfiguration({ sid: "AC1", deliveryMethods: ["text"] }), "configuration", /exactly one of defaultFrom and mssid/],
  ["custom with a vendor field", { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"], sid: "AC1" } }, "configuration.sid", /only when name is "vendor_a"/],
  ["extra property", { ...vendor, channel: "phone" }, "channel", /unknown property; allowed: name, credentials, disabled, configuration, adoptExisting/],
];

const ticketCases: Case[] = [
  ["userId missing", {}, "userId", /is required/],
  ["userId empty", { userId: "" }, "userId", /at least 1 character/],
  ["email malformed", { userId: "email|a", email: "not-an-email" }, "email", /must be an email address/],
  ["sendMail not a boolean", { userId: "email|a", sendMail: "true" }, "sendMail", /must be a boolean/],
  ["emailLocale empty", { userId: "email|a", emailLocale: "" }, "emailLocale", /at least 1 character/],
  ["factor outside the enum", { userId: "email|a", factor: "sms" }, "factor", /must be one of "push-notification", "phone", "email", "otp", "webauthn-roaming", "webauthn-platform"/],
  ["allowMultipleEnrollments not a boolean", { userId: "email|a", allowMultipleEnrollments: 0 }, "allowMultipleEnrollments", /must be a boolean/],
  ["customDomain too short", { userId: "email|a", customDomain: "ab" }, "customDomain", HOST_NAME],
  ["customDomain of 254 characters", { userId: "email|a", customDomain: `${"d.".repeat(125)}abcd` }, "customDomain", HOST_NAME],
  ["customDomain with a scheme", { userId: "email|a", customDomain: "https://login.example.com/" }, "customDomain", HOST_NAME],
  ["customDomain with a path", { userId: "email|a", customDomain: "login.example.com/x" }, "customDomain", HOST_NAME],
  ["customDomain with a query", { userId: "email|a", customDomain: "login.example.com?x" }, "customDomain", HOST_NAME],
  ["customDomain with a fragment", { userId: "email|a", customDomain: "login.example.com#x" }, "customDomain", HOST_NAME],
  ["customDomain with a port", { userId: "email|a", customDomain: "login.example.com:443" }, "customDomain", HOST_NAME],
  ["customDomain with a space", { userId: "email|a", customDomain: "login example.com" }, "customDomain", HOST_NAME],
  ["customDomain with CRLF", { userId: "email|a", customDomain: "login.example.com\r\nx-injected: 1" }, "customDomain", HOST_NAME],
  ["customDomain not ASCII", { userId: "email|a", customDomain: "logín.example.com" }, "customDomain", HOST_NAME],
  ["customDomain with an empty label", { userId: "email|a", customDomain: "login..example.com" }, "customDomain", HOST_NAME],
  ["customDomain with a trailing dot", { userId: "email|a", customDomain: "login.example.com." }, "customDomain", HOST_NAME],
  ["customDomain label starting with a hyphen", { userId: "email|a", customDomain: "-login.example.com" }, "customDomain", HOST_NAME],
  ["customDomain label ending with a hyphen", { userId: "email|a", customDomain: "login-.example.com" }, "customDomain", HOST_NAME],
  ["customDomain label of 64 characters", { userId: "email|a", customDomain: `${"l".repeat(64)}.example.com` }, "customDomain", HOST_NAME],
  ["extra property", { userId: "email|a", ticketUrl: "https://x" }, "ticketUrl", /unknown property; allowed: userId, email/],
];

const handlers = { PushProviderSelection: pushHandler, PhoneProvider: phoneHandler, EnrollmentTicket: ticketHandler };
const table: [string, ...Case][] = [
  ...pushCases.map((c): [string, ...Case] => ["PushProviderSelection", ...c]),
  ...phoneCases.map((c): [string, ...Case] => ["PhoneProvider", ...c]),
  ...ticketCases.map((c): [string, ...Case] => ["EnrollmentTicket", ...c]),
];

describe("check rejects invalid inputs before any HTTP call", () => {
  it.each(table)("%s: %s", async (resource, _label, news, property, reason) => {
    const handler = handlers[resource as keyof typeof handlers];
    const result = await handler.check({}, { ...news, __provider: "text" });
    // "": a failure that must name no property (the engine would print a secret), its reason read whole.
    const failure = property === "" ? result.failures?.find((candidate) => candidate.property === "" && reason.test(candidate.reason)) : failureAt(result.failures, property);
    expect(failure, JSON.stringify(result.failures)).toBeDefined();
    if (property !== "") expect(failureReason(failure as CheckFailure)).toMatch(reason);
    expect(JSON.stringify(result.failures)).not.toContain(AUTH_TOKEN);
    // Inputs come back under the same keys (secrets stay re-markable), without __provider.
    expect(result.inputs).toEqual(news);
    expect(emulator.requests).toHaveLength(0);
  });

  it("accepts the edges of every limit", async () => {
    const edges: [keyof typeof handlers, Record<string, unknown>][] = [
      ["EnrollmentTicket", { userId: "u", customDomain: "abc" }],
      // 253 characters in labels of 63, 63, 63 and 61.
      ["EnrollmentTicket", { userId: "u", customDomain: ["a", "b", "c"].map((c) => c.repeat(63)).concat("d".repeat(61)).join(".") }],
      ["EnrollmentTicket", { userId: "u", customDomain: "xn--bcher-kva.example" }],
      ["EnrollmentTicket", { userId: "u", customDomain: "a-1.B-2.c3" }],
      ["PhoneProvider", withConfiguration({ sid: "AC1", deliveryMethods: ["voice", "text"], mssid: "MG1" })],
      ["PhoneProvider", { name: "custom", credentials: {} }],
      ["PushProviderSelection", { provider: "direct" }],
    ];
    // A phone provider's omitted `disabled` comes back as its default.
    const withDefaults = (resource: keyof typeof handlers, news: Record<string, unknown>) => (resource === "PhoneProvider" ? { disabled: false, ...news } : news);
    for (const [resource, news] of edges) {
      await expect(handlers[resource].check({}, news), JSON.stringify(news)).resolves.toEqual({ inputs: withDefaults(resource, news), failures: [] });
    }
    expect(emulator.requests).toHaveLength(0);
  });
});
