// PhoneTemplate against the emulator where the type is customized already: refused without adoptExisting, adopted
// with it (a PATCH only where the inputs differ), put back on destroy as adoption found it (a warning for what
// cannot be taken away), an import's record, and a POST whose answer is lost, settled by listing.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoredPhoneTemplate } from "../../tools/emulator";
import * as handler from "../../provider/resources/phoneTemplate/handler";
import { apiRequests, rejectionOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);

const TEMPLATES = "/api/v2/branding/phone/templates";
const THEIRS = { from: "+15550142", body: { text: "{{ code | escape }} is your code (by hand)" } };

const inputs = (content: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({ type: "otp_enroll", content, ...overrides });

async function createTemplate(desired: Record<string, unknown>) {
  const checked = await handler.check({}, desired);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

/** A template customized out of band (the dashboard, another tool). */
function seedCustomized(content: StoredPhoneTemplate["content"] = { syntax: "liquid", ...THEIRS }, disabled = false): StoredPhoneTemplate {
  const now = tenant().state.timestamp();
  const template: StoredPhoneTemplate = {
    id: "tem_customizedByHand00000001",
    tenant: tenant().state.tenant,
    channel: "phone",
    type: "otp_enroll",
    disabled,
    created_at: now,
    updated_at: now,
    content: structuredClone(content),
  };
  tenant().state.phoneTemplates.custom.set(template.id, template);
  return template;
}

const held = () => tenant().state.phoneTemplates.findByType("otp_enroll");

/** What the user sees of the host's notices (its stderr). */
function notices(): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("PhoneTemplate on a type customized already", () => {
  it("without adoptExisting: fails naming the type and the id, after the listing alone", async () => {
    const theirs = seedCustomized();
    const error = await rejectionOf(createTemplate(inputs({ body: { text: "ours" } })));
    expect(error.message).toContain('the tenant\'s "otp_enroll" phone template is customized already (id "tem_customizedByHand00000001")');
    expect(error.message).toMatch(/adoptExisting: true.*PhoneTemplate\.get\(name, "tem_customizedByHand00000001"\)/);
    expect(apiRequests(tenant())).toBe(1);
    expect(held()).toEqual(theirs);
  });

  it("with adoptExisting and nothing different: no PATCH; adopted records what it held", async () => {
    seedCustomized();
    const adopted = await createTemplate(inputs({ body: { text: THEIRS.body.text } }, { adoptExisting: true }));
    expect(apiRequests(tenant())).toBe(1);
    expect(adopted.id).toBe("tem_customizedByHand00000001");
    expect(adopted.outs).toMatchObject({ content: THEIRS, adopted: { disabled: false, content: THEIRS }, adoptExisting: true });
  });

  it("with adoptExisting and a different text: one PATCH, the from it leaves out kept", async () => {
    seedCustomized();
    const adopted = await createTemplate(inputs({ body: { text: "ours" } }, { adoptExisting: true, disabled: true }));
    expect(tenant().count("PATCH", TEMPLATES)).toBe(1);
    expect(tenant().count("POST", TEMPLATES)).toBe(0);
    expect(held()).toMatchObject({ disabled: true, content: { from: THEIRS.from, body: { text: "ours" } } });
    expect(adopted.outs).toMatchObject({ disabled: true, adopted: { disabled: false, content: THEIRS } });
  });

  it("with adoptExisting on a type not customized: one POST, nothing adopted", async () => {
    const created = await createTemplate(inputs({ body: { text: "ours" } }, { adoptExisting: true }));
    expect(tenant().count("POST", TEMPLATES)).toBe(1);
    expect(created.outs).toMatchObject({ adopted: null });
  });
});

describe("PhoneTemplate destroy of an adopted template", () => {
  it("puts back the disabled flag and content adoption found, with one GET and one PATCH", async () => {
    const theirs = seedCustomized({ syntax: "liquid", from: "+15550142", body: { text: "theirs", voice: "their voice" } }, true);
    const adopted = await createTemplate(inputs({ from: "+15550100", body: { text: "ours", voice: "our voice" } }, { adoptExisting: true }));
    const before = apiRequests(tenant());
    await handler.delete(adopted.id, adopted.outs);
    expect(apiRequests(tenant()) - before).toBe(2);
    expect(tenant().count("DELETE", TEMPLATES)).toBe(0);
    expect(held()).toMatchObject({ id: theirs.id, disabled: true, content: theirs.content });
  });

  it("reads once and writes nothing when the template holds what adoption found", async () => {
    seedCustomized();
    const adopted = await createTemplate(inputs({ body: { text: THEIRS.body.text } }, { adoptExisting: true }));
    const before = apiRequests(tenant());
    await handler.delete(adopted.id, adopted.outs);
    expect(apiRequests(tenant()) - before).toBe(1);
  });

  it("decides from the template, not the state: a change made by hand since the last refresh is put back", async () => {
    seedCustomized();
    const adopted = await createTemplate(inputs({ body: { text: THEIRS.body.text } }, { adoptExisting: true }));
    const custom = [...tenant().state.phoneTemplates.custom.values()][0];
    custom.content = { ...custom.content, body: { text: "changed by hand" } };
    await handler.delete(adopted.id, adopted.outs);
    expect(held()?.content).toMatchObject({ body: { text: THEIRS.body.text } });
  });

  it("restores the rest and warns, naming it, when the program added a voice the template lacked", async () => {
    seedCustomized();
    const adopted = await createTemplate(inputs({ body: { text: "ours", voice: "our voice" } }, { adoptExisting: true }));
    const lines = notices();
    await handler.delete(adopted.id, { ...adopted.outs, __programName: "otp-enroll" });
    expect(held()?.content).toEqual({ syntax: "liquid", from: THEIRS.from, body: { text: THEIRS.body.text, voice: "our voice" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warning: PhoneTemplate "otp-enroll" \(otp_enroll\): the template had no content\.body\.voice when it was adopted/);
  });

  it("succeeds when the template was deleted by hand meanwhile", async () => {
    seedCustomized();
    const adopted = await createTemplate(inputs({ body: { text: "ours" } }, { adoptExisting: true }));
    tenant().state.phoneTemplates.custom.clear();
    await expect(handler.delete(adopted.id, adopted.outs)).resolves.toBeUndefined();
  });

  it("an imported one (read with nothing stored) records what it held, and destroy puts that back", async () => {
    const theirs = seedCustomized();
    const imported = await handler.read(theirs.id, {});
    expect(imported.props).toMatchObject({ adopted: { disabled: false, content: THEIRS } });
    const checked = await handler.check(imported.props, inputs({ body: { text: "changed after the import" } }));
    const updated = await handler.update(theirs.id, imported.props, checked.inputs);
    expect(updated.outs).toMatchObject({ content: { from: THEIRS.from, body: { text: "changed after the import" } }, adopted: { content: THEIRS } });
    await handler.delete(theirs.id, updated.outs);
    expect(held()).toMatchObject({ id: theirs.id, content: { from: THEIRS.from, body: THEIRS.body } });
  });
});

describe("PhoneTemplate create whose POST goes unanswered", () => {
  it("takes the template the lost POST made as created: one POST, adopted null", async () => {
    tenant().injectFault({ method: "POST", path: TEMPLATES, count: 1, kind: "drop", afterHandling: true });
    const created = await createTemplate(inputs({ body: { text: "ours" } }));
    expect(tenant().count("POST", TEMPLATES)).toBe(1);
    expect(created.id).toBe(held()?.id);
    expect(created.outs).toMatchObject({ content: { body: { text: "ours" } }, adopted: null });
  });

  it("posts again when the listing shows the type still not customized", async () => {
    tenant().injectFault({ method: "POST", path: TEMPLATES, count: 1, kind: "drop" });
    const created = await createTemplate(inputs({ body: { text: "ours" } }));
    expect(tenant().count("POST", TEMPLATES)).toBe(2);
    expect(created.id).toBe(held()?.id);
  });

  it("gives up after three unanswered POSTs that customized nothing, saying so", async () => {
    tenant().injectFault({ method: "POST", path: TEMPLATES, count: 3, kind: "drop" });
    const error = await rejectionOf(createTemplate(inputs({ body: { text: "ours" } })));
    expect(error.message).toMatch(/went unanswered 3 times.*nothing was created/);
    expect(held()).toBeUndefined();
  });
});
