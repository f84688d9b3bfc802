// OtpSettings against the emulator over real HTTP: the phone factor ("sms") on `…/phone/settings` (never the
// deprecated `…/sms/…` paths), email on `…/email/settings`, both fields PUT together (one left out as the tenant holds
// it), destroy putting back what create found, ranges checked before any call.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/otpSettings/handler";
import { apiRequests, createChecked, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const PHONE = "/api/v2/guardian/factors/phone/settings";
const EMAIL = "/api/v2/guardian/factors/email/settings";

const created = (inputs: Record<string, unknown>) => createChecked(handler, inputs);

describe("OtpSettings lifecycle", () => {
  it("sms is the phone factor's path; a length left out is the tenant's, never recorded; destroy puts the lifetime back", async () => {
    tenant().state.factorSettings.otp.phone.otp_length = 8;
    const made = await created({ factor: "sms", otpExpirationTime: 120 });
    expect(apiCalls()).toEqual([`GET ${PHONE}`, `PUT ${PHONE}`]);
    expect(made).toEqual({
      id: "sms",
      outs: { factor: "sms", otpLength: 8, otpExpirationTime: 120, previousSettings: { otpExpirationTime: 300 }, tenantDomain: tenantHostOf(tenant()), schemaVersion: 1 },
    });
    expect(tenant().state.factorSettings.otp.phone).toEqual({ otp_length: 8, otp_expiration_time: 120 });
    expect(tenant().count(undefined, "/api/v2/guardian/factors/sms")).toBe(0);
    // A length changed by hand stays: the program leaves it out.
    tenant().state.factorSettings.otp.phone.otp_length = 4;
    await handler.delete(made.id, made.outs);
    expect(tenant().state.factorSettings.otp.phone).toEqual({ otp_length: 4, otp_expiration_time: 300 });
  });

  it("email: an update with a field left out reads first; refresh finds drift", async () => {
    const made = await created({ factor: "email", otpLength: 8, otpExpirationTime: 600 });
    const before = apiCalls().length;
    await handler.update(made.id, made.outs, { factor: "email", otpLength: 10 });
    expect(apiCalls().slice(before)).toEqual([`GET ${EMAIL}`, `PUT ${EMAIL}`]);
    expect(tenant().state.factorSettings.otp.email).toEqual({ otp_length: 10, otp_expiration_time: 600 });
    tenant().state.factorSettings.otp.email.otp_length = 4;
    const refreshed = await handler.read(made.id, made.outs);
    await expect(handler.diff(made.id, refreshed.props, { factor: "email", otpLength: 8, otpExpirationTime: 600 })).resolves.toMatchObject({ changes: true, diffs: ["otpLength"] });
  });

  it("a tenant's list: both factors' settings, one read each", async () => {
    const listed = (await handler.list?.()) ?? [];
    expect(listed.map((item) => [item.id, "inputs" in item ? item.inputs : item.undeclarable])).toEqual([
      ["sms", { factor: "sms", otpLength: 6, otpExpirationTime: 300 }],
      ["email", { factor: "email", otpLength: 6, otpExpirationTime: 300 }],
    ]);
    expect(apiCalls()).toEqual([`GET ${PHONE}`, `GET ${EMAIL}`]);
  });
});

describe("OtpSettings check", () => {
  it.each([
    [{ factor: "sms", otpLength: 3 }, "otpLength", "must be a whole number from 4 to 10 (digits)"],
    [{ factor: "sms", otpLength: 6.5 }, "otpLength", "must be a whole number from 4 to 10 (digits)"],
    [{ factor: "email", otpExpirationTime: 3601 }, "otpExpirationTime", "must be a whole number from 30 to 3600 (seconds)"],
    [{ factor: "phone" }, "factor", 'must be one of "sms", "email"'],
  ])("%j is refused before any call", async (inputs, property, reason) => {
    expect((await handler.check({}, inputs)).failures).toEqual([{ property, reason }]);
    expect(apiRequests(tenant())).toBe(0);
  });
});
