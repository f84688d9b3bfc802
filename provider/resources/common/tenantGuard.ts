/**
 * Guards for resources whose state names the tenant they belong to: a refresh, update or delete made after
 * `tenant:domain` moved to another tenant must fail, not read or switch that other tenant's settings.
 */
import { tenantDomain, type TenantConnection } from "../tenantConnection";
import { LookupNotFoundError } from "./get";

/** Throws unless `recordedDomain` is the configured tenant's domain (case-insensitive, like host names). */
export function assertSameTenant(what: string, id: string, recordedDomain: string, connection: TenantConnection): void {
  const configured = tenantDomain(connection.settings);
  if (recordedDomain.toLowerCase() !== configured.toLowerCase()) {
    throw new Error(
      `${what} "${id}" belongs to another tenant ("${recordedDomain}") than the configured one ("${configured}"). ` +
        "Point the resource at that tenant (tenant:domain or an explicit Provider).",
    );
  }
}

/**
 * For a tenant singleton (its id is the tenant's domain): the `.get` error for an id that is not the
 * configured tenant's domain; `undefined` when the id is right.
 */
export function singletonGetError(what: string, noun: string, id: string, connection: TenantConnection): Error | undefined {
  const configured = tenantDomain(connection.settings);
  if (id.toLowerCase() === configured.toLowerCase()) return undefined;
  return new LookupNotFoundError(
    what,
    id,
    `the configured tenant has no ${noun} with this id: its id is the tenant's domain, "${configured}". To read ` +
      `another tenant's ${noun}, give the get an explicit tenant Provider for that tenant.`,
  );
}
