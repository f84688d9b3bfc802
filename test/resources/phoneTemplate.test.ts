// PhoneTemplate handlers against the emulator over real HTTP: the calls of each operation, what an update sends for
// a from, text or voice the program leaves out, drift, a template deleted by hand, replace on a new type, get by id,
// ids refused before any call, and check's failures. Adoption and destroy's putting back: phoneTemplateAdoption.test.ts.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/phoneTemplate/handler";
import { apiRequests, rejectionOf, UNKNOWN, useConfiguredTenant } from "./harness";
import { failurePath, failureReason } from "../support/checkFailures";

const tenant = useConfiguredTenant(handler);

const TEMPLATES = "/api/v2/branding/phone/templates";
const VERIFY_TEXT = "{{ code | escape }} is your Example code";
const VERIFY_VOICE = "Your Example code is {{ pause }} {{ code | escape }}";

const inputs = (overrides: Record<string, unknown> = {}, content: unknown = { from: "+15550100", body: { text: VERIFY_TEXT, voice: VERIFY_VOICE } }) => ({
  type: "otp_verify",
  content,
  ...overrides,
});

async function createTemplate(desired: Record<string, unknown>) {
  const checked = await handler.check({}, desired);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

/** check against the stored state, then update, as the engine does on `up`. */
async function updateTemplate(id: string, outs: Record<string, unknown>, desired: Record<string, unknown>) {
  const checked = await handler.check(outs, desired);
  expect(checked.failures).toEqual([]);
  return handler.update(id, outs, checked.inputs);
}

/** The API requests the tenant saw, token requests left out. */
const apiCalls = () => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2")).map((entry) => `${entry.method} ${entry.path}`);
const stored = (id: string) => tenant().state.phoneTemplates.custom.get(id)!;
const listedTypes = () => tenant().state.phoneTemplates.list().map((item) => [item.type, item.id]);

describe("PhoneTemplate lifecycle", () => {
  it("create on a fresh tenant lists the templates, then one POST; outputs as the service holds them, adopted null", async () => {
    const created = await createTemplate(inputs());
    expect(apiCalls()).toEqual([`GET ${TEMPLATES}`, `POST ${TEMPLATES}`]);
    expect(created.id).toMatch(/^tem_/);
    expect(created.outs).toEqual({
      type: "otp_verify",
      disabled: false,
      content: { from: "+15550100", body: { text: VERIFY_TEXT, voice: VERIFY_VOICE } },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      adopted: null,
      adoptExisting: false,
      schemaVersion: 1,
    });
    expect(stored(created.id).content).toEqual({ syntax: "liquid", from: "+15550100", body: { text: VERIFY_TEXT, voice: VERIFY_VOICE } });
    expect(listedTypes()[0]).toEqual(["otp_verify", created.id]);
  });

  it("the same inputs again make no diff and no call; a text left out is not compared", async () => {
    const created = await createTemplate(inputs());
    const before = apiRequests(tenant());
    await expect(handler.diff(created.id, created.outs, inputs())).resolves.toMatchObject({ changes: false });
    await expect(handler.diff(created.id, created.outs, inputs({}, { body: { voice: VERIFY_VOICE } }))).resolves.toMatchObject({ changes: false });
    await expect(handler.diff(created.id, created.outs, inputs({ adoptExisting: true }))).resolves.toMatchObject({ changes: false });
    expect(apiRequests(tenant())).toBe(before);
  });

  it("update is one PATCH; a voice and from the program leaves out keep what the service last returned", async () => {
    const created = await createTemplate(inputs());
    const desired = inputs({ disabled: true }, { body: { text: "{{ code | escape }} is your new code" } });
    await expect(handler.diff(created.id, created.outs, desired)).resolves.toMatchObject({ changes: true, replaces: [], diffs: ["disabled", "content"] });
    const before = apiRequests(tenant());
    const updated = await updateTemplate(created.id, created.outs!, desired);
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(tenant().count("PATCH", TEMPLATES)).toBe(1);
    // The emulator replaces a body sent without voice whole: the voice stays only because the PATCH carried it.
    expect(stored(created.id)).toMatchObject({ disabled: true, content: { from: "+15550100", body: { text: "{{ code | escape }} is your new code", voice: VERIFY_VOICE } } });
    expect(updated.outs).toMatchObject({ disabled: true, content: { from: "+15550100", body: { voice: VERIFY_VOICE } }, adopted: null });
  });

  it("changing the type replaces the template, the new one customized before the old one goes", async () => {
    const created = await createTemplate(inputs());
    await expect(handler.diff(created.id, created.outs, inputs({ type: "otp_enroll" }))).resolves.toMatchObject({
      replaces: ["type"],
      deleteBeforeReplace: false,
    });
  });

  it("delete is one DELETE; the type lists its default again; a template already gone counts as deleted", async () => {
    const created = await createTemplate(inputs());
    const before = apiRequests(tenant());
    await handler.delete(created.id, created.outs);
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(tenant().count("DELETE", TEMPLATES)).toBe(1);
    expect(listedTypes()).toContainEqual(["otp_verify", undefined]);
    await expect(handler.delete(created.id, created.outs)).resolves.toBeUndefined();
  });
});

describe("PhoneTemplate refresh and drift", () => {
  it("refresh is one GET; a text, sender or disabled flag changed by hand is drift", async () => {
    const created = await createTemplate(inputs());
    const held = stored(created.id);
    held.content = { ...held.content, from: "+15550199", body: { ...held.content.body, text: "edited by hand" } };
    held.disabled = true;
    const before = apiRequests(tenant());
    const read = await handler.read(created.id, created.outs);
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(read.props).toMatchObject({ disabled: true, content: { from: "+15550199", body: { text: "edited by hand" } }, adopted: null });
    await expect(handler.diff(created.id, read.props, inputs())).resolves.toMatchObject({ changes: true, diffs: ["disabled", "content"] });
  });

  it("a voice changed by hand is no drift for a program that leaves voice out", async () => {
    const created = await createTemplate(inputs({}, { body: { text: VERIFY_TEXT } }));
    stored(created.id).content.body.voice = "added by hand";
    const read = await handler.read(created.id, created.outs);
    await expect(handler.diff(created.id, read.props, inputs({}, { body: { text: VERIFY_TEXT } }))).resolves.toMatchObject({ changes: false });
  });

  it("a template deleted by hand leaves the state on refresh; an update of it points at refresh", async () => {
    const created = await createTemplate(inputs());
    tenant().state.phoneTemplates.custom.clear();
    await expect(handler.read(created.id, created.outs)).resolves.toEqual({ id: "" });
    const error = await rejectionOf(updateTemplate(created.id, created.outs!, inputs({ disabled: true })));
    expect(error.message).toMatch(/PhoneTemplate "tem_\w+" \(otp_verify\) no longer exists.*pulumi refresh/);
  });
});

describe("PhoneTemplate.get", () => {
  it("reads a custom template by id, recording what it holds as what destroy would put back", async () => {
    const created = await createTemplate(inputs());
    const read = await handler.read(created.id, {});
    expect(read.props).toMatchObject({
      type: "otp_verify",
      adopted: { disabled: false, content: { from: "+15550100", body: { text: VERIFY_TEXT, voice: VERIFY_VOICE } } },
    });
    expect(read.inputs).toEqual({ type: "otp_verify", disabled: false, content: { from: "+15550100", body: { text: VERIFY_TEXT, voice: VERIFY_VOICE } } });
  });

  it("of an id the tenant does not have fails naming the id", async () => {
    const error = await rejectionOf(handler.read("tem_typo", { __provider: "serialized provider" }));
    expect(error.message).toBe('PhoneTemplate.get("tem_typo"): the tenant has no phone template with this id. Check the id (it starts with "tem_").');
  });

  it.each(["../providers", "tem_a/b", "", "tem a"])("refuses the id %j before any call, on get, refresh, update and delete", async (id) => {
    const outs = { type: "otp_verify", disabled: false, content: { body: { text: "x" } }, adopted: null, schemaVersion: 1 };
    for (const attempt of [handler.read(id, {}), handler.read(id, outs), handler.update(id, outs, inputs()), handler.delete(id, outs)]) {
      expect((await rejectionOf(attempt)).message).toMatch(/is not a phone template id.*Nothing was sent/);
    }
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("PhoneTemplate check", () => {
  it.each([
    [{ type: "otp_verfy" }, "type", 'must be one of "otp_verify", "otp_enroll", "change_password", "blocked_account", "password_breach"'],
    [{}, "content.body", "must have text, voice or both", { body: {} }],
    [{}, "content.from", "must be at least 1 character(s) long", { from: "", body: { text: "x" } }],
    [{}, "content.from", "must be at most 16 character(s) long", { from: "+1555010012345678", body: { text: "x" } }],
    [{}, "content.body.voice", "must be at most 20000 character(s) long", { body: { voice: "v".repeat(20_001) } }],
    [{}, "content.body.text", "must be at least 1 character(s) long", { body: { text: "" } }],
    [{}, "content.syntax", "unknown property; allowed: from, body", { syntax: "liquid", body: { text: "x" } }],
  ])("%j: %s %s", async (overrides, property, reason, content?: Record<string, unknown>) => {
    const checked = await handler.check({}, content ? inputs(overrides, content) : inputs(overrides));
    expect(checked.failures?.map((failure) => [failurePath(failure), failureReason(failure)])).toEqual([[property, reason]]);
  });

  it("skips unknowns (preview) and sees them as changes; nothing is sent", async () => {
    for (const content of [UNKNOWN, { body: UNKNOWN }, { from: UNKNOWN, body: { voice: UNKNOWN } }]) {
      await expect(handler.check({}, inputs({}, content))).resolves.toMatchObject({ failures: [] });
    }
    const outs = { type: "otp_verify", disabled: false, content: { body: { text: "x" } }, adopted: null, schemaVersion: 1 };
    await expect(handler.diff("tem_x", outs, inputs({}, { body: { text: UNKNOWN } }))).resolves.toMatchObject({ changes: true });
    expect(apiRequests(tenant())).toBe(0);
  });
});
