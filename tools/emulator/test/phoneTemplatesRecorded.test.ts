// Phone templates as recorded on the real service (2025-02 and 2025-12): the recorded request bodies are sent as
// they were, and each answer must be the recorded one, key order included, once the values only the service
// can know (id, tenant, timestamps) are taken from the emulator's answer.
import { describe, expect, it } from "vitest";
import { call, ISO_MS, TEMPLATES_PATH, useEmulator, type Json } from "./support";

const TENANT = "go-tenant-dev.eu.identity.example";

/** The recorded answer with the emulator's id, tenant and timestamps put in, so that only the shape and the rest are compared. */
function recorded(text: string, answer: Json): string {
  const expected = JSON.parse(text) as Json;
  const fill = (item: Json, actual: Json | undefined): void => {
    for (const key of ["id", "tenant", "created_at", "updated_at"]) {
      if (key in item && actual !== undefined && key in actual) item[key] = actual[key];
    }
  };
  if (Array.isArray(expected.templates)) expected.templates.forEach((item: Json, index: number) => fill(item, answer.templates?.[index]));
  else fill(expected, answer);
  return JSON.stringify(expected);
}

const ENROLL_CREATE = `{"content":{"from":"+1234567890","body":{"text":"Your enrollment code is: @{code}","voice":"Your enrollment code is @{code}"}},"type":"otp_enroll","disabled":false}`;
const ENROLL_CREATED = `{"id":"tem_unfGwbzq8aykhGPih5QLs1","tenant":"t","channel":"phone","type":"otp_enroll","disabled":false,"created_at":"2025-12-05T15:30:16.653Z","updated_at":"2025-12-05T15:30:16.653Z","content":{"syntax":"liquid","body":{"text":"Your enrollment code is: @{code}","voice":"Your enrollment code is @{code}"},"from":"+1234567890"}}`;
const ENROLL_UPDATE = `{"content":{"from":"+9876543210","body":{"text":"Updated enrollment code: @{code}","voice":"Updated enrollment code: @{code}"}},"disabled":true}`;
const ENROLL_UPDATED = `{"id":"tem_unfGwbzq8aykhGPih5QLs1","tenant":"t","channel":"phone","type":"otp_enroll","disabled":true,"created_at":"2025-12-05T15:30:16.653Z","updated_at":"2025-12-05T15:30:20.261Z","content":{"syntax":"liquid","body":{"text":"Updated enrollment code: @{code}","voice":"Updated enrollment code: @{code}"},"from":"+9876543210"}}`;
const BLOCKED_CREATE = `{"content":{"body":{"text":"Your account has been blocked","voice":"Your account has been blocked"}},"type":"blocked_account","disabled":false}`;
const BLOCKED_CREATED = `{"id":"tem_r3baZ7EAaWYN75fFxAMJ3A","tenant":"t","channel":"phone","type":"blocked_account","disabled":false,"created_at":"2025-12-05T15:30:27.368Z","updated_at":"2025-12-05T15:30:27.368Z","content":{"syntax":"liquid","body":{"text":"Your account has been blocked","voice":"Your account has been blocked"}}}`;
const BREACH = "We Detected a security breach in your account. Please reset your password. {{user.source_ip}}{% if user.city %} from {{user.city}}, {{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}.";
const VERIFY_CREATE = JSON.stringify({ content: { syntax: "liquid", from: "1234567890", body: { text: BREACH, voice: BREACH } }, type: "otp_verify", disabled: false });
const VERIFY_RESET = `{"id":"tem_rTHkjwsKV5SmPSJdWyCDSB","tenant":"t","channel":"phone","type":"otp_verify","disabled":false,"created_at":"2025-02-10T11:53:44.876Z","updated_at":"2025-02-10T11:53:45.216Z","content":{"syntax":"liquid","body":{"text":"{{ code | escape }} is your verification code for {{ friendly_name | escape }}","voice":"Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}"},"from":"1234567890"}}`;
const BLOCKED_DEFAULT = "We detected suspicious activity on your account from the ip {{user.source_ip}}{% if user.city %} from {{user.city}}, {{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}. Logins from this IP have been blocked on your account. If this is your IP, please reset your password to unblock your account. Otherwise, disregard this message.";
const VERIFICATION_VOICE = "Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}";
const FRESH_LISTING = JSON.stringify({
  templates: [
    ["blocked_account", BLOCKED_DEFAULT, BLOCKED_DEFAULT],
    ["change_password", "{{ code | escape }} is your password change code for {{ friendly_name | escape }}", "Hello. Your password change code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your password change code is {{ pause }} {{ code | escape }}"],
    ["otp_enroll", "{{ code | escape }} is your verification code for {{ friendly_name | escape }}. Please enter this code to verify your enrollment.", VERIFICATION_VOICE],
    ["otp_verify", "{{ code | escape }} is your verification code for {{ friendly_name | escape }}", VERIFICATION_VOICE],
  ].map(([type, text, voice]) => ({
    tenant: "t",
    channel: "phone",
    type,
    disabled: false,
    created_at: "2025-02-10T12:00:53.221Z",
    updated_at: "2025-02-10T12:00:53.221Z",
    content: { syntax: "liquid", body: { text, voice }, from: "" },
  })),
});

describe("phone templates as recorded on the real service", () => {
  const ctx = useEmulator({ tenant: TENANT });
  const send = (method: string, path: string, raw?: string) =>
    call(ctx.emulator, method, path, { token: ctx.token, ...(raw === undefined ? {} : { raw }) });

  it("a fresh tenant's listing: the four defaults without id, from '', one timestamp", async () => {
    const res = await send("GET", TEMPLATES_PATH);
    expect(res.status).toBe(200);
    expect(res.text).toBe(recorded(FRESH_LISTING, res.body));
    expect(new Set(res.body.templates.map((item: Json) => item.created_at)).size).toBe(1);
  });

  it("create, read, update and delete of otp_enroll: 201, 200, 200 (created_at kept, updated_at on), 204, then 404", async () => {
    const created = await send("POST", TEMPLATES_PATH, ENROLL_CREATE);
    expect(created.status).toBe(201);
    expect(created.text).toBe(recorded(ENROLL_CREATED, created.body));
    expect(created.body.id).toMatch(/^tem_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(created.body.tenant).toBe(TENANT);
    const path = `${TEMPLATES_PATH}/${created.body.id}`;
    const read = await send("GET", path);
    expect(read.text).toBe(created.text);
    const updated = await send("PATCH", path, ENROLL_UPDATE);
    expect(updated.status).toBe(200);
    expect(updated.text).toBe(recorded(ENROLL_UPDATED, updated.body));
    expect(updated.body.created_at).toBe(created.body.created_at);
    expect(updated.body.updated_at > created.body.updated_at).toBe(true);
    const deleted = await send("DELETE", path);
    expect([deleted.status, deleted.text, deleted.headers.get("content-type")]).toEqual([204, "", "application/json; charset=utf-8"]);
    const again = await send("DELETE", path);
    expect([again.status, again.text]).toEqual([404, `{"statusCode":404,"error":"Not Found","message":"Notification Resource not found"}`]);
  });

  it("a create without from answers without the from key", async () => {
    const created = await send("POST", TEMPLATES_PATH, BLOCKED_CREATE);
    expect(created.status).toBe(201);
    expect(created.text).toBe(recorded(BLOCKED_CREATED, created.body));
  });

  it("reset, sent with a JSON content type and no body: the default body back, from kept, disabled unchanged", async () => {
    const created = await send("POST", TEMPLATES_PATH, VERIFY_CREATE);
    expect(created.status).toBe(201);
    const reset = await send("PATCH", `${TEMPLATES_PATH}/${created.body.id}/reset`, "");
    expect(reset.status).toBe(200);
    expect(reset.text).toBe(recorded(VERIFY_RESET, reset.body));
    expect(reset.body.updated_at).toMatch(ISO_MS);
    expect(reset.body.updated_at > created.body.updated_at).toBe(true);
  });

  it("try: 202 with the recorded body for the recorded request", async () => {
    const created = await send("POST", TEMPLATES_PATH, VERIFY_CREATE);
    const tried = await send("POST", `${TEMPLATES_PATH}/${created.body.id}/try`, `{"to":"911234567890","delivery_method":"text"}`);
    expect(tried.status).toBe(202);
    expect(tried.text).toBe(`{"code":202,"message":"Test notification successfully sent for processing"}`);
  });

  it("after one type is customized, the listing holds it with its id first, then the other three defaults", async () => {
    const created = await send("POST", TEMPLATES_PATH, VERIFY_CREATE);
    const listing = await send("GET", TEMPLATES_PATH);
    expect(listing.body.templates.map((item: Json) => [item.type, item.id])).toEqual([
      ["otp_verify", created.body.id],
      ["blocked_account", undefined],
      ["change_password", undefined],
      ["otp_enroll", undefined],
    ]);
    expect(listing.body.templates[0]).toEqual(created.body);
  });
});
