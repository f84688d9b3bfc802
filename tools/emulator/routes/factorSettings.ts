// The rest of the MFA settings (api-wire §11), as recorded: Duo's keys (the GET returns the secret key in clear),
// the WebAuthn factors' options (camelCase; a PUT's answer holds only the keys sent), the push factor's custom app
// (`{}` until written; PATCH), the tenant's MFA session settings and the phone and email one-time-code settings
// (PUT whole). What the recordings leave open is the emulator's choice, listed in the README.
import { apiError, ok, type ApiResult } from "../http";
import {
  USER_VERIFICATIONS,
  type OtpFactor,
  type StoredCustomApp,
  type StoredDuo,
  type StoredGuardianSettings,
  type StoredOtpSettings,
  type StoredWebAuthn,
  type WebAuthnFactor,
} from "../factorSettings";
import { describeIssue, validate, type ObjectSchema, type StringSchema } from "../schema";
import type { Route } from "./route";

const FACTORS = "/guardian/factors";
export const DUO_SETTINGS_PATH = `${FACTORS}/duo/settings`;
export const CUSTOM_APP_PATH = "/prompts/mfa-push";
export const GUARDIAN_SETTINGS_PATH = "/guardian/settings";
const webAuthnPath = (factor: WebAuthnFactor): string => `${FACTORS}/${factor}/settings`;
const otpPath = (factor: OtpFactor | "sms"): string => `${FACTORS}/${factor}/settings`;

const READ_FACTORS = "read:guardian_factors";
const UPDATE_FACTORS = "update:guardian_factors";

const text = (description: string, minLength = 0): StringSchema => ({ type: "string", maxLength: 10_000, minLength, description });

const duoSchema: ObjectSchema = {
  type: "object",
  properties: { ikey: text("Duo client id"), skey: text("Duo client secret", 1), host: text("Duo API hostname") },
};

const webAuthnProperties = {
  overrideRelyingParty: { type: "boolean", description: "Whether the relying party identifier is overridden" },
  relyingPartyIdentifier: { type: "string", minLength: 1, maxLength: 255, description: "The relying party identifier" },
} as const;
const webAuthnSchemas: Record<WebAuthnFactor, ObjectSchema> = {
  "webauthn-roaming": {
    type: "object",
    properties: { userVerification: { type: "string", enum: USER_VERIFICATIONS, description: "User verification" }, ...webAuthnProperties },
  },
  "webauthn-platform": { type: "object", properties: webAuthnProperties },
};

const link = (description: string): StringSchema => ({ type: "string", maxLength: 2048, description });
const customAppSchema: ObjectSchema = {
  type: "object",
  minProperties: 1,
  properties: { app_name: { type: "string", maxLength: 255, description: "Custom app name" }, apple_app_link: link("Apple App Store URL"), google_app_link: link("Google Play Store URL") },
};

const guardianSchema: ObjectSchema = {
  type: "object",
  required: ["display_remember_me_checkbox", "remember_me_default_value", "mfa_session_inactivity_timeout", "mfa_session_overall_timeout"],
  properties: {
    display_remember_me_checkbox: { type: "boolean", description: "Show the remember-me checkbox" },
    remember_me_default_value: { type: "boolean", description: "The remember-me checkbox's default" },
    mfa_session_inactivity_timeout: { type: "integer", minimum: 3600, maximum: 2_592_000, description: "MFA session inactivity timeout in seconds" },
    mfa_session_overall_timeout: { type: "integer", minimum: 3600, maximum: 7_776_000, description: "MFA session overall timeout in seconds" },
  },
};

const otpSchema: ObjectSchema = {
  type: "object",
  required: ["otp_length", "otp_expiration_time"],
  properties: {
    otp_length: { type: "integer", minimum: 4, maximum: 10, description: "The length of the one-time code" },
    otp_expiration_time: { type: "integer", minimum: 30, maximum: 3600, description: "How long a one-time code is valid, in seconds" },
  },
};

type Body = Record<string, unknown>;

function validated(body: unknown, schema: ObjectSchema, apply: (body: Body) => ApiResult): ApiResult {
  const issue = validate(body, schema);
  if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
  return apply(body as Body);
}

/** Only the keys that are set, in the order the service was recorded answering. */
function present(object: object, order: readonly string[]): Body {
  const source = object as Body;
  return Object.fromEntries(order.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
}

const DUO_ORDER = ["ikey", "skey", "host"];
const WEBAUTHN_ORDER = ["userVerification", "overrideRelyingParty", "relyingPartyIdentifier"];
const CUSTOM_APP_ORDER = ["google_app_link", "apple_app_link", "app_name"];

function duoRoutes(): Route[] {
  const write = (method: "PUT" | "PATCH"): Route => ({
    method,
    path: DUO_SETTINGS_PATH,
    scope: UPDATE_FACTORS,
    body: "json",
    handle: ({ state, body }) =>
      validated(body, duoSchema, (checked) => {
        // PUT replaces the integration (keys left out are gone); PATCH changes the keys given.
        const next: StoredDuo = method === "PUT" ? {} : { ...state.factorSettings.duo };
        Object.assign(next, present(checked, DUO_ORDER));
        state.factorSettings.duo = next;
        return ok(method === "PUT" ? { ...checked } : present(next, DUO_ORDER));
      }),
  });
  return [
    // The secret key comes back in clear, as the service sends it.
    { method: "GET", path: DUO_SETTINGS_PATH, scope: READ_FACTORS, handle: ({ state }) => ok(present(state.factorSettings.duo, DUO_ORDER)) },
    write("PUT"),
    write("PATCH"),
  ];
}

function webAuthnRoutes(factor: WebAuthnFactor): Route[] {
  return [
    { method: "GET", path: webAuthnPath(factor), scope: READ_FACTORS, handle: ({ state }) => ok(present(state.factorSettings.webauthn[factor], WEBAUTHN_ORDER)) },
    {
      method: "PUT",
      path: webAuthnPath(factor),
      scope: UPDATE_FACTORS,
      body: "json",
      handle: ({ state, body }) =>
        validated(body, webAuthnSchemas[factor], (checked) => {
          // Keys left out keep their values; the answer holds exactly the keys sent.
          state.factorSettings.webauthn[factor] = { ...state.factorSettings.webauthn[factor], ...(checked as Partial<StoredWebAuthn>) };
          return ok({ ...checked });
        }),
    },
  ];
}

const customAppRoutes: Route[] = [
  { method: "GET", path: CUSTOM_APP_PATH, scope: "read:prompts", handle: ({ state }) => ok(present(state.factorSettings.customApp, CUSTOM_APP_ORDER)) },
  {
    method: "PATCH",
    path: CUSTOM_APP_PATH,
    scope: "update:prompts",
    body: "json",
    handle: ({ state, body }) =>
      validated(body, customAppSchema, (checked) => {
        const next: StoredCustomApp = { ...state.factorSettings.customApp, ...(checked as StoredCustomApp) };
        state.factorSettings.customApp = next;
        return ok(present(next, CUSTOM_APP_ORDER));
      }),
  },
];

const guardianRoutes: Route[] = [
  { method: "GET", path: GUARDIAN_SETTINGS_PATH, scope: "read:tenant_settings", handle: ({ state }) => ok({ ...state.factorSettings.guardian }) },
  {
    method: "PUT",
    path: GUARDIAN_SETTINGS_PATH,
    scope: "update:tenant_settings",
    body: "json",
    handle: ({ state, body }) =>
      validated(body, guardianSchema, (checked) => {
        const next = checked as unknown as StoredGuardianSettings;
        if (next.mfa_session_inactivity_timeout > next.mfa_session_overall_timeout) {
          return apiError(400, "mfa_session_inactivity_timeout cannot be greater than mfa_session_overall_timeout", "invalid_body");
        }
        state.factorSettings.guardian = { ...next };
        return ok({ ...state.factorSettings.guardian });
      }),
  },
];

function otpRoutes(factor: OtpFactor): Route[] {
  return [
    { method: "GET", path: otpPath(factor), scope: READ_FACTORS, handle: ({ state }) => ok({ ...state.factorSettings.otp[factor] }) },
    {
      method: "PUT",
      path: otpPath(factor),
      scope: UPDATE_FACTORS,
      body: "json",
      handle: ({ state, body }) =>
        validated(body, otpSchema, (checked) => {
          state.factorSettings.otp[factor] = { ...(checked as unknown as StoredOtpSettings) };
          return ok({ ...state.factorSettings.otp[factor] });
        }),
    },
  ];
}

/** The deprecated `…/sms/…` paths answer as they do on tenants with the current phone-provider API. */
const deprecated = (): ApiResult =>
  apiError(403, "Insufficient privileges to use this deprecated feature. To handle Phone Provider/Templates refer to Tenant Phone Settings");

export const factorSettingRoutes: Route[] = [
  ...duoRoutes(),
  ...webAuthnRoutes("webauthn-roaming"),
  ...webAuthnRoutes("webauthn-platform"),
  ...customAppRoutes,
  ...guardianRoutes,
  ...otpRoutes("phone"),
  ...otpRoutes("email"),
  { method: "GET", path: otpPath("sms"), scope: READ_FACTORS, handle: deprecated },
  { method: "PUT", path: otpPath("sms"), scope: UPDATE_FACTORS, body: "json", handle: deprecated },
];
