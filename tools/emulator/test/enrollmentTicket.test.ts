// Contract operation 3: POST /guardian/enrollments/ticket (200, not 201) and the custom-domain header.
import { describe, expect, it } from "vitest";
import { CUSTOM_DOMAIN_HEADER } from "..";
import { call, TICKET_PATH, useEmulator, type Json } from "./support";

/** A host name of exactly n characters: labels of nine letters joined by dots. */
const domainOfLength = (n: number): string => Array.from({ length: n }, (_, i) => (i % 10 === 9 ? "." : "a")).join("");

const FACTORS = ["push-notification", "phone", "email", "otp", "webauthn-roaming", "webauthn-platform"];

describe("enrollment tickets", () => {
  const ctx = useEmulator();
  const post = (body: Json, headers?: Record<string, string>) =>
    call(ctx.emulator, "POST", TICKET_PATH, { token: ctx.token, body, headers });

  it("answers 200 with ticket_id and a ticket_url on the tenant's own host", async () => {
    const res = await post({ user_id: "email|68998c2d684ac37fcd52bfbe" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["ticket_id", "ticket_url"]);
    expect(res.body.ticket_id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body.ticket_url).toBe(`${ctx.emulator.url}/mfa/enrollment?ticket=${res.body.ticket_id}`);
    expect(new URL(res.body.ticket_url).searchParams.get("ticket")).toBe(res.body.ticket_id);
  });

  it("mints a new ticket on every call and records the request", async () => {
    const first = await post({ user_id: "email|1" });
    const second = await post({ user_id: "email|1" });
    expect(first.body.ticket_id).not.toBe(second.body.ticket_id);
    expect(ctx.emulator.state.enrollmentTickets.map((t) => t.ticket_id)).toEqual([first.body.ticket_id, second.body.ticket_id]);
  });

  it("accepts every optional field the contract lists", async () => {
    const body = {
      user_id: "sms|42",
      email: "jon@example.com",
      send_mail: true,
      email_locale: "fr",
      factor: "phone",
      allow_multiple_enrollments: true,
    };
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(ctx.emulator.state.enrollmentTickets[0].request).toEqual(body);
  });

  it.each(FACTORS)("accepts factor %s", async (factor) => {
    expect((await post({ user_id: "email|1", factor })).status).toBe(200);
  });

  it.each([
    ["user_id missing", { email: "a@b.co" }, "Payload validation error: 'Missing required property: user_id'."],
    ["empty user_id", { user_id: "" }, "Payload validation error: 'String is too short (0 chars), minimum 1' on property user_id (user_id for the enrollment ticket)."],
    ["a bad email", { user_id: "email|1", email: "not-an-email" }, "Payload validation error: 'Object didn't pass validation for format email: not-an-email' on property email (alternate email to which the enrollment email will be sent)."],
    ["send_mail as a string", { user_id: "email|1", send_mail: "yes" }, "Payload validation error: 'Expected type boolean but found type string' on property send_mail (Send an email to the user to start the enrollment)."],
    ["email_locale as a number", { user_id: "email|1", email_locale: 3 }, "Payload validation error: 'Expected type string but found type integer' on property email_locale (Optional. Specify the locale of the enrollment email)."],
    ["an unknown factor", { user_id: "email|1", factor: "sms" }, `Payload validation error: 'No enum match for: "sms"' on property factor (Optional. Specify the factor the user must enroll with).`],
    ["allow_multiple_enrollments as a string", { user_id: "email|1", allow_multiple_enrollments: "true" }, "Payload validation error: 'Expected type boolean but found type string' on property allow_multiple_enrollments (Optional. Allows a user who has previously enrolled in MFA to enroll with additional factors)."],
    ["an extra property", { user_id: "email|1", connection: "x" }, "Payload validation error: 'Additional properties not allowed: connection'."],
  ])("rejects %s with 400 invalid_body and mints nothing", async (_label, body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.enrollmentTickets).toHaveLength(0);
  });

  it.each(["email|unknown", "email|unknown-user-7", "no-connection-prefix"])("answers 404 inexistent_user for %s", async (userId) => {
    const res = await post({ user_id: userId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: "Not Found", message: "The user does not exist.", errorCode: "inexistent_user" });
    expect(ctx.emulator.state.enrollmentTickets).toHaveLength(0);
  });

  it.each([3, 255])("uses a %i-character custom-domain header as the ticket_url host", async (length) => {
    const domain = domainOfLength(length);
    expect(domain).toHaveLength(length);
    const res = await post({ user_id: "email|1" }, { [CUSTOM_DOMAIN_HEADER]: domain });
    expect(res.status).toBe(200);
    expect(new URL(res.body.ticket_url).host).toBe(domain);
    expect(ctx.emulator.state.enrollmentTickets[0].customDomain).toBe(domain);
  });

  it.each([2, 256])("rejects a %i-character custom-domain header with 400 and mints nothing", async (length) => {
    const res = await post({ user_id: "email|1" }, { [CUSTOM_DOMAIN_HEADER]: "a".repeat(length) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "The `service-custom-domain` HTTP header has an invalid format.",
    });
    expect(ctx.emulator.state.enrollmentTickets).toHaveLength(0);
  });
});
