/**
 * Host side of PhoneProvider. The service allows one phone provider per tenant, so create must never
 * leave two behind: a conflict asks the user to adopt explicitly, and a POST whose outcome is unknown
 * is reconciled by listing before anything is sent again.
 */
import { AmbiguousRequestError, ApiError, isNotFound } from "../../client/errors";
import type { OperationContext } from "../common/operationContext";
import { defineHandler } from "../common/defineHandler";
import { comparable, differingInputs } from "../common/diff";
import { differs } from "../common/jsonValues";
import { propertiesOf, type PropertyShape } from "../../shapes/property";
import { phoneProviderDefinition as definition, type PhoneProviderInputs, type PhoneProviderOutputs } from "./definition";
import {
  PROVIDERS_PATH,
  expandPhoneProvider,
  expandPhoneProviderChanges,
  flattenPhoneProvider,
  phoneProviderList,
  phoneProviderResponse,
  providerPath,
  type DesiredPhoneProvider,
  type PhoneProviderRequest,
  type PhoneProviderResponse,
} from "./wire";

/** POSTs sent in one create when each fails ambiguously and a listing proves none took effect. */
const MAX_CREATE_ATTEMPTS = 3;

const configurationShape = propertiesOf(definition.inputs).find((shape) => shape.name === "configuration") as PropertyShape;

type Outputs = Omit<PhoneProviderOutputs, "schemaVersion">;

function outputsFrom(response: PhoneProviderResponse, desired: DesiredPhoneProvider & { adoptExisting: boolean }): Outputs {
  return { ...flattenPhoneProvider(response), credentials: desired.credentials, adoptExisting: desired.adoptExisting };
}

async function listProviders(context: OperationContext): Promise<PhoneProviderResponse[]> {
  const list = await context.request("GET", PROVIDERS_PATH, { operation: "list phone providers", schema: phoneProviderList });
  return list.providers;
}

async function patchProvider(context: OperationContext, id: string, body: Partial<PhoneProviderRequest>): Promise<PhoneProviderResponse> {
  try {
    return await context.request("PATCH", providerPath(id), { operation: "update phone provider", schema: phoneProviderResponse, body });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    throw new Error(
      `${context.what} "${id}" no longer exists on the tenant. Run "pulumi refresh" to drop it from the state, then ` +
        `"pulumi up" to create it again.`,
    );
  }
}

/** The only error text for an existing provider; names the way in, and the existing id when it can. */
async function conflictError(context: OperationContext): Promise<Error> {
  let existingId = "";
  try {
    const [existing] = await listProviders(context);
    if (existing) existingId = ` (id "${existing.id}")`;
  } catch {
    // The id is a convenience; the advice stands without it.
  }
  return new Error(
    `The tenant already has a phone provider${existingId}, and the service allows only one. To manage it with ` +
      `this resource, set adoptExisting: true (the existing provider is then updated to these inputs); to only ` +
      `read it, use PhoneProvider.get(name, id) (or "pulumi import" with the native tenant plugin).`,
  );
}

/** Whether a listed provider is what our POST would have created (credentials are never returned). */
function matchesDesired(listed: PhoneProviderResponse, desired: PhoneProviderInputs): boolean {
  const live = flattenPhoneProvider(listed);
  if (live.name !== desired.name || live.disabled !== desired.disabled) return false;
  if (desired.configuration === undefined) return true;
  return !differs(comparable(configurationShape, live.configuration), comparable(configurationShape, desired.configuration));
}

/**
 * After a POST that may or may not have happened: list, and adopt the provider it created (PATCHing it,
 * so credentials and configuration are surely the desired ones). `undefined` when none exists, which
 * proves the POST never took effect.
 */
async function reconcileAmbiguousPost(
  context: OperationContext,
  desired: PhoneProviderInputs,
  body: PhoneProviderRequest,
  cause: AmbiguousRequestError,
): Promise<PhoneProviderResponse | undefined> {
  let existing: PhoneProviderResponse[];
  try {
    existing = await listProviders(context);
  } catch (listError) {
    const reason = listError instanceof Error ? listError.message : "unknown error";
    throw new Error(
      `Creating the ${context.what} failed ambiguously (${cause.message}), and listing the tenant's phone providers to ` +
        `find out failed too (${reason}). A provider may exist now: run "pulumi up" again with ` +
        `adoptExisting: true to take it over instead of creating a second one.`,
    );
  }
  if (existing.length === 0) return undefined;
  const created = existing.find((listed) => matchesDesired(listed, desired));
  const adopted = created ?? (desired.adoptExisting ? existing[0] : undefined);
  if (!adopted) throw await conflictError(context);
  return patchProvider(context, adopted.id, body);
}

/**
 * Adopting the tenant's provider: a PATCH of the inputs that differ from it (the credentials, which cannot be
 * compared, when the program gives them: sent once), and no call when nothing does.
 */
async function adopt(context: OperationContext, existing: PhoneProviderResponse, desired: DesiredPhoneProvider): Promise<PhoneProviderResponse> {
  const changed = differingInputs(definition, { ...flattenPhoneProvider(existing) }, { ...desired });
  if (changed.length === 0 && desired.credentials === undefined) return existing;
  return patchProvider(context, existing.id, expandPhoneProviderChanges(desired, changed));
}

async function createOrAdopt(context: OperationContext, desired: DesiredPhoneProvider & Pick<PhoneProviderInputs, "adoptExisting">): Promise<PhoneProviderResponse> {
  if (desired.adoptExisting) {
    const [existing] = await listProviders(context);
    if (existing) return adopt(context, existing, desired);
  }
  const { credentials } = desired;
  if (credentials === undefined) {
    throw new Error(
      `${context.what}: the tenant has no phone provider to adopt, so credentials are needed to create one. Set them in ` +
        "the program, as a secret; nothing was changed.",
    );
  }
  const body = expandPhoneProvider({ ...desired, credentials });
  for (let attempt = 1; ; attempt++) {
    try {
      return await context.request("POST", PROVIDERS_PATH, { operation: "create phone provider", schema: phoneProviderResponse, body });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone created one between our listing and our POST (adopt), or the user has not opted in.
        const [existing] = desired.adoptExisting ? await listProviders(context) : [];
        if (existing) return adopt(context, existing, desired);
        throw await conflictError(context);
      }
      if (!(error instanceof AmbiguousRequestError)) throw error;
      const reconciled = await reconcileAmbiguousPost(context, { ...desired, credentials }, body, error);
      if (reconciled) return reconciled;
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new Error(
          `Creating the ${context.what} failed ${attempt} times without an answer (${error.message}); the tenant has ` +
            `no phone provider, so nothing was created. Run "pulumi up" again.`,
        );
      }
      // The listing shows no provider: the POST never took effect, so sending it again cannot duplicate one.
    }
  }
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired: DesiredPhoneProvider & Pick<PhoneProviderInputs, "adoptExisting">, context) {
    const response = await createOrAdopt(context, desired);
    return { id: response.id, outputs: outputsFrom(response, desired) };
  },

  async read(id, stored, context) {
    let response: PhoneProviderResponse;
    try {
      response = await context.request("GET", providerPath(id), { operation: "get phone provider", schema: phoneProviderResponse });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    // The API never returns credentials: the stored (secret) value is kept, in outputs and inputs alike.
    return { id: response.id, outputs: { ...flattenPhoneProvider(response), credentials: stored?.credentials, adoptExisting: stored?.adoptExisting ?? false } };
  },

  async list(context) {
    return (await listProviders(context)).map((listed) => ({ id: listed.id, outputs: { ...flattenPhoneProvider(listed), adoptExisting: false } }));
  },

  async update(id, _stored, desired: DesiredPhoneProvider & { adoptExisting: boolean }, context) {
    // Full desired state, credentials included when given: the API replaces configuration whole.
    const response = await patchProvider(context, id, expandPhoneProvider(desired));
    return outputsFrom(response, desired);
  },

  async delete(id, _stored, context) {
    try {
      await context.request("DELETE", providerPath(id), { operation: "delete phone provider" });
    } catch (error) {
      // Already gone counts as deleted.
      if (!isNotFound(error)) throw error;
    }
  },
});
export { remove as delete };
