/**
 * Host side of TenantMfaFlags: a tenant setting of several fields (common/settingLifecycle.ts) inside the tenant's
 * settings. Every read is one GET of `/tenants/settings`; every write one PATCH of the switches wanted alone (the
 * service merges a partial `flags` object), never of anything read back.
 */
import { defineHandler } from "../common/defineHandler";
import { tenantMfaFlagsDefinition as definition } from "./definition";
import { TENANT_SETTINGS_PATH, expandMfaFlags, flattenMfaFlags, tenantSettingsResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context) {
    return { ...flattenMfaFlags(await context.request("GET", TENANT_SETTINGS_PATH, { operation: "get tenant settings", schema: tenantSettingsResponse })) };
  },
  async write(context, wanted, { purpose }) {
    const body = expandMfaFlags(wanted, purpose === "restore");
    return { ...flattenMfaFlags(await context.request("PATCH", TENANT_SETTINGS_PATH, { operation: "set MFA switches", schema: tenantSettingsResponse, body })) };
  },
});
export { remove as delete };
