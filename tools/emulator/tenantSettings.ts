// The tenant's settings object (GET/PATCH /tenants/settings, api-wire §12.2): many fields and flags the package
// must never change, and the two MFA switches it manages, `customize_mfa_in_postlogin_action` (top level) and
// `flags.mfa_show_factor_list_on_enrollment`, both absent until set. The shapes follow the Terraform provider's
// recorded tenant exchanges (TestAccTenant_Main, TestAccTenant_EnableSSO, TestAccTenantDefaults).

export type TenantFlags = Record<string, boolean>;
export type StoredTenantSettings = Record<string, unknown> & { flags: TenantFlags };

/** Flags a PATCH answer carries and a following GET leaves out (recorded on every tenant). */
export const PATCH_ONLY_FLAGS = [
  "cannot_change_enforce_client_authentication_on_passwordless_start",
  "enforce_client_authentication_on_passwordless_start",
] as const;

/**
 * The flags a PATCH may write: those the Terraform provider's tenant resource writes (its schema), the MFA flag
 * among them. `flags` has `additionalProperties: false` (R), so any other name, those the service only shows
 * (`universal_login`, `new_universal_login_experience_enabled`, the two above…) included, is refused with a 400.
 */
export const WRITABLE_FLAGS = [
  "allow_legacy_delegation_grant_types",
  "allow_legacy_ro_grant_types",
  "allow_legacy_tokeninfo_endpoint",
  "dashboard_insights_view",
  "dashboard_log_streams_next",
  "disable_clickjack_protection_headers",
  "disable_fields_map_fix",
  "disable_management_api_sms_obfuscation",
  "enable_adfs_waad_email_verification",
  "enable_apis_section",
  "enable_client_connections",
  "enable_custom_domain_in_emails",
  "enable_dynamic_client_registration",
  "enable_idtoken_api2",
  "enable_legacy_logs_search_v2",
  "enable_legacy_profile",
  "enable_pipeline2",
  "enable_public_signup_user_exists_error",
  "enable_sso",
  "mfa_show_factor_list_on_enrollment",
  "no_disclose_enterprise_connections",
  "remove_alg_from_jwks",
  "revoke_refresh_token_grant",
  "use_scope_descriptions_for_consent",
] as const;

/** The MFA switches the package manages; absent from a fresh tenant. */
export const MFA_POSTLOGIN_KEY = "customize_mfa_in_postlogin_action";
export const MFA_FACTOR_LIST_FLAG = "mfa_show_factor_list_on_enrollment";

/** A fresh tenant, as the recorded tenants read, without the two MFA switches. */
function freshSettings(): StoredTenantSettings {
  return {
    allowed_logout_urls: [],
    default_audience: "",
    default_directory: "",
    enabled_locales: ["en"],
    flags: {
      allow_changing_enable_sso: false,
      cannot_change_enforce_client_authentication_on_passwordless_start: true,
      disable_impersonation: true,
      disable_management_api_sms_obfuscation: false,
      enable_client_connections: true,
      enable_public_signup_user_exists_error: true,
      enable_sso: true,
      enforce_client_authentication_on_passwordless_start: true,
      new_universal_login_experience_enabled: true,
      universal_login: true,
      use_scope_descriptions_for_consent: false,
      no_disclose_enterprise_connections: false,
      revoke_refresh_token_grant: false,
      disable_fields_map_fix: false,
      dashboard_new_onboarding: false,
      remove_alg_from_jwks: false,
      disable_clickjack_protection_headers: false,
    },
    friendly_name: "",
    idle_session_lifetime: 72,
    sandbox_version: "18",
    session_lifetime: 168,
    sessions: { oidc_logout_prompt_enabled: true },
    oidc_logout: { rp_logout_end_session_endpoint_discovery: true },
    allow_organization_name_in_authentication_api: false,
    pushed_authorization_requests_supported: false,
    universal_login: {},
    phone_consolidated_experience: true,
    session_cookie: { mode: "persistent" },
  };
}

/** Only in GET answers (recorded): the sandbox versions the tenant may choose. */
const SANDBOX_VERSIONS_AVAILABLE = ["22", "18"];

/** What the seeding controls set: top-level keys replaced, `flags` merged flag by flag; `null` removes a key or a flag. */
export type TenantSettingsSeed = Record<string, unknown> & { flags?: Record<string, boolean | null> };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A seed from JSON (the control's body), or what is wrong with it. Any key and flag name is allowed: it is a test control. */
export function parseTenantSettingsSeed(value: unknown): TenantSettingsSeed | string {
  if (!isPlainObject(value)) return "the body must be an object";
  if (value.flags !== undefined) {
    if (!isPlainObject(value.flags)) return "flags must be an object";
    const bad = Object.entries(value.flags).find(([, flag]) => typeof flag !== "boolean" && flag !== null);
    if (bad) return `flags.${bad[0]} must be a boolean, or null to remove it`;
  }
  return value as TenantSettingsSeed;
}

export class TenantSettings {
  /** Every field and flag as stored, the flags a GET leaves out included (that is, as a PATCH answers). */
  settings: StoredTenantSettings = freshSettings();

  clear(): void {
    this.settings = freshSettings();
  }

  /**
   * Merges a PATCH (already validated) or a seed: top-level keys are replaced and `null` removes one; `flags` is
   * merged flag by flag (recorded), a seed's `null` flag removing that flag.
   */
  merge(changes: TenantSettingsSeed): void {
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      if (key === "flags") {
        for (const [flag, setting] of Object.entries(value as Record<string, boolean | null>)) {
          if (setting === null) delete this.settings.flags[flag];
          else this.settings.flags[flag] = setting;
        }
      } else if (value === null) {
        delete this.settings[key];
      } else {
        this.settings[key] = structuredClone(value);
      }
    }
  }

  /** Applies a seed; throws on a bad one (the control answers 400 before calling this). */
  seed(seed: TenantSettingsSeed): void {
    const parsed = parseTenantSettingsSeed(seed);
    if (typeof parsed === "string") throw new Error(`seedTenantSettings: ${parsed}`);
    this.merge(parsed);
  }

  /** A PATCH answers the whole object, with the flags a GET leaves out. */
  patchView(): Record<string, unknown> {
    return structuredClone(this.settings);
  }

  /** A GET leaves out two flags and adds `sandbox_versions_available` (both recorded), so never compare it with a PATCH answer. */
  getView(): Record<string, unknown> {
    const view = structuredClone(this.settings);
    for (const flag of PATCH_ONLY_FLAGS) delete view.flags[flag];
    return { ...view, sandbox_versions_available: [...SANDBOX_VERSIONS_AVAILABLE] };
  }

  snapshot(): Record<string, unknown> {
    return structuredClone(this.settings);
  }
}
