// The service's recorded answers for phone templates (api-wire §10), byte for byte, fed to the PhoneTemplate handlers
// by a scripted server: every quoted create, get, update and delete answer is accepted and gives the recorded values
// as outputs, the requests are the recorded ones, and listings built from §10.3's item shape with §10.4's bodies are
// read as the service lists them. The 409 the service documents for a second POST of a type (never recorded) is
// settled by one more listing, never a second POST.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/phoneTemplate/handler";
import { reply } from "../support/scriptedReplies";
import { rejectionOf, useScriptedTenant } from "./harness";

const TEMPLATES = "/api/v2/branding/phone/templates";

// §10.1 and §10.2, and the cassettes the emulator's recorded test quotes (otp_enroll, blocked_account, a reset).
const ENROLL_CREATE = `{"content":{"from":"+1234567890","body":{"text":"Your enrollment code is: @{code}","voice":"Your enrollment code is @{code}"}},"type":"otp_enroll","disabled":false}`;
const ENROLL_CREATED = `{"id":"tem_unfGwbzq8aykhGPih5QLs1","tenant":"terraform-provider-auth0-dev","channel":"phone","type":"otp_enroll","disabled":false,"created_at":"2025-12-05T15:30:16.653Z","updated_at":"2025-12-05T15:30:16.653Z","content":{"syntax":"liquid","body":{"text":"Your enrollment code is: @{code}","voice":"Your enrollment code is @{code}"},"from":"+1234567890"}}`;
const ENROLL_UPDATE = `{"content":{"from":"+9876543210","body":{"text":"Updated enrollment code: @{code}","voice":"Updated enrollment code: @{code}"}},"disabled":true}`;
const ENROLL_UPDATED = `{"id":"tem_unfGwbzq8aykhGPih5QLs1","tenant":"terraform-provider-auth0-dev","channel":"phone","type":"otp_enroll","disabled":true,"created_at":"2025-12-05T15:30:16.653Z","updated_at":"2025-12-05T15:30:20.261Z","content":{"syntax":"liquid","body":{"text":"Updated enrollment code: @{code}","voice":"Updated enrollment code: @{code}"},"from":"+9876543210"}}`;
const BLOCKED_CREATE = `{"content":{"body":{"text":"Your account has been blocked","voice":"Your account has been blocked"}},"type":"blocked_account","disabled":false}`;
const BLOCKED_CREATED = `{"id":"tem_r3baZ7EAaWYN75fFxAMJ3A","tenant":"terraform-provider-auth0-dev","channel":"phone","type":"blocked_account","disabled":false,"created_at":"2025-12-05T15:30:27.368Z","updated_at":"2025-12-05T15:30:27.368Z","content":{"syntax":"liquid","body":{"text":"Your account has been blocked","voice":"Your account has been blocked"}}}`;
const VERIFY_TEXT = "{{ code | escape }} is your verification code for {{ friendly_name | escape }}";
const VERIFICATION_VOICE = "Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}";
const VERIFY_RESET = `{"id":"tem_rTHkjwsKV5SmPSJdWyCDSB","tenant":"go-auth0-dev.eu.auth0.com","channel":"phone","type":"otp_verify","disabled":false,"created_at":"2025-02-10T11:53:44.876Z","updated_at":"2025-02-10T11:53:45.216Z","content":{"syntax":"liquid","body":{"text":${JSON.stringify(VERIFY_TEXT)},"voice":${JSON.stringify(VERIFICATION_VOICE)}},"from":"1234567890"}}`;
const NOT_FOUND = `{"statusCode":404,"error":"Not Found","message":"Notification Resource not found"}`;
/** The OAS's text for a second POST of a type; status only, never recorded. */
const CONFLICT = `{"statusCode":409,"error":"Conflict","message":"Phone template already configured for tenant"}`;

const BLOCKED_DEFAULT =
  "We detected suspicious activity on your account from the ip {{user.source_ip}}{% if user.city %} from {{user.city}}, {{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}. Logins from this IP have been blocked on your account. If this is your IP, please reset your password to unblock your account. Otherwise, disregard this message.";
const DEFAULT_BODIES: Record<string, [string, string]> = {
  blocked_account: [BLOCKED_DEFAULT, BLOCKED_DEFAULT],
  change_password: [
    "{{ code | escape }} is your password change code for {{ friendly_name | escape }}",
    "Hello. Your password change code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your password change code is {{ pause }} {{ code | escape }}",
  ],
  otp_enroll: ["{{ code | escape }} is your verification code for {{ friendly_name | escape }}. Please enter this code to verify your enrollment.", VERIFICATION_VOICE],
  otp_verify: [VERIFY_TEXT, VERIFICATION_VOICE],
};

/** A listing as §10.3 recorded it: the custom templates given first, then a default (no id, `from: ""`) for every other type. */
function listing(...custom: string[]): string {
  const customized = custom.map((text) => JSON.parse(text) as { type: string });
  const defaults = Object.entries(DEFAULT_BODIES)
    .filter(([type]) => !customized.some((template) => template.type === type))
    .map(([type, [text, voice]]) => ({
      tenant: "go-auth0-dev.eu.auth0.com",
      channel: "phone",
      type,
      disabled: false,
      created_at: "2025-02-10T12:00:53.221Z",
      updated_at: "2025-02-10T12:00:53.221Z",
      content: { syntax: "liquid", body: { text, voice }, from: "" },
    }));
  return JSON.stringify({ templates: [...customized, ...defaults] });
}

const scripted = useScriptedTenant(handler);

const calls = () => scripted().seen.map((request) => request.call);
const sent = (index: number) => JSON.parse(scripted().seen[index].body) as unknown;

async function create(desired: Record<string, unknown>) {
  const checked = await handler.check({}, desired);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

const ENROLL_INPUTS = {
  type: "otp_enroll",
  content: { from: "+1234567890", body: { text: "Your enrollment code is: @{code}", voice: "Your enrollment code is @{code}" } },
};
const ENROLL_OUTPUTS = {
  type: "otp_enroll",
  disabled: false,
  content: { from: "+1234567890", body: { text: "Your enrollment code is: @{code}", voice: "Your enrollment code is @{code}" } },
  createdAt: "2025-12-05T15:30:16.653Z",
  updatedAt: "2025-12-05T15:30:16.653Z",
  adopted: null,
  adoptExisting: false,
  schemaVersion: 1,
};

describe("the recorded otp_enroll lifecycle through the handlers", () => {
  it("create: the fresh listing, then the recorded POST; the recorded 201 gives the outputs", async () => {
    scripted().script = [reply(200, listing()), reply(201, ENROLL_CREATED)];
    const created = await create(ENROLL_INPUTS);
    expect(calls()).toEqual([`GET ${TEMPLATES}`, `POST ${TEMPLATES}`]);
    expect(sent(1)).toEqual(JSON.parse(ENROLL_CREATE));
    expect(created).toEqual({ id: "tem_unfGwbzq8aykhGPih5QLs1", outs: ENROLL_OUTPUTS });
  });

  it("get: the recorded 200 (the create's object) reads as the same outputs", async () => {
    scripted().script = [reply(200, ENROLL_CREATED)];
    const read = await handler.read("tem_unfGwbzq8aykhGPih5QLs1", ENROLL_OUTPUTS);
    expect(calls()).toEqual([`GET ${TEMPLATES}/tem_unfGwbzq8aykhGPih5QLs1`]);
    expect(read).toEqual({ id: "tem_unfGwbzq8aykhGPih5QLs1", props: ENROLL_OUTPUTS, inputs: { type: "otp_enroll", disabled: false, content: ENROLL_INPUTS.content } });
  });

  it("update: the recorded PATCH is sent, the recorded 200 gives the outputs", async () => {
    scripted().script = [reply(200, ENROLL_UPDATED)];
    const desired = { type: "otp_enroll", disabled: true, content: { from: "+9876543210", body: { text: "Updated enrollment code: @{code}", voice: "Updated enrollment code: @{code}" } } };
    const checked = await handler.check(ENROLL_OUTPUTS, desired);
    const updated = await handler.update("tem_unfGwbzq8aykhGPih5QLs1", ENROLL_OUTPUTS, checked.inputs);
    expect(calls()).toEqual([`PATCH ${TEMPLATES}/tem_unfGwbzq8aykhGPih5QLs1`]);
    expect(sent(0)).toEqual(JSON.parse(ENROLL_UPDATE));
    expect(updated.outs).toEqual({ ...ENROLL_OUTPUTS, disabled: true, content: desired.content, updatedAt: "2025-12-05T15:30:20.261Z" });
  });

  it("delete: the recorded 204 with an empty JSON body, and the recorded 404 of a second DELETE, both succeed", async () => {
    scripted().script = [reply(204), reply(404, NOT_FOUND)];
    await handler.delete("tem_unfGwbzq8aykhGPih5QLs1", ENROLL_OUTPUTS);
    await handler.delete("tem_unfGwbzq8aykhGPih5QLs1", ENROLL_OUTPUTS);
    expect(calls()).toEqual([`DELETE ${TEMPLATES}/tem_unfGwbzq8aykhGPih5QLs1`, `DELETE ${TEMPLATES}/tem_unfGwbzq8aykhGPih5QLs1`]);
  });
});

describe("other recorded answers through the handlers", () => {
  it("a create without from: the recorded POST, and an answer without the from key", async () => {
    scripted().script = [reply(200, listing()), reply(201, BLOCKED_CREATED)];
    const created = await create({ type: "blocked_account", content: { body: { text: "Your account has been blocked", voice: "Your account has been blocked" } } });
    expect(sent(1)).toEqual(JSON.parse(BLOCKED_CREATE));
    expect(created.outs?.content).toEqual({ body: { text: "Your account has been blocked", voice: "Your account has been blocked" } });
  });

  it("a template reset by hand (the recorded reset answer) reads as drift back to the default text, from kept", async () => {
    scripted().script = [reply(200, VERIFY_RESET)];
    const stored = { type: "otp_verify", disabled: false, content: { from: "1234567890", body: { text: "Ours {{ code | escape }}" } }, adopted: null, schemaVersion: 1 };
    const read = await handler.read("tem_rTHkjwsKV5SmPSJdWyCDSB", stored);
    expect(read.props).toMatchObject({ content: { from: "1234567890", body: { text: VERIFY_TEXT, voice: VERIFICATION_VOICE } }, updatedAt: "2025-02-10T11:53:45.216Z" });
    await expect(handler.diff("tem_rTHkjwsKV5SmPSJdWyCDSB", read.props, { type: "otp_verify", content: { body: { text: "Ours {{ code | escape }}" } } })).resolves.toMatchObject({ diffs: ["content"] });
  });

  it("a listing with one type customized: that type's template is found by its id, the defaults (no id) never are", async () => {
    scripted().script = [reply(200, listing(VERIFY_RESET))];
    const error = await rejectionOf(create({ type: "otp_verify", content: { body: { text: "Ours" } } }));
    expect(error.message).toContain('"otp_verify" phone template is customized already (id "tem_rTHkjwsKV5SmPSJdWyCDSB")');
    scripted().script = [reply(200, listing(VERIFY_RESET)), reply(201, BLOCKED_CREATED)];
    await create({ type: "blocked_account", content: { body: { text: "Your account has been blocked", voice: "Your account has been blocked" } } });
    expect(calls().slice(1)).toEqual([`GET ${TEMPLATES}`, `POST ${TEMPLATES}`]);
  });
});

describe("a 409 on the POST (another tool customized the type meanwhile)", () => {
  it("with adoptExisting: one more listing, and the template found is adopted; never a second POST", async () => {
    scripted().script = [reply(200, listing()), reply(409, CONFLICT), reply(200, listing(ENROLL_CREATED)), reply(200, ENROLL_UPDATED)];
    const adopted = await create({ ...ENROLL_INPUTS, disabled: true, content: JSON.parse(ENROLL_UPDATE).content, adoptExisting: true });
    expect(calls()).toEqual([`GET ${TEMPLATES}`, `POST ${TEMPLATES}`, `GET ${TEMPLATES}`, `PATCH ${TEMPLATES}/tem_unfGwbzq8aykhGPih5QLs1`]);
    expect(adopted.outs).toMatchObject({ disabled: true, adopted: { disabled: false, content: ENROLL_INPUTS.content } });
  });

  it("without: the error naming the type and the id, after one more listing", async () => {
    scripted().script = [reply(200, listing()), reply(409, CONFLICT), reply(200, listing(ENROLL_CREATED))];
    const error = await rejectionOf(create(ENROLL_INPUTS));
    expect(error.message).toContain('"otp_enroll" phone template is customized already (id "tem_unfGwbzq8aykhGPih5QLs1")');
    expect(calls()).toEqual([`GET ${TEMPLATES}`, `POST ${TEMPLATES}`, `GET ${TEMPLATES}`]);
  });

  it("when the listing still shows none: an error saying nothing changed, not a second POST", async () => {
    scripted().script = [reply(200, listing()), reply(409, CONFLICT), reply(200, listing())];
    const error = await rejectionOf(create(ENROLL_INPUTS));
    expect(error.message).toMatch(/409.*no custom template of that type\. Nothing was changed/);
    expect(calls().filter((call) => call.startsWith("POST"))).toHaveLength(1);
  });
});
