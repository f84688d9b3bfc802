/**
 * The options of every client the package makes — a provider host's, a program's data functions', the
 * `pulumi-tenant` command's: the tuning the environment sets, and the resources' secret fields, which the client
 * drops and redacts by. The same options make the same client key, so callers in one process share one client (one
 * token, one connection pool) per tenant.
 */
import type { ClientOptions } from "../client";
import { clientTuningFromEnv } from "../config";
import { SECRET_FIELDS } from "./secretFields.generated";

export function packageClientOptions(env: NodeJS.ProcessEnv = process.env): Partial<ClientOptions> {
  return { ...clientTuningFromEnv(env), secretFields: SECRET_FIELDS };
}
