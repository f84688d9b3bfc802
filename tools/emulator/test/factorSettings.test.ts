// The rest of the MFA settings (api-wire §11): every recorded exchange replayed in its order, answered as recorded
// (Duo's GET with the secret key in clear, a WebAuthn PUT's answer holding only the keys sent, `{}` for an unset custom
// app, settings answered with the body sent), then the emulator's own choices where the recordings are silent.
import { describe, expect, it } from "vitest";
import { CUSTOM_APP_PATH, DUO_SETTINGS_PATH, GUARDIAN_SETTINGS_PATH } from "..";
import { call, useEmulator, type Json } from "./support";

const DUO = `/api/v2${DUO_SETTINGS_PATH}`;
const ROAMING = "/api/v2/guardian/factors/webauthn-roaming/settings";
const PLATFORM = "/api/v2/guardian/factors/webauthn-platform/settings";
const CUSTOM_APP = `/api/v2${CUSTOM_APP_PATH}`;
const GUARDIAN = `/api/v2${GUARDIAN_SETTINGS_PATH}`;
const PHONE_OTP = "/api/v2/guardian/factors/phone/settings";
const EMAIL_OTP = "/api/v2/guardian/factors/email/settings";

type Exchange = [method: string, path: string, body: Json | undefined, status: number, answer: Json];

describe("the recorded exchanges, replayed in order", () => {
  const ctx = useEmulator();

  /** Each request answered exactly as recorded: status, body, and the order of its keys. */
  async function replay(exchanges: Exchange[]): Promise<void> {
    for (const [method, path, body, status, answer] of exchanges) {
      const res = await call(ctx.emulator, method, path, { token: ctx.token, body });
      expect({ method, path, status: res.status, text: res.text }).toEqual({ method, path, status, text: JSON.stringify(answer) });
    }
  }

  it("Duo: the PUT echoed in the order sent, the GET returning the secret key in clear", async () => {
    await replay([
      ["PUT", DUO, { host: "api-hostname", ikey: "someKey", skey: "someSecret" }, 200, { host: "api-hostname", ikey: "someKey", skey: "someSecret" }],
      ["GET", DUO, undefined, 200, { ikey: "someKey", skey: "someSecret", host: "api-hostname" }],
    ]);
  });

  it("WebAuthn roaming (TF-1684, then the Go SDK's): a PUT answers only the keys sent; a GET shows the rest kept", async () => {
    await replay([
      ["GET", ROAMING, undefined, 200, { userVerification: "discouraged", overrideRelyingParty: false }],
      ["PUT", ROAMING, { userVerification: "required" }, 200, { userVerification: "required" }],
      ["GET", ROAMING, undefined, 200, { userVerification: "required", overrideRelyingParty: false }],
      ["PUT", ROAMING, { userVerification: "preferred" }, 200, { userVerification: "preferred" }],
      ["PUT", ROAMING, { overrideRelyingParty: false, userVerification: "required" }, 200, { overrideRelyingParty: false, userVerification: "required" }],
    ]);
  });

  it("WebAuthn platform: no user verification, ever", async () => {
    await replay([
      ["GET", PLATFORM, undefined, 200, { overrideRelyingParty: false }],
      ["PUT", PLATFORM, { overrideRelyingParty: false }, 200, { overrideRelyingParty: false }],
    ]);
  });

  it("the custom app: {} before any write, then the three keys in the recorded order", async () => {
    const app = { app_name: "CustomApp", apple_app_link: "https://itunes.apple.com/us/app/my-app/id123121", google_app_link: "https://play.google.com/store/apps/details?id=com.my.app" };
    await replay([
      ["GET", CUSTOM_APP, undefined, 200, {}],
      ["PATCH", CUSTOM_APP, app, 200, { google_app_link: app.google_app_link, apple_app_link: app.apple_app_link, app_name: "CustomApp" }],
    ]);
  });

  it("the tenant's MFA settings: every PUT answered with the body sent, the GET with the last", async () => {
    const settings = (display: boolean, remember: boolean, inactivity: number, overall: number): Json => ({
      display_remember_me_checkbox: display,
      remember_me_default_value: remember,
      mfa_session_inactivity_timeout: inactivity,
      mfa_session_overall_timeout: overall,
    });
    await replay([
      ["PUT", GUARDIAN, settings(true, false, 604800, 2592000), 200, settings(true, false, 604800, 2592000)],
      ["PUT", GUARDIAN, settings(false, true, 7200, 86400), 200, settings(false, true, 7200, 86400)],
      ["PUT", GUARDIAN, settings(true, true, 3600, 3600), 200, settings(true, true, 3600, 3600)],
      ["GET", GUARDIAN, undefined, 200, settings(true, true, 3600, 3600)],
    ]);
  });

  it("the phone and email one-time codes", async () => {
    const otp = (length: number, expiration: number): Json => ({ otp_length: length, otp_expiration_time: expiration });
    await replay([
      ["PUT", PHONE_OTP, otp(6, 300), 200, otp(6, 300)],
      ["PUT", PHONE_OTP, otp(8, 600), 200, otp(8, 600)],
      ["PUT", EMAIL_OTP, otp(10, 3600), 200, otp(10, 3600)],
      ["PUT", PHONE_OTP, otp(4, 30), 200, otp(4, 30)],
      ["PUT", EMAIL_OTP, otp(4, 30), 200, otp(4, 30)],
      ["GET", EMAIL_OTP, undefined, 200, otp(4, 30)],
    ]);
  });
});

describe("where the recordings are silent (the emulator's choices, in its README)", () => {
  const ctx = useEmulator();
  const send = (method: string, path: string, body?: unknown) => call(ctx.emulator, method, path, { token: ctx.token, body });

  it("a fresh tenant: Duo {}, the documented session and one-time-code defaults", async () => {
    expect((await send("GET", DUO)).body).toEqual({});
    expect((await send("GET", GUARDIAN)).body).toEqual({
      display_remember_me_checkbox: true,
      remember_me_default_value: false,
      mfa_session_inactivity_timeout: 604800,
      mfa_session_overall_timeout: 2592000,
    });
    for (const path of [PHONE_OTP, EMAIL_OTP]) expect((await send("GET", path)).body).toEqual({ otp_length: 6, otp_expiration_time: 300 });
  });

  it("Duo: PUT replaces the integration, PATCH changes the keys given; an empty secret key is refused", async () => {
    await send("PUT", DUO, { ikey: "k", skey: "s3cret", host: "h" });
    expect((await send("PUT", DUO, { ikey: "k2" })).body).toEqual({ ikey: "k2" });
    expect((await send("GET", DUO)).body).toEqual({ ikey: "k2" });
    expect((await send("PATCH", DUO, { skey: "s4cret", host: "h2" })).body).toEqual({ ikey: "k2", skey: "s4cret", host: "h2" });
    const empty = await send("PUT", DUO, { ikey: "k", skey: "", host: "h" });
    expect(empty.status).toBe(400);
    expect(empty.body.errorCode).toBe("invalid_body");
    expect((await send("PUT", DUO, { ikey: "k", extra: 1 })).body.message).toBe("Payload validation error: 'Additional properties not allowed: extra'.");
    expect(ctx.emulator.state.snapshot().factorSettings).toMatchObject({ duo: { ikey: "k2", host: "h2", has_skey: true } });
    expect(JSON.stringify(ctx.emulator.state.snapshot())).not.toContain("s4cret");
  });

  it("WebAuthn: user verification is refused on the platform factor; a relying party identifier is kept and shown", async () => {
    const refused = await send("PUT", PLATFORM, { userVerification: "required" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Payload validation error: 'Additional properties not allowed: userVerification'.");
    expect((await send("PUT", ROAMING, { userVerification: "always" })).body.message).toBe(
      `Payload validation error: 'No enum match for: "always"' on property userVerification (User verification).`,
    );
    await send("PUT", ROAMING, { overrideRelyingParty: true, relyingPartyIdentifier: "example.com" });
    expect((await send("GET", ROAMING)).body).toEqual({ userVerification: "discouraged", overrideRelyingParty: true, relyingPartyIdentifier: "example.com" });
  });

  it("the custom app: a PATCH changes the fields given; an empty one or an unknown field is refused", async () => {
    await send("PATCH", CUSTOM_APP, { app_name: "Mine" });
    expect((await send("GET", CUSTOM_APP)).body).toEqual({ app_name: "Mine" });
    expect((await send("PATCH", CUSTOM_APP, {})).status).toBe(400);
    expect((await send("PATCH", CUSTOM_APP, { app: "x" })).status).toBe(400);
    expect((await send("PUT", CUSTOM_APP, { app_name: "x" })).status).toBe(404);
  });

  it("the MFA settings: a partial PUT, a value out of range and inactivity above overall are refused, nothing changed", async () => {
    const before = (await send("GET", GUARDIAN)).body;
    const partial = await send("PUT", GUARDIAN, { display_remember_me_checkbox: false });
    expect(partial.body.message).toBe("Payload validation error: 'Missing required property: remember_me_default_value'.");
    const whole = { ...before, mfa_session_inactivity_timeout: 3599 };
    expect((await send("PUT", GUARDIAN, whole)).body.message).toBe(
      "Payload validation error: 'Value 3599 is less than minimum 3600' on property mfa_session_inactivity_timeout (MFA session inactivity timeout in seconds).",
    );
    expect((await send("PUT", GUARDIAN, { ...before, mfa_session_overall_timeout: 7200.5 })).body.message).toContain("Expected type integer but found type number");
    const above = await send("PUT", GUARDIAN, { ...before, mfa_session_inactivity_timeout: 7200, mfa_session_overall_timeout: 3600 });
    expect(above.body).toMatchObject({ statusCode: 400, errorCode: "invalid_body" });
    expect((await send("GET", GUARDIAN)).body).toEqual(before);
  });

  it("one-time codes: both fields required, in range; the deprecated sms path answers 403", async () => {
    expect((await send("PUT", PHONE_OTP, { otp_length: 6 })).status).toBe(400);
    expect((await send("PUT", EMAIL_OTP, { otp_length: 11, otp_expiration_time: 300 })).body.message).toContain("'Value 11 is greater than maximum 10'");
    expect((await send("PUT", PHONE_OTP, { otp_length: 6, otp_expiration_time: 29 })).status).toBe(400);
    for (const method of ["GET", "PUT"]) {
      const res = await send(method, "/api/v2/guardian/factors/sms/settings", method === "PUT" ? { otp_length: 6, otp_expiration_time: 300 } : undefined);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Insufficient privileges to use this deprecated feature/);
    }
  });

  it("scopes: Duo, WebAuthn and one-time codes guardian_factors; the custom app prompts; the MFA settings tenant_settings", async () => {
    const only = async (scopes: string[], method: string, path: string, body?: unknown) =>
      (await call(ctx.emulator, method, path, { token: await ctx.emulator.issueToken("demo", { scopes }), body })).status;
    expect(await only(["read:guardian_factors"], "GET", DUO)).toBe(200);
    expect(await only(["read:guardian_factors"], "GET", ROAMING)).toBe(200);
    expect(await only(["read:guardian_factors"], "GET", PHONE_OTP)).toBe(200);
    expect(await only(["read:guardian_factors"], "GET", GUARDIAN)).toBe(403);
    expect(await only(["read:tenant_settings"], "GET", GUARDIAN)).toBe(200);
    expect(await only(["read:guardian_factors"], "GET", CUSTOM_APP)).toBe(403);
    expect(await only(["read:prompts", "update:prompts"], "PATCH", CUSTOM_APP, { app_name: "x" })).toBe(200);
    const refused = await call(ctx.emulator, "PUT", GUARDIAN, { token: await ctx.emulator.issueToken("demo", { scopes: ["read:tenant_settings"] }), body: {} });
    expect(refused.body).toEqual({ statusCode: 403, error: "Forbidden", message: "Insufficient scope, expected any of: update:tenant_settings", errorCode: "insufficient_scope" });
  });

  it("an entitlement fault answers 403 with its errorCode, for its count", async () => {
    ctx.emulator.injectFault({ method: "GET", path: GUARDIAN, count: 2, kind: "not_entitled" });
    ctx.emulator.injectFault({ path: DUO, count: 1, kind: "insufficient_entitlement" });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await send("GET", GUARDIAN)).body).toEqual({
        statusCode: 403,
        error: "Forbidden",
        message: "The requestor is not entitled to perform this operation.",
        errorCode: "not_entitled",
      });
    }
    expect((await send("GET", GUARDIAN)).status).toBe(200);
    expect((await send("PUT", DUO, { ikey: "k" })).body.errorCode).toBe("insufficient_entitlement");
    expect(ctx.emulator.state.factorSettings.duo).toEqual({});
  });
});
