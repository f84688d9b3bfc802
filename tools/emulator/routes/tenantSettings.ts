// The tenant's settings (api-wire §12.2): GET, and a PATCH that replaces the top-level keys it sends (`null` removes
// one), merges a partial `flags` object and answers the whole object. The PATCH answer and the GET differ as recorded
// (tenantSettings.ts), so a client that compares them is caught.
import { apiError, ok } from "../http";
import { describeIssue, validate, type ObjectSchema, type Schema } from "../schema";
import { MFA_FACTOR_LIST_FLAG, WRITABLE_FLAGS, type TenantSettingsSeed } from "../tenantSettings";
import type { Route } from "./route";

export const TENANT_SETTINGS_PATH = "/tenants/settings";

// Every top-level key accepts `null`, which removes it (recorded for `mtls` and `error_page`; the emulator's choice for
// the others). The inner shape of the objects is not checked: the package never writes them.
const text = (description: string): Schema => ({ type: "string", nullable: true, description });
const hours = (description: string): Schema => ({ type: "number", nullable: true, description });
const flag = (description: string): Schema => ({ type: "boolean", nullable: true, description });
const object = (description: string): Schema => ({ type: "object", additionalProperties: true, nullable: true, description });
const texts = (description: string): Schema => ({ type: "array", items: { type: "string" }, nullable: true, description });

const flagsSchema: ObjectSchema = {
  type: "object",
  description: "Flags used to change the behavior of customer tenants",
  properties: Object.fromEntries(
    WRITABLE_FLAGS.map((name) => [
      name,
      { type: "boolean", description: name === MFA_FACTOR_LIST_FLAG ? "Allow users to pick which factor to enroll with" : "A tenant flag" },
    ]),
  ),
};

const patchSchema: ObjectSchema = {
  type: "object",
  properties: {
    acr_values_supported: texts("Supported ACR values"),
    allow_organization_name_in_authentication_api: flag("Whether an organization name is accepted instead of its id"),
    allowed_logout_urls: texts("URLs that may be redirected to after logout"),
    change_password: object("Change password page customization"),
    customize_mfa_in_postlogin_action: flag("Whether to enable flexible factors for MFA in the PostLogin action"),
    default_audience: text("Default audience for API authorization"),
    default_directory: text("Connection used for password grant exchanges"),
    default_redirection_uri: text("The default absolute redirection URI"),
    default_token_quota: object("Token quota configuration"),
    device_flow: object("Device flow configuration"),
    disable_acr_values_supported: flag("Disable the list of supported ACR values"),
    enabled_locales: texts("Supported locales for the user interface"),
    ephemeral_session_lifetime: hours("Hours a non-persistent session stays valid"),
    error_page: object("Tenant error page customization"),
    flags: flagsSchema,
    friendly_name: text("Friendly name for the tenant"),
    guardian_mfa_page: object("Guardian page customization"),
    idle_ephemeral_session_lifetime: hours("Hours a non-persistent session may stay idle"),
    idle_session_lifetime: hours("Hours a session may stay idle"),
    mtls: object("mTLS configuration"),
    oidc_logout: object("OIDC RP-initiated logout settings"),
    phone_consolidated_experience: flag("Whether the consolidated phone experience is on"),
    picture_url: text("URL of the tenant's logo"),
    pushed_authorization_requests_supported: flag("Enable pushed authorization requests"),
    sandbox_version: text("Selected sandbox version for the extensibility environment"),
    session_cookie: object("Session cookie configuration"),
    session_lifetime: hours("Hours a session stays valid"),
    sessions: object("Session settings"),
    skip_non_verifiable_callback_uri_confirmation_prompt: flag("Skip the non-verifiable callback URI confirmation prompt"),
    support_email: text("Support email address"),
    support_url: text("Support URL"),
    universal_login: object("Universal Login settings"),
  },
};

export const tenantSettingsRoutes: Route[] = [
  {
    method: "GET",
    path: TENANT_SETTINGS_PATH,
    scope: "read:tenant_settings",
    handle: ({ state }) => ok(state.tenantSettings.getView()),
  },
  {
    method: "PATCH",
    path: TENANT_SETTINGS_PATH,
    scope: "update:tenant_settings",
    body: "json",
    handle: ({ state, body }) => {
      const issue = validate(body, patchSchema);
      if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
      state.tenantSettings.merge(body as TenantSettingsSeed);
      return ok(state.tenantSettings.patchView());
    },
  },
];
