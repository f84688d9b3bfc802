// Phone templates: what is refused (400 invalid_body with the z-schema messages, 404 for an id not found) and
// the test notification (try), each refusal changing nothing.
import { describe, expect, it } from "vitest";
import { call, phoneTemplate, TEMPLATES_PATH, useEmulator, type Json } from "./support";

const NOT_FOUND = { statusCode: 404, error: "Not Found", message: "Notification Resource not found" };
const CONTENT = "(The content of the phone template)";
const BODY = "(The text and voice bodies of the phone template)";
const FROM = "(Default phone number to be used as 'from' when sending a phone notification)";
const TEXT = "(Content of the phone template for text notifications)";
const invalidBody = (message: string) => ({ statusCode: 400, error: "Bad Request", message: `Payload validation error: ${message}`, errorCode: "invalid_body" });

describe("phone template validation", () => {
  const ctx = useEmulator();
  const create = (body: Json) => call(ctx.emulator, "POST", TEMPLATES_PATH, { token: ctx.token, body });
  const createdId = async (): Promise<string> => (await create(phoneTemplate("otp_verify"))).body.id as string;
  const snapshot = () => JSON.stringify(ctx.emulator.state.snapshot());

  it.each([
    ["type missing", { content: { body: { text: "x" } } }, "'Missing required property: type'."],
    ["content missing", { type: "otp_verify" }, "'Missing required property: content'."],
    ["an unknown type", phoneTemplate("welcome"), `'No enum match for: "welcome"' on property type (Type of the phone notification template).`],
    ["disabled not a boolean", phoneTemplate("otp_verify", { disabled: "no" }), "'Expected type boolean but found type string' on property disabled (Whether the template is enabled (false) or disabled (true))."],
    ["an extra property", phoneTemplate("otp_verify", { customizable: true }), "'Additional properties not allowed: customizable'."],
    ["content without body", { type: "otp_verify", content: { from: "+15550100" } }, `'Missing required property: body' on property content ${CONTENT}.`],
    ["an empty body", { type: "otp_verify", content: { body: {} } }, `'Too few properties defined (0), minimum 1' on property content.body ${BODY}.`],
    ["an unknown body", { type: "otp_verify", content: { body: { sms: "x" } } }, `'Additional properties not allowed: sms' on property content.body ${BODY}.`],
    ["an empty text", { type: "otp_verify", content: { body: { text: "" } } }, `'String is too short (0 chars), minimum 1' on property content.body.text ${TEXT}.`],
    ["a text over 20,000", { type: "otp_verify", content: { body: { text: "x".repeat(20_001) } } }, `'String is too long (20001 chars), maximum 20000' on property content.body.text ${TEXT}.`],
    ["a voice over 20,000", { type: "otp_verify", content: { body: { voice: "x".repeat(20_001) } } }, "'String is too long (20001 chars), maximum 20000' on property content.body.voice (Content of the phone template for voice notifications)."],
    ["an empty from", { type: "otp_verify", content: { from: "", body: { text: "x" } } }, `'String is too short (0 chars), minimum 1' on property content.from ${FROM}.`],
    ["a from over 16", { type: "otp_verify", content: { from: "+".padEnd(17, "1"), body: { text: "x" } } }, `'String is too long (17 chars), maximum 16' on property content.from ${FROM}.`],
    ["a syntax other than liquid", { type: "otp_verify", content: { syntax: "handlebars", body: { text: "x" } } }, `'No enum match for: "handlebars"' on property content.syntax (The template's syntax).`],
  ])("POST with %s is 400 and creates nothing", async (_label, body, message) => {
    const before = snapshot();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidBody(message));
    expect(snapshot()).toBe(before);
  });

  it("POST takes the limits themselves: bodies of 20,000, a from of 16 without '+', syntax liquid", async () => {
    const content = { syntax: "liquid", from: "1".repeat(16), body: { text: "t".repeat(20_000), voice: "v".repeat(20_000) } };
    const res = await create({ type: "change_password", content });
    expect(res.status).toBe(201);
    expect(res.body.content).toEqual(content);
  });

  it("takes JSON only: a form-encoded create is 415 and creates nothing", async () => {
    const res = await call(ctx.emulator, "POST", TEMPLATES_PATH, { token: ctx.token, form: { type: "otp_verify" } });
    expect(res.status).toBe(415);
    expect(ctx.emulator.state.phoneTemplates.custom.size).toBe(0);
  });

  it.each([
    ["type", { type: "otp_enroll" }, "'Additional properties not allowed: type'."],
    ["content.syntax", { content: { syntax: "liquid", body: { text: "x" } } }, `'Additional properties not allowed: syntax' on property content ${CONTENT}.`],
    ["an empty body", {}, "'Too few properties defined (0), minimum 1'."],
    ["an empty content", { content: {} }, `'Too few properties defined (0), minimum 1' on property content ${CONTENT}.`],
    ["an empty content.body", { content: { body: {} } }, `'Too few properties defined (0), minimum 1' on property content.body ${BODY}.`],
    ["an empty from", { content: { from: "" } }, `'String is too short (0 chars), minimum 1' on property content.from ${FROM}.`],
    ["a null from", { content: { from: null } }, `'Expected type string but found type null' on property content.from ${FROM}.`],
  ])("PATCH with %s is 400 and changes nothing", async (_label, body, message) => {
    const id = await createdId();
    const before = snapshot();
    const res = await call(ctx.emulator, "PATCH", `${TEMPLATES_PATH}/${id}`, { token: ctx.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidBody(message));
    expect(snapshot()).toBe(before);
  });

  it("reset with a body other than {} is 400 and changes nothing", async () => {
    const id = await createdId();
    const before = snapshot();
    const res = await call(ctx.emulator, "PATCH", `${TEMPLATES_PATH}/${id}/reset`, { token: ctx.token, body: { type: "otp_verify" } });
    expect(res.body).toEqual(invalidBody("'Additional properties not allowed: type'."));
    expect(snapshot()).toBe(before);
  });

  it.each([
    ["an unknown id", "tem_1111111111111111111111"],
    ["a type name", "otp_verify"],
    ["an id with other characters", "tem_a-b"],
    ["another resource's id", "pro_1111111111111111111111"],
  ])("%s is the recorded 404 on every operation by id", async (_label, id) => {
    await createdId();
    const before = snapshot();
    const requests: [string, string, Json | undefined][] = [
      ["GET", "", undefined],
      ["PATCH", "", { disabled: true }],
      ["DELETE", "", undefined],
      ["PATCH", "/reset", undefined],
      ["POST", "/try", { to: "+15550100" }],
    ];
    for (const [method, suffix, body] of requests) {
      const res = await call(ctx.emulator, method, `${TEMPLATES_PATH}/${encodeURIComponent(id)}${suffix}`, { token: ctx.token, body });
      expect([method, suffix, res.status, res.body]).toEqual([method, suffix, 404, NOT_FOUND]);
    }
    expect(snapshot()).toBe(before);
  });

  it("checks the body before looking the id up: an invalid body to an unknown id is 400", async () => {
    const res = await call(ctx.emulator, "PATCH", `${TEMPLATES_PATH}/tem_1111111111111111111111`, { token: ctx.token, body: { type: "otp_verify" } });
    expect(res.status).toBe(400);
  });

  describe("try", () => {
    const tryOn = (id: string, body: Json | undefined) => call(ctx.emulator, "POST", `${TEMPLATES_PATH}/${id}/try`, { token: ctx.token, body });

    it.each([
      [{ to: "911234567890", delivery_method: "text" }],
      [{ to: "+15550100", delivery_method: "voice" }],
      [{ to: "1" }],
      [{ to: "+15550100", delivery_method: "text", locale: "en" }],
    ])("accepts %j: 202 with the recorded body, and changes nothing", async (body) => {
      const id = await createdId();
      const before = snapshot();
      const res = await tryOn(id, body);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ code: 202, message: "Test notification successfully sent for processing" });
      expect(snapshot()).toBe(before);
    });

    it("accepts a try on a disabled template too", async () => {
      const { id } = (await create(phoneTemplate("otp_enroll", { disabled: true }))).body;
      expect((await tryOn(id, { to: "+15550100", delivery_method: "voice" })).status).toBe(202);
    });

    it.each([
      ["without to", { delivery_method: "text" }, "'Missing required property: to'."],
      ["with an empty to", { to: "" }, "'String is too short (0 chars), minimum 1' on property to (Destination of the testing phone notification)."],
      ["with a to over 16", { to: "1".repeat(17) }, "'String is too long (17 chars), maximum 16' on property to (Destination of the testing phone notification)."],
      ["with delivery_method sms", { to: "1", delivery_method: "sms" }, `'No enum match for: "sms"' on property delivery_method (Medium to use to send the notification).`],
      ["with no body at all", undefined, "'Expected type object but found type null'."],
    ])("is 400 %s", async (_label, body, message) => {
      const res = await tryOn(await createdId(), body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalidBody(message));
    });
  });
});
