// expand and flatten of Duo, WebAuthn, the custom app, the MFA settings and the one-time codes, on the shapes the
// service was recorded sending (api-wire §11): absent keys read as unset, the WebAuthn keys stay camelCase, Duo's
// secret key is only ever a ReturnedSecret in what flatten gives, and the phone factor is "sms" here, `phone` there.
import { describe, expect, it } from "vitest";
import { ReturnedSecret } from "../../provider/client/returnedSecret";
import { duoResponse, expandDuo, flattenDuo } from "../../provider/resources/duoSettings/wire";
import { expandMfaSettings, flattenMfaSettings, guardianSettingsResponse } from "../../provider/resources/mfaSettings/wire";
import { expandOtpSettings, flattenOtpSettings, otpSettingsPath, otpSettingsResponse } from "../../provider/resources/otpSettings/wire";
import { customAppResponse, expandCustomApp, flattenCustomApp } from "../../provider/resources/pushCustomApp/wire";
import { expandWebAuthn, flattenWebAuthn, webAuthnResponse, webAuthnSettingsPath } from "../../provider/resources/webAuthnSettings/wire";

describe("Duo", () => {
  it("the recorded GET (the key arrives wrapped, as the client hands it over) flattens; a tenant never configured reads as unset", () => {
    const flattened = flattenDuo(duoResponse.parse({ ikey: "someKey", skey: new ReturnedSecret("someSecret"), host: "api-hostname" }));
    expect(flattened).toMatchObject({ integrationKey: "someKey", hostname: "api-hostname" });
    expect(flattened.secretKey).toBeInstanceOf(ReturnedSecret);
    expect(flattenDuo(duoResponse.parse({}))).toEqual({ integrationKey: null, secretKey: null, hostname: null });
  });

  it("the key in plain text is not an answer the package reads (the client wraps it before any schema)", () => {
    expect(duoResponse.safeParse({ ikey: "k", skey: "someSecret", host: "h" }).success).toBe(false);
  });

  it("expand gives the recorded PUT's three fields, the tenant's key as it came", () => {
    expect(expandDuo({ integrationKey: "someKey", secretKey: "someSecret", hostname: "api-hostname" })).toEqual({ ikey: "someKey", skey: "someSecret", host: "api-hostname" });
    const tenants = new ReturnedSecret("theirs");
    expect(expandDuo({ integrationKey: "k", secretKey: tenants, hostname: "h" }).skey).toBe(tenants);
  });
});

describe("WebAuthn", () => {
  it.each([
    [{ userVerification: "discouraged", overrideRelyingParty: false }, { userVerification: "discouraged", overrideRelyingParty: false, relyingPartyIdentifier: null }],
    [{ overrideRelyingParty: false }, { userVerification: null, overrideRelyingParty: false, relyingPartyIdentifier: null }],
    // A PUT's answer holds only the keys sent: an override left out reads as off.
    [{ userVerification: "required" }, { userVerification: "required", overrideRelyingParty: false, relyingPartyIdentifier: null }],
    [{ overrideRelyingParty: true, relyingPartyIdentifier: "example.com" }, { userVerification: null, overrideRelyingParty: true, relyingPartyIdentifier: "example.com" }],
  ])("%j flattens to %j", (answer, values) => {
    expect(flattenWebAuthn(webAuthnResponse.parse(answer))).toEqual(values);
  });

  it("expand sends only the options given, camelCase", () => {
    expect(expandWebAuthn({ userVerification: "required" })).toEqual({ userVerification: "required" });
    expect(expandWebAuthn({ overrideRelyingParty: false, userVerification: null, relyingPartyIdentifier: null })).toEqual({ overrideRelyingParty: false });
    expect(webAuthnSettingsPath("webauthn-platform")).toBe("/guardian/factors/webauthn-platform/settings");
  });
});

describe("the custom app", () => {
  const recorded = {
    google_app_link: "https://play.google.com/store/apps/details?id=com.my.app",
    apple_app_link: "https://itunes.apple.com/us/app/my-app/id123121",
    app_name: "CustomApp",
  };

  it("the recorded answer and `{}` flatten; expand gives the recorded PATCH back", () => {
    const values = flattenCustomApp(customAppResponse.parse(recorded));
    expect(values).toEqual({ appName: "CustomApp", appleAppLink: recorded.apple_app_link, googleAppLink: recorded.google_app_link });
    expect(expandCustomApp(values)).toEqual(recorded);
    expect(flattenCustomApp(customAppResponse.parse({}))).toEqual({ appName: null, appleAppLink: null, googleAppLink: null });
    expect(expandCustomApp({ appName: "Only", appleAppLink: null })).toEqual({ app_name: "Only" });
  });
});

describe("the MFA settings and one-time codes", () => {
  it("the recorded bodies round-trip", () => {
    const recorded = { display_remember_me_checkbox: false, remember_me_default_value: true, mfa_session_inactivity_timeout: 7200, mfa_session_overall_timeout: 86400 };
    const values = flattenMfaSettings(guardianSettingsResponse.parse(recorded));
    expect(values).toEqual({ displayRememberMeCheckbox: false, rememberMeDefaultValue: true, sessionInactivityTimeout: 7200, sessionOverallTimeout: 86400 });
    expect(expandMfaSettings(values)).toEqual(recorded);
    expect(guardianSettingsResponse.safeParse({ display_remember_me_checkbox: true }).success).toBe(false);

    const otp = { otp_length: 8, otp_expiration_time: 600 };
    expect(expandOtpSettings(flattenOtpSettings(otpSettingsResponse.parse(otp)))).toEqual(otp);
  });

  it('the phone factor, "sms" as MfaFactor names it, is the `phone` path; never the deprecated `sms` one', () => {
    expect(otpSettingsPath("sms")).toBe("/guardian/factors/phone/settings");
    expect(otpSettingsPath("email")).toBe("/guardian/factors/email/settings");
  });
});
