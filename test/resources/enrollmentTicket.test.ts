// EnrollmentTicket handlers against the emulator over real HTTP: create (body and custom-domain header),
// replace on any change, read from state, the no-op delete, and no retry after an ambiguous POST.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/enrollmentTicket/handler";
import {
  UNKNOWN,
  apiRequests,
  rejectionOf,
  useConfiguredTenant,
} from "./harness";

const tenant = useConfiguredTenant(handler);

const TICKET = "/api/v2/guardian/enrollments/ticket";

const fullInputs = {
  userId: "email|alice",
  email: "alice@example.com",
  sendMail: true,
  emailLocale: "fr",
  factor: "push-notification",
  allowMultipleEnrollments: false,
  customDomain: "login.example.com",
};

async function createTicket(inputs: Record<string, unknown>) {
  const checked = await handler.check({}, inputs);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

describe("EnrollmentTicket lifecycle", () => {
  it("creates with every field, the custom domain as a header, and keeps the url in outputs", async () => {
    const created = await createTicket(fullInputs);
    expect(tenant().state.enrollmentTickets).toHaveLength(1);
    const issued = tenant().state.enrollmentTickets[0];
    expect(issued.request).toEqual({
      user_id: "email|alice",
      email: "alice@example.com",
      send_mail: true,
      email_locale: "fr",
      factor: "push-notification",
      allow_multiple_enrollments: false,
    });
    expect(issued.customDomain).toBe("login.example.com");
    // The ticket id is the secret part of the URL: the resource id is its digest, never the id itself.
    expect(created.id).toBe(`tkt_${createHash("sha256").update(issued.ticket_id).digest("hex").slice(0, 32)}`);
    expect(created.outs).toEqual({ ...fullInputs, ticketId: issued.ticket_id, ticketUrl: issued.ticket_url, schemaVersion: 1 });
    expect(issued.ticket_url.startsWith("https://login.example.com/")).toBe(true);
  });

  it("sends only the fields the user set, and no custom-domain header without customDomain", async () => {
    const created = await createTicket({ userId: "email|bob" });
    const issued = tenant().state.enrollmentTickets[0];
    expect(issued.request).toEqual({ user_id: "email|bob" });
    expect(issued.customDomain).toBeUndefined();
    expect(created.outs).toEqual({ userId: "email|bob", ticketId: issued.ticket_id, ticketUrl: issued.ticket_url, schemaVersion: 1 });
  });

  it("replaces on any input change and on unknowns, never updates", async () => {
    const created = await createTicket(fullInputs);
    await expect(handler.diff(created.id, created.outs, fullInputs)).resolves.toMatchObject({ changes: false, replaces: [] });
    await expect(handler.diff(created.id, created.outs, { ...fullInputs, factor: "otp", sendMail: false })).resolves.toMatchObject({
      changes: true,
      replaces: ["sendMail", "factor"],
    });
    const { customDomain: _dropped, ...withoutDomain } = fullInputs;
    await expect(handler.diff(created.id, created.outs, withoutDomain)).resolves.toMatchObject({ replaces: ["customDomain"] });
    await expect(handler.diff(created.id, created.outs, { ...fullInputs, userId: UNKNOWN })).resolves.toMatchObject({
      changes: true,
      replaces: ["userId"],
    });
    const error = await rejectionOf(handler.update(created.id, created.outs, { ...fullInputs, factor: "otp" }));
    expect(error.message).toMatch(/cannot be updated in place/);
    expect(tenant().state.enrollmentTickets).toHaveLength(1);
  });

  it("reads the stored state (the API has no read) and deletes without a request", async () => {
    const created = await createTicket(fullInputs);
    const before = apiRequests(tenant());
    const read = await handler.read(created.id, { ...created.outs, __provider: "text" });
    expect(read).toEqual({ id: created.id, props: created.outs, inputs: fullInputs });
    await handler.delete(created.id, created.outs);
    expect(apiRequests(tenant())).toBe(before);
  });

  it("get fails naming the id and saying why, without a request: the service cannot read tickets back", async () => {
    const before = apiRequests(tenant());
    const error = await rejectionOf(handler.read("tkt_123", { __provider: "serialized provider" }));
    expect(error.message).toBe(
      'EnrollmentTicket.get("tkt_123"): the service cannot read enrollment tickets back, so a ticket cannot be looked ' +
        "up by id. Read the ticket's outputs from the stack that created it instead (a pulumi.StackReference to its " +
        "exported outputs).",
    );
    expect(apiRequests(tenant())).toBe(before);
  });

  it("surfaces an unknown user as the service's 404", async () => {
    const error = await rejectionOf(createTicket({ userId: "email|unknown-carol" }));
    expect(error.message).toMatch(/404.*The user does not exist/);
  });
});

describe("EnrollmentTicket preview", () => {
  it("accepts unknowns in check without any request", async () => {
    const news = { ...fullInputs, userId: UNKNOWN, email: UNKNOWN, factor: UNKNOWN, customDomain: UNKNOWN, sendMail: UNKNOWN };
    await expect(handler.check({}, news)).resolves.toEqual({ inputs: news, failures: [] });
    expect(tenant().requests).toHaveLength(0);
  });
});

describe("EnrollmentTicket after a dropped connection", () => {
  it("does not retry, and says a ticket may have been minted", async () => {
    tenant().injectFault({ method: "POST", path: TICKET, count: 1, kind: "drop", afterHandling: true });
    const error = await rejectionOf(createTicket(fullInputs));
    expect(error.message).toMatch(/A ticket may have been minted/);
    expect(error.message).toMatch(/mints another ticket/);
    expect(tenant().count("POST", TICKET)).toBe(1);
    expect(tenant().state.enrollmentTickets).toHaveLength(1);
    expect(error.message).not.toContain(tenant().state.enrollmentTickets[0].ticket_url);
  });
});
