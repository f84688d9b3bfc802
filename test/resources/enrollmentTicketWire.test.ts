// expand and flatten of the enrollment ticket, on the recorded shapes of the API.
import { describe, expect, it } from "vitest";
import type { EnrollmentTicketInputs } from "../../provider/resources/enrollmentTicket/definition";
import {
  CUSTOM_DOMAIN_HEADER,
  expandTicket,
  flattenTicket,
  ticketRequestBody,
  ticketResponse,
  type TicketRequest,
} from "../../provider/resources/enrollmentTicket/wire";

describe("expandTicket", () => {
  const cases: [label: string, inputs: EnrollmentTicketInputs, expected: TicketRequest][] = [
    ["only the user", { userId: "email|a" }, { body: { user_id: "email|a" }, headers: {} }],
    [
      "the recorded request",
      { userId: "idp|68998c2d684ac37fcd52bfbe", email: "jon@example.com", factor: "push-notification" },
      { body: { user_id: "idp|68998c2d684ac37fcd52bfbe", email: "jon@example.com", factor: "push-notification" }, headers: {} },
    ],
    [
      "every field: snake_case body, custom domain as a header only",
      {
        userId: "email|a",
        email: "a@example.com",
        sendMail: false,
        emailLocale: "fr",
        factor: "otp",
        allowMultipleEnrollments: true,
        customDomain: "login.example.com",
      },
      {
        body: { user_id: "email|a", email: "a@example.com", send_mail: false, email_locale: "fr", factor: "otp", allow_multiple_enrollments: true },
        headers: { [CUSTOM_DOMAIN_HEADER]: "login.example.com" },
      },
    ],
    ["false booleans are sent, unset ones are not", { userId: "u", allowMultipleEnrollments: false }, { body: { user_id: "u", allow_multiple_enrollments: false }, headers: {} }],
  ];
  it.each(cases)("%s", (_label, inputs, expected) => {
    const request = expandTicket(inputs);
    expect(request).toEqual(expected);
    // Only keys the user set: no key with an undefined value reaches the body.
    expect(Object.values(request.body)).not.toContain(undefined);
    expect(ticketRequestBody.strict().parse(request.body)).toEqual(request.body);
  });
});

describe("flattenTicket of a parsed response", () => {
  const cases: [label: string, wire: unknown][] = [
    ["the recorded answer", { ticket_id: "jip3H2Q20fiUyQCcMmS0gBAinoBe4rOV", ticket_url: "https://my-tenant.example.com/mfa/enrollment?ticket=jip3H2Q20fiUyQCcMmS0gBAinoBe4rOV" }],
    ["an older URL shape, kept opaque", { ticket_id: "gten_abc", ticket_url: "https://t.guardian.eu.example.com/enrollment?ticket_id=gten_abc" }],
    ["extra unknown fields", { ticket_id: "a", ticket_url: "https://x/y", expires_at: "2026-01-01" }],
  ];
  it.each(cases)("%s", (_label, wire) => {
    const { ticket_id, ticket_url } = wire as { ticket_id: string; ticket_url: string };
    expect(flattenTicket(ticketResponse.parse(wire))).toEqual({ ticketId: ticket_id, ticketUrl: ticket_url });
  });

  it.each([
    ["ticket_url missing", { ticket_id: "a" }],
    ["ticket_id empty", { ticket_id: "", ticket_url: "https://x" }],
  ])("rejects a response with %s", (_label, wire) => {
    expect(ticketResponse.safeParse(wire).success).toBe(false);
  });
});
