// The service's recorded exchanges for the rest of the MFA settings (api-wire §11), byte for byte, fed to the handlers
// by a scripted server: each recorded answer is accepted and gives the recorded values as outputs, and each request
// the handlers send is the recorded one (its JSON; key order aside) at the place the recordings have it. Duo's
// recorded secret key, which the GET returns in clear, never reaches outputs, state or a message.
import { describe, expect, it } from "vitest";
import * as duo from "../../provider/resources/duoSettings/handler";
import * as mfaSettings from "../../provider/resources/mfaSettings/handler";
import * as otp from "../../provider/resources/otpSettings/handler";
import * as customApp from "../../provider/resources/pushCustomApp/handler";
import * as webAuthn from "../../provider/resources/webAuthnSettings/handler";
import { reply } from "../support/scriptedReplies";
import { createChecked, useScriptedTenant } from "./harness";

// Every handler shares the one tenant connection of the process: configuring one configures them all.
const scripted = useScriptedTenant(duo);

const calls = (): string[] => scripted().seen.map((request) => request.call);
const sent = (index: number): unknown => JSON.parse(scripted().seen[index].body);


describe("Duo (TF-1684, and the Go SDK's same pair)", () => {
  const DUO = "/api/v2/guardian/factors/duo/settings";
  const PUT_BODY = `{"host":"api-hostname","ikey":"someKey","skey":"someSecret"}`;
  const PUT_ANSWER = `{"host":"api-hostname","ikey":"someKey","skey":"someSecret"}`;
  const GET_ANSWER = `{"ikey":"someKey","skey":"someSecret","host":"api-hostname"}`;
  const program = { integrationKey: "someKey", secretKey: "someSecret", hostname: "api-hostname" };

  it("the recorded PUT, then the recorded GET: the key is the program's, compared with the one returned", async () => {
    scripted().script = [reply(200, "{}"), reply(200, PUT_ANSWER), reply(200, GET_ANSWER)];
    const made = await createChecked(duo, program);
    expect(calls()).toEqual([`GET ${DUO}`, `PUT ${DUO}`]);
    expect(sent(1)).toEqual(JSON.parse(PUT_BODY));
    expect(made.outs).toEqual({ ...program, secretKeyReplaced: false, previousSettings: { integrationKey: null, hostname: null }, schemaVersion: 1 });
    const refreshed = await duo.read(made.id, made.outs);
    expect(refreshed.props).toEqual(made.outs);
  });

  it("the recorded GET on adoption, without the key: nothing written, nothing of the key kept", async () => {
    scripted().script = [reply(200, GET_ANSWER)];
    const made = await createChecked(duo, { integrationKey: "someKey", hostname: "api-hostname" });
    expect(calls()).toEqual([`GET ${DUO}`]);
    expect(JSON.stringify(made)).not.toContain("someSecret");
    // A new hostname: the recorded key goes back as it came, in the PUT's body only.
    scripted().script = [reply(200, GET_ANSWER), reply(200, `{"host":"api-other","ikey":"someKey","skey":"someSecret"}`)];
    const updated = await duo.update(made.id, made.outs, { integrationKey: "someKey", hostname: "api-other" });
    expect(calls().slice(1)).toEqual([`GET ${DUO}`, `PUT ${DUO}`]);
    expect(sent(2)).toEqual({ ikey: "someKey", skey: "someSecret", host: "api-other" });
    expect(JSON.stringify(updated)).not.toContain("someSecret");
  });

  it("the 429 recorded on the Duo GET is waited out", async () => {
    scripted().script = [
      reply(429, `{"statusCode":429,"error":"Too Many Requests","message":"Global limit has been reached","errorCode":"too_many_requests"}`),
      reply(200, GET_ANSWER),
    ];
    const read = await duo.read(new URL(scripted().url).host, {});
    expect(calls()).toEqual([`GET ${DUO}`, `GET ${DUO}`]);
    expect(read.inputs).toEqual({ integrationKey: "someKey", hostname: "api-hostname" });
  });
});

describe("WebAuthn (TF-1684 roaming, the Go SDK's roaming and platform)", () => {
  const ROAMING = "/api/v2/guardian/factors/webauthn-roaming/settings";
  const PLATFORM = "/api/v2/guardian/factors/webauthn-platform/settings";

  it("security keys required: GET, PUT of that option, GET — the three recorded exchanges in their order", async () => {
    scripted().script = [
      reply(200, `{"userVerification":"discouraged","overrideRelyingParty":false}`),
      reply(200, `{"userVerification":"required"}`),
      reply(200, `{"userVerification":"required","overrideRelyingParty":false}`),
    ];
    const made = await createChecked(webAuthn, { factor: "webauthn-roaming", userVerification: "required" });
    expect(calls()).toEqual([`GET ${ROAMING}`, `PUT ${ROAMING}`, `GET ${ROAMING}`]);
    expect(scripted().seen[1].body).toBe(`{"userVerification":"required"}`);
    expect(made.outs).toEqual({
      factor: "webauthn-roaming",
      userVerification: "required",
      overrideRelyingParty: false,
      relyingPartyIdentifier: null,
      previousSettings: { userVerification: "discouraged" },
      tenantDomain: new URL(scripted().url).host,
      schemaVersion: 1,
    });

    // The Go SDK's PUT of both options, its answer holding just those; the option the program starts to manage is
    // recorded as the factor holds it, read first.
    scripted().script = [
      reply(200, `{"userVerification":"preferred","overrideRelyingParty":false}`),
      reply(200, `{"overrideRelyingParty":false,"userVerification":"required"}`),
      reply(200, `{"userVerification":"required","overrideRelyingParty":false}`),
    ];
    const updated = await webAuthn.update(made.id, { ...made.outs, userVerification: "preferred" }, { factor: "webauthn-roaming", userVerification: "required", overrideRelyingParty: false });
    expect(calls().slice(3)).toEqual([`GET ${ROAMING}`, `PUT ${ROAMING}`, `GET ${ROAMING}`]);
    expect(sent(4)).toEqual({ overrideRelyingParty: false, userVerification: "required" });
    expect(updated.outs?.previousSettings).toEqual({ userVerification: "discouraged", overrideRelyingParty: false });
  });

  it("platform: the recorded GET adopted as is; the recorded PUT on an update", async () => {
    scripted().script = [reply(200, `{"overrideRelyingParty":false}`)];
    const made = await createChecked(webAuthn, { factor: "webauthn-platform", overrideRelyingParty: false });
    expect(calls()).toEqual([`GET ${PLATFORM}`]);
    expect(made.outs).toMatchObject({ userVerification: null, overrideRelyingParty: false, relyingPartyIdentifier: null });
    scripted().script = [reply(200, `{"overrideRelyingParty":false}`), reply(200, `{"overrideRelyingParty":false}`)];
    await webAuthn.update(made.id, made.outs, { factor: "webauthn-platform", overrideRelyingParty: false });
    expect(scripted().seen[1].body).toBe(`{"overrideRelyingParty":false}`);
  });
});

describe("the custom app (TF-1684)", () => {
  it("GET {} then the recorded PATCH of all three, answered in the service's order", async () => {
    const PATH = "/api/v2/prompts/mfa-push";
    scripted().script = [
      reply(200, "{}"),
      reply(
        200,
        `{"google_app_link":"https://play.google.com/store/apps/details?id=com.my.app","apple_app_link":"https://itunes.apple.com/us/app/my-app/id123121","app_name":"CustomApp"}`,
      ),
    ];
    const app = { appName: "CustomApp", appleAppLink: "https://itunes.apple.com/us/app/my-app/id123121", googleAppLink: "https://play.google.com/store/apps/details?id=com.my.app" };
    const made = await createChecked(customApp, app);
    expect(calls()).toEqual([`GET ${PATH}`, `PATCH ${PATH}`]);
    expect(sent(1)).toEqual({ app_name: "CustomApp", apple_app_link: app.appleAppLink, google_app_link: app.googleAppLink });
    expect(made.outs).toEqual({ ...app, previousApp: { appName: null, appleAppLink: null, googleAppLink: null }, schemaVersion: 1 });
  });
});

describe("the MFA settings (TF-1684): every PUT answered with the body sent", () => {
  const PATH = "/api/v2/guardian/settings";
  const body = (display: boolean, remember: boolean, inactivity: number, overall: number) =>
    `{"display_remember_me_checkbox":${display},"remember_me_default_value":${remember},"mfa_session_inactivity_timeout":${inactivity},"mfa_session_overall_timeout":${overall}}`;
  const inputs = (display: boolean, remember: boolean, inactivity: number, overall: number) => ({
    displayRememberMeCheckbox: display,
    rememberMeDefaultValue: remember,
    sessionInactivityTimeout: inactivity,
    sessionOverallTimeout: overall,
  });

  it("the three recorded PUTs as create and updates, the recorded GET as refresh", async () => {
    scripted().script = [reply(200, body(true, true, 3600, 3600)), reply(200, body(true, false, 604800, 2592000))];
    const made = await createChecked(mfaSettings, inputs(true, false, 604800, 2592000));
    expect(scripted().seen[1].body).toBe(body(true, false, 604800, 2592000));
    scripted().script = [reply(200, body(false, true, 7200, 86400))];
    const second = await mfaSettings.update(made.id, made.outs, inputs(false, true, 7200, 86400));
    expect(scripted().seen[2].body).toBe(body(false, true, 7200, 86400));
    scripted().script = [reply(200, body(true, true, 3600, 3600)), reply(200, body(true, true, 3600, 3600))];
    const third = await mfaSettings.update(made.id, second.outs, inputs(true, true, 3600, 3600));
    expect(scripted().seen[3].body).toBe(body(true, true, 3600, 3600));
    const refreshed = await mfaSettings.read(made.id, third.outs);
    expect(calls()).toEqual([`GET ${PATH}`, `PUT ${PATH}`, `PUT ${PATH}`, `PUT ${PATH}`, `GET ${PATH}`]);
    expect(refreshed.inputs).toEqual(inputs(true, true, 3600, 3600));
    expect(refreshed.props).toMatchObject({ previousSettings: inputs(true, true, 3600, 3600) });
  });
});

describe("the one-time codes (TF-1684): phone and email PUT whole, answered with the body sent", () => {
  const PHONE = "/api/v2/guardian/factors/phone/settings";
  const EMAIL = "/api/v2/guardian/factors/email/settings";
  const body = (length: number, expiration: number) => `{"otp_length":${length},"otp_expiration_time":${expiration}}`;

  it("the recorded PUTs, in the recorded order, and the recorded email GET", async () => {
    scripted().script = [reply(200, body(4, 30)), reply(200, body(6, 300))];
    const sms = await createChecked(otp, { factor: "sms", otpLength: 6, otpExpirationTime: 300 });
    scripted().script = [reply(200, body(8, 600))];
    const sms2 = await otp.update(sms.id, sms.outs, { factor: "sms", otpLength: 8, otpExpirationTime: 600 });
    scripted().script = [reply(200, body(4, 30)), reply(200, body(10, 3600))];
    const email = await createChecked(otp, { factor: "email", otpLength: 10, otpExpirationTime: 3600 });
    scripted().script = [reply(200, body(4, 30))];
    await otp.update(sms.id, sms2.outs, { factor: "sms", otpLength: 4, otpExpirationTime: 30 });
    scripted().script = [reply(200, body(4, 30)), reply(200, body(4, 30))];
    const email2 = await otp.update(email.id, email.outs, { factor: "email", otpLength: 4, otpExpirationTime: 30 });
    const refreshed = await otp.read(email.id, email2.outs);
    expect(calls()).toEqual([`GET ${PHONE}`, `PUT ${PHONE}`, `PUT ${PHONE}`, `GET ${EMAIL}`, `PUT ${EMAIL}`, `PUT ${PHONE}`, `PUT ${EMAIL}`, `GET ${EMAIL}`]);
    expect(scripted().seen.filter((request) => request.call.startsWith("PUT")).map((request) => request.body)).toEqual([
      body(6, 300),
      body(8, 600),
      body(10, 3600),
      body(4, 30),
      body(4, 30),
    ]);
    expect(refreshed.inputs).toEqual({ factor: "email", otpLength: 4, otpExpirationTime: 30 });
  });
});
