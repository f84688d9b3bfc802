/**
 * A handler's state, both ways: what an operation's outputs become in state (`storedOutputsOf`: the outputs and the
 * version of what wrote them, never a secret the service returned), and what an operation on a resource in state
 * starts from (`existingResource`: its stored outputs of any handler version, and the context its requests run in).
 */
import { holdsReturnedSecret } from "../../client/returnedSecret";
import { tenantConnection, tenantDomain } from "../tenantConnection";
import type { OutputsOf, ResourceDefinition, StoredOutputs } from "./definition";
import { compact, type PropertyBag } from "./jsonValues";
import { operationContext, operationSecrets, type OperationContext } from "./operationContext";
import { needsTenantDomain, readStored, STATE_VERSION } from "./storedState";

/** The outputs as state holds them. */
export function storedOutputsOf<Definition extends ResourceDefinition>(definition: Definition, outputs: OutputsOf<Definition>): StoredOutputs<Definition> {
  // A secret the service returned (Duo's key) is the handler's to compare and send back, never state's.
  if (holdsReturnedSecret(outputs)) throw new Error(`${definition.name}: a secret the service returned reached the outputs; nothing of it is stored`);
  return compact<PropertyBag>({ ...(outputs as PropertyBag), schemaVersion: STATE_VERSION }) as StoredOutputs<Definition>;
}

/**
 * Resource `id` as state holds it (`props`, of any version), and the context of an operation on it; `desired`, an
 * update's inputs, adds their secrets to those kept out of every message.
 */
export async function existingResource<Definition extends ResourceDefinition>(
  definition: Definition,
  id: string,
  props: unknown,
  desired?: unknown,
): Promise<{ stored: StoredOutputs<Definition>; context: OperationContext }> {
  const domain = needsTenantDomain(definition, props) ? tenantDomain((await tenantConnection()).settings) : "";
  const stored = readStored(definition, props, () => domain);
  const { identity } = definition;
  const recordedTenant = identity.kind === "keyed" ? ((stored as PropertyBag)[identity.tenantOutput] as string | undefined) : undefined;
  const secrets = operationSecrets(definition, desired, props);
  return { stored, context: operationContext({ what: definition.name, identity, id, recordedTenant, secrets }) };
}
