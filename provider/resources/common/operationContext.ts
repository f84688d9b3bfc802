/**
 * What each of a handler's operations is given: the resource's type and name for messages, a way to warn the user
 * about it, the secrets the operation touches, and the tenant connection, checked to be the resource's tenant before
 * its first use (a refresh, update or delete made after `tenant:domain` moved to another tenant fails rather than touch
 * that tenant). Requests go through the shared client with the operation's secrets added, so no handler lists them,
 * and a refusal of the tenant's plan comes back as one error saying so (refusals.ts).
 */
import type { z } from "zod";
import type { HttpMethod, RequestOptions } from "../../client";
import { showWarning } from "../../client/log";
import { secretStrings } from "../../shapes/secrets";
import { tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import type { Identity, ResourceDefinition } from "./definition";
import { withoutDoorKeys } from "./jsonValues";
import { currentResource } from "./programName";
import { withPlanRefusal } from "./refusals";
import { assertSameTenant, singletonGetError } from "./tenantGuard";

export interface OperationContext {
  /** The resource type's name, e.g. "MfaPolicy": messages start with it. */
  readonly what: string;
  /**
   * The resource as the user knows it: its type and the name the program gave it (`SnsPushProvider "sns"`), or, when
   * neither door says (a state stored before), its id.
   */
  readonly named: string;
  /** Warns the user about this resource (under it, where the door knows its URN); resolves once delivered. */
  warn(message: string): Promise<void>;
  /** Every secret string of the desired inputs and of the stored state: kept out of every message of the operation. */
  readonly secrets: readonly string[];
  /** The tenant connection (loads the client on first use); guarded as the module comment says. */
  connection(): Promise<TenantConnection>;
  /** The configured tenant's domain (with its port): a singleton's id. */
  tenantDomain(): Promise<string>;
  /** One request through the shared client, the operation's secrets added to any the options name. */
  request<Schema extends z.ZodType>(method: HttpMethod, path: string, options: RequestOptions<Schema>): Promise<z.infer<Schema>>;
}

export interface OperationScope {
  what: string;
  identity: Identity;
  secrets: readonly string[];
  /** The resource's id, for a call on an existing resource (or a `.get`/import); undefined for a create. */
  id?: string;
  /** A `.get` or import: nothing is stored yet. */
  forGet?: boolean;
  /** The tenant domain the stored state records (a keyed setting's `tenantOutput`). */
  recordedTenant?: string;
}

/** `SnsPushProvider "sns"`: the name the door gives (programName.ts), else the id. */
function namedOf(scope: OperationScope): string {
  const name = currentResource()?.name;
  if (name !== undefined) return `${scope.what} ${JSON.stringify(name)}`;
  return scope.id === undefined ? scope.what : `${scope.what} with id ${JSON.stringify(scope.id)}`;
}

/** The guard of `identity` for a call on resource `id` of this connection's tenant. */
function guard(scope: OperationScope, connection: TenantConnection): void {
  const { id, identity, what } = scope;
  if (id === undefined) return;
  if (identity.kind === "tenant") {
    const notFound = scope.forGet ? singletonGetError(what, identity.noun, id, connection) : undefined;
    if (notFound) throw notFound;
    assertSameTenant(what, id, id, connection);
  } else if (identity.kind === "keyed") {
    assertSameTenant(what, id, scope.recordedTenant ?? tenantDomain(connection.settings), connection);
  }
}

export function operationContext(scope: OperationScope): OperationContext {
  let guarded: Promise<TenantConnection> | undefined;
  const connection = (): Promise<TenantConnection> =>
    (guarded ??= tenantConnection().then((ready) => {
      guard(scope, ready);
      return ready;
    }));
  return {
    what: scope.what,
    named: namedOf(scope),
    warn: (message) => showWarning(message, currentResource()?.urn),
    secrets: scope.secrets,
    connection,
    tenantDomain: async () => tenantDomain((await tenantConnection()).settings),
    async request(method, path, options) {
      const { client } = await connection();
      try {
        return await client.request(method, path, { ...options, secrets: [...scope.secrets, ...(options.secrets ?? [])] });
      } catch (error) {
        throw withPlanRefusal(error, scope.what, scope.identity.kind === "minted" ? scope.what : scope.identity.noun);
      }
    },
  };
}

/** Every secret string of the desired inputs and of the stored state, always both: kept out of every message. */
export function operationSecrets(definition: ResourceDefinition, desired: unknown, stored: unknown): string[] {
  return [
    ...secretStrings(definition.inputs, withoutDoorKeys(desired)),
    ...secretStrings(definition.outputs, withoutDoorKeys(stored)),
    ...secretStrings(definition.inputs, withoutDoorKeys(stored)),
  ];
}
