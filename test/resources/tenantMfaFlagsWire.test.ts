// The tenant's MFA switches on the wire (api-wire §12.2): expand and flatten on the recorded shapes (both keys absent
// until set, the GET and the PATCH answer differing elsewhere), and the bodies the handler sends, byte for byte, to a
// scripted tenant answering as the recordings do: only the switches wanted, never a field read back.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/tenantMfaFlags/handler";
import { expandMfaFlags, flattenMfaFlags, tenantSettingsResponse } from "../../provider/resources/tenantMfaFlags/wire";
import { reply } from "../support/scriptedReplies";
import { createChecked, useScriptedTenant } from "./harness";

/** A tenant's settings as a GET answers them (recorded fields, abridged): neither switch. */
const GET_FRESH = {
  allowed_logout_urls: [],
  enabled_locales: ["en"],
  flags: { allow_changing_enable_sso: false, disable_impersonation: true, enable_sso: true, universal_login: true, revoke_refresh_token_grant: false },
  friendly_name: "",
  idle_session_lifetime: 72,
  sandbox_version: "18",
  session_lifetime: 168,
  sessions: { oidc_logout_prompt_enabled: true },
  phone_consolidated_experience: true,
  sandbox_versions_available: ["22", "18"],
};

/** What a PATCH answers: the whole object, two flags a GET leaves out, no `sandbox_versions_available`. */
function patchAnswer(changes: { postLogin?: boolean; factorList?: boolean }): Record<string, unknown> {
  const { sandbox_versions_available: _available, ...settings } = GET_FRESH;
  return {
    ...settings,
    ...(changes.postLogin === undefined ? {} : { customize_mfa_in_postlogin_action: changes.postLogin }),
    flags: {
      ...settings.flags,
      cannot_change_enforce_client_authentication_on_passwordless_start: true,
      enforce_client_authentication_on_passwordless_start: true,
      ...(changes.factorList === undefined ? {} : { mfa_show_factor_list_on_enrollment: changes.factorList }),
    },
  };
}

describe("expand and flatten", () => {
  it.each([
    [GET_FRESH, { customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: false }],
    [{ ...GET_FRESH, customize_mfa_in_postlogin_action: true, flags: { ...GET_FRESH.flags, mfa_show_factor_list_on_enrollment: true } }, { customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: true }],
    [patchAnswer({ postLogin: false, factorList: true }), { customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: true }],
    [{}, { customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: false }],
  ])("an answer flattens to its two switches, an absent one off (%#)", (answer, values) => {
    expect(flattenMfaFlags(tenantSettingsResponse.parse(answer))).toEqual(values);
  });

  it("expand sends only the switches given; putting back off removes the top-level one and writes the flag false", () => {
    expect(expandMfaFlags({})).toEqual({});
    expect(expandMfaFlags({ showFactorListOnEnrollment: true })).toEqual({ flags: { mfa_show_factor_list_on_enrollment: true } });
    expect(expandMfaFlags({ customizeMfaInPostLoginAction: false })).toEqual({ customize_mfa_in_postlogin_action: false });
    expect(expandMfaFlags({ customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: false }, true)).toEqual({
      customize_mfa_in_postlogin_action: null,
      flags: { mfa_show_factor_list_on_enrollment: false },
    });
    expect(expandMfaFlags({ customizeMfaInPostLoginAction: true }, true)).toEqual({ customize_mfa_in_postlogin_action: true });
  });
});

describe("the bodies sent", () => {
  const scripted = useScriptedTenant(handler);
  const SETTINGS = "/api/v2/tenants/settings";
  const calls = (): string[] => scripted().seen.map((request) => request.call);
  const bodies = (): string[] => scripted().seen.map((request) => request.body);

  it("create, update and destroy each PATCH the managed switches alone", async () => {
    scripted().script = [reply(200, JSON.stringify(GET_FRESH)), reply(200, JSON.stringify(patchAnswer({ postLogin: true, factorList: true })))];
    const made = await createChecked(handler, { customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: true });
    expect(calls()).toEqual([`GET ${SETTINGS}`, `PATCH ${SETTINGS}`]);
    expect(bodies()[1]).toBe(`{"customize_mfa_in_postlogin_action":true,"flags":{"mfa_show_factor_list_on_enrollment":true}}`);

    scripted().script = [reply(200, JSON.stringify(patchAnswer({ postLogin: true, factorList: false })))];
    const updated = await handler.update(made.id, made.outs, { customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: false });
    expect(bodies()[2]).toBe(`{"customize_mfa_in_postlogin_action":true,"flags":{"mfa_show_factor_list_on_enrollment":false}}`);

    const live = { ...GET_FRESH, customize_mfa_in_postlogin_action: true, flags: { ...GET_FRESH.flags, mfa_show_factor_list_on_enrollment: false } };
    scripted().script = [reply(200, JSON.stringify(live)), reply(200, JSON.stringify(patchAnswer({ factorList: false })))];
    await handler.delete(made.id, updated.outs);
    expect(calls().slice(3)).toEqual([`GET ${SETTINGS}`, `PATCH ${SETTINGS}`]);
    // Both managed switches are put back as create found them: the top-level one removed, the flag off.
    expect(bodies()[4]).toBe(`{"customize_mfa_in_postlogin_action":null,"flags":{"mfa_show_factor_list_on_enrollment":false}}`);
  });

  it("a switch left out is in no body", async () => {
    scripted().script = [reply(200, JSON.stringify(GET_FRESH)), reply(200, JSON.stringify(patchAnswer({ factorList: true })))];
    const made = await createChecked(handler, { showFactorListOnEnrollment: true });
    expect(bodies()[1]).toBe(`{"flags":{"mfa_show_factor_list_on_enrollment":true}}`);
    scripted().script = [reply(200, JSON.stringify(patchAnswer({ postLogin: true, factorList: true }))), reply(200, JSON.stringify(patchAnswer({ postLogin: true, factorList: false })))];
    await handler.delete(made.id, made.outs);
    expect(bodies()[3]).toBe(`{"flags":{"mfa_show_factor_list_on_enrollment":false}}`);
  });
});
