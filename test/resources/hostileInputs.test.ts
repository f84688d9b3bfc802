// Inputs that must not reach the network or mislead a check: ids that are not one path segment, prototype
// keys, and failures that would make the engine print a secret input.
import { describe, expect, it } from "vitest";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import * as handler from "../../provider/resources/phoneProvider/handler";
import * as ticketHandler from "../../provider/resources/enrollmentTicket/handler";
import { AUTH_TOKEN, apiRequests, configureRequest, rejectionOf, tenantConfig, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);

const vendor = () => ({
  name: "vendor_a",
  credentials: { authToken: AUTH_TOKEN },
  configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+15550100" },
});

/**
 * What the engine prints for a failure (rule 8 of its check handling): the value of the top-level input
 * the failure names, looked up by the whole property string; nothing for an empty property.
 */
function printedValues(inputs: Record<string, unknown>, failures: readonly CheckFailure[]): unknown[] {
  return failures.filter((failure) => failure.property !== "" && failure.property !== undefined).map((failure) => inputs[failure.property!]);
}

describe("phone provider ids", () => {
  const badIds = ["", ".", "..", "a/b", "../providers", "pro x", "pro%2e", "pro\r\nx", "prö_1"];

  it.each(badIds.map((id) => [JSON.stringify(id), id]))("read, update and delete refuse %s before any call, naming it", async (_label, id) => {
    const stored = { ...vendor(), disabled: false, adoptExisting: false, schemaVersion: 1 };
    const named = JSON.stringify(id);
    for (const call of [() => handler.read(id, stored), () => handler.update(id, stored, vendor()), () => handler.delete(id, stored)]) {
      const error = await rejectionOf(call());
      expect(error.message).toContain(`PhoneProvider id ${named} is not a phone provider id`);
      expect(error.message).toContain("Nothing was sent.");
    }
    expect(apiRequests(tenant())).toBe(0);
  });

  it("keeps other ids opaque: any unreserved characters are sent (the service judges them), an unknown id reads as gone", async () => {
    const stored = { ...vendor(), disabled: false, adoptExisting: false, schemaVersion: 1 };
    await expect(handler.read("pro_Any.id~with-unreserved_chars", stored)).rejects.toThrow(/400/);
    expect(tenant().count("GET", "/api/v2/branding/phone/providers/pro_Any.id~with-unreserved_chars")).toBe(1);
    // A refresh (stored outputs given): gone; a `.get` (no outputs) would fail naming the id instead.
    await expect(handler.read("pro_0000000000000000000000", stored)).resolves.toEqual({ id: "" });
  });
});

describe("prototype keys", () => {
  it.each([
    ["__proto__ at the top", '{"__proto__":{"name":"custom"},"credentials":{}}', "__proto__"],
    ["__proto__ in credentials", `{"name":"vendor_a","credentials":{"__proto__":{"authToken":"${AUTH_TOKEN}"}}}`, "credentials.__proto__"],
    ["constructor in configuration", '{"name":"custom","credentials":{},"configuration":{"constructor":{}}}', "configuration.constructor"],
    ["prototype at the top", '{"name":"custom","credentials":{},"prototype":1}', "prototype"],
  ])("refuses %s, naming it", async (_label, json, property) => {
    const result = await handler.check({}, JSON.parse(json));
    expect(result.failures).toEqual([{ property, reason: expect.stringMatching(/^is not allowed: "__proto__", "constructor" and "prototype" keys are refused/) }]);
  });

  it("refuses an object whose prototype was set by assignment, as the host builds objects from the wire", async () => {
    // The inherited token would pass the schema: only the prototype key may be reported.
    const credentials: Record<string, unknown> = {};
    (credentials as { __proto__: unknown }).__proto__ = { authToken: AUTH_TOKEN };
    const result = await handler.check({}, { ...vendor(), credentials });
    expect(result.failures).toEqual([{ property: "credentials.__proto__", reason: expect.stringContaining("is not allowed") }]);
    await expect(handler.create({ ...vendor(), credentials })).rejects.toThrow(/credentials\.__proto__ is not allowed/);
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("failures on a secret input", () => {
  it.each([
    ["credentials given as the token itself", { ...vendor(), credentials: AUTH_TOKEN }],
    ["credentials as a list", { ...vendor(), credentials: [AUTH_TOKEN] }],
    ["credentials with an extra key", { ...vendor(), credentials: { authToken: AUTH_TOKEN, apiKey: AUTH_TOKEN } }],
    ["authToken of the wrong type", { ...vendor(), credentials: { authToken: 42 } }],
    ["credentials missing", { name: "vendor_a", configuration: vendor().configuration }],
  ])("never name the top-level property (%s)", async (_label, news) => {
    const result = await handler.check({}, news);
    const failures = result.failures ?? [];
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.map((failure) => failure.property)).not.toContain("credentials");
    expect(JSON.stringify(failures)).not.toContain(AUTH_TOKEN);
    for (const value of printedValues(news, failures)) expect(JSON.stringify(value ?? null)).not.toContain(AUTH_TOKEN);
  });

  it("say which input in the reason when they name none", async () => {
    const result = await handler.check({}, { ...vendor(), credentials: AUTH_TOKEN });
    expect(result.failures).toContainEqual({ property: "", reason: "credentials must be an object" });
  });
});

describe("customDomain", () => {
  it("refuses a header-breaking value in check and in create, with nothing sent and no talk of a minted ticket", async () => {
    await ticketHandler.configure(configureRequest(tenantConfig(tenant())));
    const inputs = { userId: "auth0|alice", customDomain: "login.example.com\r\nx-injected: 1" };
    const checked = await ticketHandler.check({}, inputs);
    expect(checked.failures?.map((failure) => failure.property)).toEqual(["customDomain"]);
    const error = await rejectionOf(ticketHandler.create(inputs));
    expect(error.message).toMatch(/^Invalid EnrollmentTicket inputs: customDomain must be a host name/);
    expect(error.message).not.toContain("may have been minted");
    expect(tenant().requests).toHaveLength(0);
  });
});
