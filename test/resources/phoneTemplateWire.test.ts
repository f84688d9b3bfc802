// expand and flatten of the phone template, on the recorded shapes of the API (api-wire §10): the recorded requests
// are what expand makes of the same inputs, the recorded answers flatten to the outputs, and the listing's defaults
// (no id, `from: ""`) read as the service returns them.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { phoneTemplateDefinition, type PhoneTemplateInputs } from "../../provider/resources/phoneTemplate/definition";
import {
  expandCreate,
  expandUpdate,
  flattenPhoneTemplate,
  phoneTemplateList,
  phoneTemplateResponse,
  templatePath,
} from "../../provider/resources/phoneTemplate/wire";

type GivenInputs = z.input<typeof phoneTemplateDefinition.inputs>;
const checked = (given: GivenInputs): PhoneTemplateInputs => phoneTemplateDefinition.inputs.parse(given);

/** §10.2: the recorded 201 of a POST of otp_enroll (a GET of it answers the same). */
const RECORDED_CREATED = {
  id: "tem_unfGwbzq8aykhGPih5QLs1",
  tenant: "terraform-provider-auth0-dev",
  channel: "phone",
  type: "otp_enroll",
  disabled: false,
  created_at: "2025-12-05T15:30:16.653Z",
  updated_at: "2025-12-05T15:30:16.653Z",
  content: { syntax: "liquid", body: { text: "Your enrollment code is: @{code}", voice: "Your enrollment code is @{code}" }, from: "+1234567890" },
};

describe("expandCreate", () => {
  it("makes the recorded POST of otp_enroll from the same inputs, and sends no syntax", () => {
    const body = expandCreate(
      checked({ type: "otp_enroll", content: { from: "+1234567890", body: { text: "Your enrollment code is: @{code}", voice: "Your enrollment code is @{code}" } } }),
    );
    // §10.1, key order aside.
    expect(body).toEqual({
      content: { from: "+1234567890", body: { text: "Your enrollment code is: @{code}", voice: "Your enrollment code is @{code}" } },
      type: "otp_enroll",
      disabled: false,
    });
  });

  it("leaves out a from the program leaves out (the recorded blocked_account POST), and adoptExisting", () => {
    const body = expandCreate(checked({ type: "blocked_account", adoptExisting: true, content: { body: { text: "Your account has been blocked" } } }));
    expect(body).toEqual({ type: "blocked_account", disabled: false, content: { body: { text: "Your account has been blocked" } } });
    expect(JSON.stringify(body)).not.toMatch(/adopt|syntax|from/);
  });
});

describe("expandUpdate", () => {
  const held = { from: "+1234567890", body: { text: "Your enrollment code is: @{code}", voice: "Your enrollment code is @{code}" } };

  it("makes the recorded PATCH: disabled and the whole content, never type or syntax", () => {
    const desired = checked({
      type: "otp_enroll",
      disabled: true,
      content: { from: "+9876543210", body: { text: "Updated enrollment code: @{code}", voice: "Updated enrollment code: @{code}" } },
    });
    expect(expandUpdate(desired, held)).toEqual({
      content: { from: "+9876543210", body: { text: "Updated enrollment code: @{code}", voice: "Updated enrollment code: @{code}" } },
      disabled: true,
    });
  });

  it("carries what the service last returned for a from, text or voice the program leaves out", () => {
    const desired = checked({ type: "otp_enroll", content: { body: { text: "New: @{code}" } } });
    expect(expandUpdate(desired, held)).toEqual({ disabled: false, content: { from: "+1234567890", body: { text: "New: @{code}", voice: "Your enrollment code is @{code}" } } });
  });

  it("never sends an empty from (a default's), nor one neither side has", () => {
    const desired = checked({ type: "otp_verify", content: { body: { voice: "Say @{code}" } } });
    expect(expandUpdate(desired, { from: "", body: { text: "x" } })).toEqual({ disabled: false, content: { body: { text: "x", voice: "Say @{code}" } } });
    expect(expandUpdate(desired, undefined)).toEqual({ disabled: false, content: { body: { voice: "Say @{code}" } } });
  });
});

describe("flattenPhoneTemplate", () => {
  it("reads the recorded answer as the outputs, dropping tenant, channel and syntax", () => {
    expect(flattenPhoneTemplate(phoneTemplateResponse.parse(RECORDED_CREATED))).toEqual({
      id: "tem_unfGwbzq8aykhGPih5QLs1",
      type: "otp_enroll",
      disabled: false,
      content: { from: "+1234567890", body: { text: "Your enrollment code is: @{code}", voice: "Your enrollment code is @{code}" } },
      createdAt: "2025-12-05T15:30:16.653Z",
      updatedAt: "2025-12-05T15:30:16.653Z",
    });
  });

  it("tolerates an answer without timestamps or customizable, and one with customizable", () => {
    const { created_at: _created, updated_at: _updated, ...bare } = RECORDED_CREATED;
    expect(flattenPhoneTemplate(phoneTemplateResponse.parse(bare))).not.toHaveProperty("createdAt");
    expect(phoneTemplateResponse.safeParse({ ...RECORDED_CREATED, customizable: true }).success).toBe(true);
  });

  it("a recorded create without from has no from", () => {
    const answer = { ...RECORDED_CREATED, type: "blocked_account", content: { syntax: "liquid", body: { text: "Blocked", voice: "Blocked" } } };
    expect(flattenPhoneTemplate(phoneTemplateResponse.parse(answer)).content).toEqual({ body: { text: "Blocked", voice: "Blocked" } });
  });

  it("refuses an answer to one template without its id; a listed default has none", () => {
    const { id: _id, ...withoutId } = RECORDED_CREATED;
    expect(phoneTemplateResponse.safeParse(withoutId).success).toBe(false);
    const listing = phoneTemplateList.parse({ templates: [{ ...withoutId, content: { syntax: "liquid", body: { text: "t" }, from: "" } }] });
    expect(flattenPhoneTemplate(listing.templates[0])).toEqual({
      type: "otp_enroll",
      disabled: false,
      content: { from: "", body: { text: "t" } },
      createdAt: "2025-12-05T15:30:16.653Z",
      updatedAt: "2025-12-05T15:30:16.653Z",
    });
  });
});

describe("templatePath", () => {
  it.each(["tem_unfGwbzq8aykhGPih5QLs1", "a.b~c-d_e"])("takes %s as one segment", (id) => {
    expect(templatePath(id)).toBe(`/branding/phone/templates/${id}`);
  });

  it.each(["", ".", "..", "tem_a/b", "tem a", "tem_%2F", "tem_?x"])("refuses %j before any call", (id) => {
    expect(() => templatePath(id)).toThrow(/is not a phone template id/);
  });
});
