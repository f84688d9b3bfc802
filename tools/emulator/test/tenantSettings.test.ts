// The tenant's settings and its two MFA switches (api-wire §12.2): a fresh tenant, the recorded merge of a partial
// `flags`, the answers of PATCH and GET that differ, `null` removing a key, refusals, scopes and the seeding control.
import { describe, expect, it } from "vitest";
import { PATCH_ONLY_FLAGS, TENANT_SETTINGS_PATH } from "..";
import { call, useEmulator, type Json } from "./support";

const SETTINGS = `/api/v2${TENANT_SETTINGS_PATH}`;
const POSTLOGIN = "customize_mfa_in_postlogin_action";
const FACTOR_LIST = "mfa_show_factor_list_on_enrollment";

/** A copy without the named top-level keys and flags: what a write of those keys must leave exactly as it was. */
function without(settings: Json, keys: string[], flags: string[]): Json {
  const copy = structuredClone(settings);
  for (const key of keys) delete copy[key];
  for (const flag of flags) delete copy.flags[flag];
  return copy;
}

describe("GET and PATCH /tenants/settings", () => {
  const ctx = useEmulator();
  const send = (method: string, body?: unknown) => call(ctx.emulator, method, SETTINGS, { token: ctx.token, body });
  const stored = (): Json => structuredClone(ctx.emulator.state.tenantSettings.settings);

  it("a fresh tenant: other fields and flags, neither MFA switch, sandbox_versions_available, no PATCH-only flag", async () => {
    const res = await send("GET");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      session_lifetime: 168,
      idle_session_lifetime: 72,
      enabled_locales: ["en"],
      phone_consolidated_experience: true,
      flags: { enable_sso: true, disable_impersonation: true, universal_login: true },
      sandbox_versions_available: expect.any(Array),
    });
    expect(res.body).not.toHaveProperty(POSTLOGIN);
    expect(res.body.flags).not.toHaveProperty(FACTOR_LIST);
    for (const flag of PATCH_ONLY_FLAGS) expect(res.body.flags).not.toHaveProperty(flag);
  });

  it("a PATCH of the two switches sets them and answers the whole object; nothing else of the settings moves", async () => {
    const before = stored();
    const res = await send("PATCH", { [POSTLOGIN]: true, flags: { [FACTOR_LIST]: true } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, [POSTLOGIN]: true, flags: { ...before.flags, [FACTOR_LIST]: true } });
    expect(without(stored(), [POSTLOGIN], [FACTOR_LIST])).toEqual(before);
    const read = (await send("GET")).body;
    expect(read[POSTLOGIN]).toBe(true);
    expect(read.flags[FACTOR_LIST]).toBe(true);
  });

  it("the PATCH answer is not the GET: two more flags, no sandbox_versions_available", async () => {
    const patched = (await send("PATCH", { flags: { [FACTOR_LIST]: false } })).body;
    const read = (await send("GET")).body;
    expect(patched).not.toEqual(read);
    for (const flag of PATCH_ONLY_FLAGS) {
      expect(patched.flags[flag]).toBe(true);
      expect(read.flags).not.toHaveProperty(flag);
    }
    expect(patched).not.toHaveProperty("sandbox_versions_available");
    expect(read.sandbox_versions_available).toEqual(["22", "18"]);
    const { sandbox_versions_available: _added, ...readWithoutAdded } = read;
    expect(without(patched, [], [...PATCH_ONLY_FLAGS])).toEqual(readWithoutAdded);
  });

  it("recorded (TestAccTenant_EnableSSO): a partial flags object is merged, the MFA switches stay", async () => {
    ctx.emulator.seedTenantSettings({ [POSTLOGIN]: true, flags: { [FACTOR_LIST]: true } });
    const before = stored();
    const res = await send("PATCH", { flags: { enable_sso: false }, session_lifetime: 168 });
    expect(res.body.flags).toEqual({ ...before.flags, enable_sso: false });
    expect(res.body[POSTLOGIN]).toBe(true);
    expect(stored()).toEqual({ ...before, flags: { ...before.flags, enable_sso: false } });
  });

  it("a PATCH without flags leaves every flag; a key it does not send is kept", async () => {
    ctx.emulator.seedTenantSettings({ flags: { [FACTOR_LIST]: true } });
    const before = stored();
    await send("PATCH", { [POSTLOGIN]: false, friendly_name: "Renamed" });
    expect(stored().flags).toEqual(before.flags);
    expect(stored()).toEqual({ ...before, [POSTLOGIN]: false, friendly_name: "Renamed" });
  });

  it("recorded: both switches off then on, each PATCH echoing them", async () => {
    const off = (await send("PATCH", { flags: { [FACTOR_LIST]: false, enable_sso: true }, [POSTLOGIN]: false })).body;
    expect([off[POSTLOGIN], off.flags[FACTOR_LIST]]).toEqual([false, false]);
    const on = (await send("PATCH", { flags: { [FACTOR_LIST]: true }, [POSTLOGIN]: true })).body;
    expect([on[POSTLOGIN], on.flags[FACTOR_LIST]]).toEqual([true, true]);
  });

  it("null removes a top-level key (the switch included); the other keys stay", async () => {
    await send("PATCH", { [POSTLOGIN]: true, error_page: { html: "<p>oops</p>", show_log_link: false } });
    const before = stored();
    const res = await send("PATCH", { [POSTLOGIN]: null, error_page: null });
    expect(res.body).not.toHaveProperty(POSTLOGIN);
    expect(res.body).not.toHaveProperty("error_page");
    expect((await send("GET")).body).not.toHaveProperty(POSTLOGIN);
    expect(stored()).toEqual(without(before, [POSTLOGIN, "error_page"], []));
  });

  it.each([
    [{ flags: { not_a_flag: true } }, "Payload validation error: 'Additional properties not allowed: not_a_flag' on property flags (Flags used to change the behavior of customer tenants)."],
    [{ flags: { universal_login: true } }, "Payload validation error: 'Additional properties not allowed: universal_login' on property flags (Flags used to change the behavior of customer tenants)."],
    [{ flags: { require_pushed_authorization_requests: true } }, "Payload validation error: 'Additional properties not allowed: require_pushed_authorization_requests' on property flags (Flags used to change the behavior of customer tenants)."],
    [{ flags: { [FACTOR_LIST]: null } }, `Payload validation error: 'Expected type boolean but found type null' on property flags.${FACTOR_LIST} (Allow users to pick which factor to enroll with).`],
    [{ flags: { [FACTOR_LIST]: "yes" } }, `Payload validation error: 'Expected type boolean but found type string' on property flags.${FACTOR_LIST} (Allow users to pick which factor to enroll with).`],
    [{ flags: null }, "Payload validation error: 'Expected type object but found type null' on property flags (Flags used to change the behavior of customer tenants)."],
    [{ [POSTLOGIN]: "true" }, `Payload validation error: 'Expected type boolean but found type string' on property ${POSTLOGIN} (Whether to enable flexible factors for MFA in the PostLogin action).`],
    [{ sandbox_versions_available: ["22"] }, "Payload validation error: 'Additional properties not allowed: sandbox_versions_available'."],
    [{ tenant_name: "x" }, "Payload validation error: 'Additional properties not allowed: tenant_name'."],
    [{ session_lifetime: "168" }, "Payload validation error: 'Expected type number but found type string' on property session_lifetime (Hours a session stays valid)."],
  ])("PATCH %j is 400 invalid_body and changes nothing", async (body, message) => {
    const before = stored();
    const res = await send("PATCH", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(stored()).toEqual(before);
  });

  it("a GET read back and sent whole is refused (it holds sandbox_versions_available and flags only the service sets)", async () => {
    const read = (await send("GET")).body;
    expect((await send("PATCH", read)).status).toBe(400);
    const { sandbox_versions_available: _added, ...rest } = read;
    expect((await send("PATCH", rest)).body.message).toMatch(/^Payload validation error: 'Additional properties not allowed: allow_changing_enable_sso,/);
  });

  it("reads need read:tenant_settings, writes update:tenant_settings", async () => {
    const readOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:tenant_settings"] });
    expect((await call(ctx.emulator, "GET", SETTINGS, { token: readOnly })).status).toBe(200);
    const write = await call(ctx.emulator, "PATCH", SETTINGS, { token: readOnly, body: { [POSTLOGIN]: true } });
    expect(write.body).toEqual({ statusCode: 403, error: "Forbidden", message: "Insufficient scope, expected any of: update:tenant_settings", errorCode: "insufficient_scope" });
    const mfaOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:guardian_factors", "update:guardian_factors"] });
    expect((await call(ctx.emulator, "GET", SETTINGS, { token: mfaOnly })).body.message).toBe("Insufficient scope, expected any of: read:tenant_settings");
    expect(stored()).not.toHaveProperty(POSTLOGIN);
  });
});

describe("the seeding control", () => {
  const ctx = useEmulator();

  it("PUT /__emulator/tenant-settings replaces keys, merges flags, removes what is null; GET reads the stored object", async () => {
    const seeded = await call(ctx.emulator, "PUT", "/__emulator/tenant-settings", {
      body: { session_lifetime: 720, friendly_name: "Seeded", flags: { [FACTOR_LIST]: true, enable_sso: false, disable_impersonation: null } },
    });
    expect(seeded.status).toBe(200);
    expect(seeded.body).toMatchObject({ session_lifetime: 720, friendly_name: "Seeded", flags: { [FACTOR_LIST]: true, enable_sso: false, universal_login: true } });
    expect(seeded.body.flags).not.toHaveProperty("disable_impersonation");
    for (const flag of PATCH_ONLY_FLAGS) expect(seeded.body.flags[flag]).toBe(true);
    expect((await call(ctx.emulator, "GET", "/__emulator/tenant-settings")).body).toEqual(seeded.body);
    expect((await call(ctx.emulator, "GET", "/__emulator/state")).body.tenantSettings).toEqual(seeded.body);
    const api = (await call(ctx.emulator, "GET", SETTINGS, { token: ctx.token })).body;
    expect(api.flags).toMatchObject({ [FACTOR_LIST]: true, enable_sso: false });

    ctx.emulator.seedTenantSettings({ [POSTLOGIN]: true, flags: { [FACTOR_LIST]: null } });
    expect(ctx.emulator.state.tenantSettings.settings).toMatchObject({ [POSTLOGIN]: true, session_lifetime: 720 });
    expect(ctx.emulator.state.tenantSettings.settings.flags).not.toHaveProperty(FACTOR_LIST);

    for (const body of [[], "x", { flags: [] }, { flags: { enable_sso: "no" } }]) {
      expect((await call(ctx.emulator, "PUT", "/__emulator/tenant-settings", { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(() => ctx.emulator.seedTenantSettings({ flags: { enable_sso: 1 as never } })).toThrow(/flags.enable_sso must be a boolean, or null/);

    ctx.emulator.reset();
    const fresh = (await call(ctx.emulator, "GET", "/__emulator/tenant-settings")).body;
    expect(fresh).toMatchObject({ session_lifetime: 168, flags: { enable_sso: true, disable_impersonation: true } });
    expect(fresh).not.toHaveProperty(POSTLOGIN);
    expect(fresh).not.toHaveProperty("friendly_name", "Seeded");
  });
});
