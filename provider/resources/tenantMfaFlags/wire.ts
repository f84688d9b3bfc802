/**
 * The tenant's two MFA switches on the wire, inside the tenant's settings (`/tenants/settings`): the top-level
 * `customize_mfa_in_postlogin_action` and `flags.mfa_show_factor_list_on_enrollment`. The only place that maps them.
 * A PATCH carries these keys alone (a partial `flags` object is merged, the rest of the settings left as they are);
 * both GET and PATCH answer the whole object, of which only these two are read (the answers differ elsewhere, so
 * they are never compared as wholes). A key the tenant never set is absent, and reads as off.
 */
import { z } from "zod";

export const TENANT_SETTINGS_PATH = "/tenants/settings";

/** The GET's and the PATCH's answer, of which only the two switches matter; every other field passes through unread. */
export const tenantSettingsResponse = z.object({
  customize_mfa_in_postlogin_action: z.boolean().nullish(),
  flags: z.object({ mfa_show_factor_list_on_enrollment: z.boolean().nullish() }).nullish(),
});
export type TenantSettingsResponse = z.infer<typeof tenantSettingsResponse>;

/**
 * The PATCH's body: the switches written, and only those. The top-level key takes `null`, which removes it (back to
 * absent, the service's default); a flag cannot be removed, only written.
 */
export interface TenantMfaFlagsRequest {
  customize_mfa_in_postlogin_action?: boolean | null;
  flags?: { mfa_show_factor_list_on_enrollment: boolean };
}

export interface TenantMfaFlagValues {
  customizeMfaInPostLoginAction: boolean;
  showFactorListOnEnrollment: boolean;
}

/**
 * The switches given, as the PATCH's body. `removeWhenOff`: the top-level switch put back off is removed rather than
 * written `false` (destroy's restore, so that a tenant that never set it reads as it did).
 */
export function expandMfaFlags(values: Partial<TenantMfaFlagValues>, removeWhenOff = false): TenantMfaFlagsRequest {
  const request: TenantMfaFlagsRequest = {};
  const customize = values.customizeMfaInPostLoginAction;
  if (customize !== undefined) request.customize_mfa_in_postlogin_action = customize || !removeWhenOff ? customize : null;
  if (values.showFactorListOnEnrollment !== undefined) request.flags = { mfa_show_factor_list_on_enrollment: values.showFactorListOnEnrollment };
  return request;
}

/** An answer as outputs: a switch the answer leaves out (never set, or removed) is off. */
export function flattenMfaFlags(response: TenantSettingsResponse): TenantMfaFlagValues {
  return {
    customizeMfaInPostLoginAction: response.customize_mfa_in_postlogin_action ?? false,
    showFactorListOnEnrollment: response.flags?.mfa_show_factor_list_on_enrollment ?? false,
  };
}
