/**
 * Host side of PhoneProvider. The service allows one phone provider per tenant, so create must never
 * leave two behind: a conflict asks the user to adopt explicitly, and a POST whose outcome is unknown
 * is reconciled by listing before anything is sent again.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { AmbiguousRequestError, ApiError, isNotFound, type TenantClient } from "../../client";
import { recordConfiguration, tenantConnection } from "../tenantConnection";
import { secretStrings } from "../common/definition";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { getNotFoundError, isReadForGet } from "../common/get";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { compact, differs, isPlainObject, sameJson, withoutProviderKey } from "../common/values";
import { phoneProviderDefinition as definition, type PhoneProviderInputs, type PhoneProviderOutputs } from "./definition";
import { phoneProviderRules } from "./rules";
import { storedWriteOnly } from "./state";
import {
  PROVIDERS_PATH,
  expandPhoneProvider,
  flattenPhoneProvider,
  phoneProviderList,
  phoneProviderResponse,
  providerPath,
  type DesiredPhoneProvider,
  type PhoneProviderRequest,
  type PhoneProviderResponse,
} from "./wire";

const WHAT = definition.name;

/** The secret inputs a call for this provider carries or the service may know: kept out of every error. */
type Secrets = readonly string[];

function secretsOf(bag: unknown): Secrets {
  return secretStrings(definition.inputs, withoutProviderKey(bag));
}
/** POSTs sent in one create when each fails ambiguously and a listing proves none took effect. */
const MAX_CREATE_ATTEMPTS = 3;

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(olds: unknown, news: unknown): Promise<CheckResult> {
  // An existing provider (olds present: an update, or the engine's Check right after an import) may leave its
  // credentials out: the service keeps the ones it holds, which it never returns. Creating one needs them.
  const existing = Object.keys(withoutProviderKey(olds)).length > 0;
  return checkInputs(definition.inputs, news, phoneProviderRules, existing ? ["credentials"] : []);
}

/** Inputs of an update, where `credentials` may be left out (kept as the service holds them). */
const updateInputs = definition.inputs.extend({ credentials: definition.inputs.shape.credentials.optional() });

/** Delivery methods are a set: order on either side is not a change. */
function comparableConfiguration(configuration: unknown): unknown {
  if (!isPlainObject(configuration)) return configuration;
  const copy = compact({ ...configuration });
  if (Array.isArray(copy.deliveryMethods)) copy.deliveryMethods = [...copy.deliveryMethods].sort();
  return copy;
}

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  // PATCH can change every field, name included, so nothing replaces; adoptExisting is never compared.
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news), {
    disabled: (recorded, desired) => differs(recorded ?? false, desired ?? false),
    // An omitted configuration is not managed (nothing is sent for it).
    configuration: (recorded, desired) =>
      desired !== undefined && differs(comparableConfiguration(recorded), comparableConfiguration(desired)),
    credentials: (recorded, desired) => differs(storedWriteOnly({ credentials: recorded }).credentials, desired),
  });
}

function outputsFrom(response: PhoneProviderResponse, desired: DesiredPhoneProvider & { adoptExisting?: boolean }): PhoneProviderOutputs {
  return compact({
    ...flattenPhoneProvider(response),
    credentials: desired.credentials,
    adoptExisting: desired.adoptExisting ?? false,
    schemaVersion: 1 as const,
  });
}

async function listProviders(client: TenantClient, secrets: Secrets): Promise<PhoneProviderResponse[]> {
  const list = await client.request("GET", PROVIDERS_PATH, {
    operation: "list phone providers",
    schema: phoneProviderList,
    secrets,
  });
  return list.providers;
}

async function patchProvider(client: TenantClient, id: string, body: PhoneProviderRequest, secrets: Secrets): Promise<PhoneProviderResponse> {
  try {
    return await client.request("PATCH", providerPath(id), {
      operation: "update phone provider",
      schema: phoneProviderResponse,
      body,
      secrets,
    });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    throw new Error(
      `${WHAT} "${id}" no longer exists on the tenant. Run "pulumi refresh" to drop it from the state, then ` +
        `"pulumi up" to create it again.`,
    );
  }
}

/** The only error text for an existing provider; names the way in, and the existing id when it can. */
async function conflictError(client: TenantClient, secrets: Secrets): Promise<Error> {
  let existingId = "";
  try {
    const [existing] = await listProviders(client, secrets);
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
  if (live.name !== desired.name || live.disabled !== (desired.disabled ?? false)) return false;
  if (desired.configuration === undefined) return true;
  return sameJson(comparableConfiguration(live.configuration), comparableConfiguration(desired.configuration));
}

/**
 * After a POST that may or may not have happened: list, and adopt the provider it created (PATCHing it,
 * so credentials and configuration are surely the desired ones). `undefined` when none exists, which
 * proves the POST never took effect.
 */
async function reconcileAmbiguousPost(
  client: TenantClient,
  desired: PhoneProviderInputs,
  body: PhoneProviderRequest,
  cause: AmbiguousRequestError,
): Promise<PhoneProviderResponse | undefined> {
  const secrets = secretsOf(desired);
  let existing: PhoneProviderResponse[];
  try {
    existing = await listProviders(client, secrets);
  } catch (listError) {
    const reason = listError instanceof Error ? listError.message : "unknown error";
    throw new Error(
      `Creating the ${WHAT} failed ambiguously (${cause.message}), and listing the tenant's phone providers to ` +
        `find out failed too (${reason}). A provider may exist now: run "pulumi up" again with ` +
        `adoptExisting: true to take it over instead of creating a second one.`,
    );
  }
  if (existing.length === 0) return undefined;
  const created = existing.find((listed) => matchesDesired(listed, desired));
  const adopted = created ?? (desired.adoptExisting === true ? existing[0] : undefined);
  if (!adopted) throw await conflictError(client, secrets);
  return patchProvider(client, adopted.id, body, secrets);
}

async function createOrAdopt(client: TenantClient, desired: PhoneProviderInputs): Promise<PhoneProviderResponse> {
  const body = expandPhoneProvider(desired);
  const secrets = secretsOf(desired);
  const adoptExisting = desired.adoptExisting === true;
  if (adoptExisting) {
    const [existing] = await listProviders(client, secrets);
    if (existing) return patchProvider(client, existing.id, body, secrets);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.request("POST", PROVIDERS_PATH, {
        operation: "create phone provider",
        schema: phoneProviderResponse,
        body,
        secrets,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone created one between our listing and our POST (adopt), or the user has not opted in.
        const [existing] = adoptExisting ? await listProviders(client, secrets) : [];
        if (existing) return patchProvider(client, existing.id, body, secrets);
        throw await conflictError(client, secrets);
      }
      if (!(error instanceof AmbiguousRequestError)) throw error;
      const reconciled = await reconcileAmbiguousPost(client, desired, body, error);
      if (reconciled) return reconciled;
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new Error(
          `Creating the ${WHAT} failed ${attempt} times without an answer (${error.message}); the tenant has ` +
            `no phone provider, so nothing was created. Run "pulumi up" again.`,
        );
      }
      // The listing shows no provider: the POST never took effect, so sending it again cannot duplicate one.
    }
  }
}

export async function create(inputs: unknown): Promise<CreateResult<PhoneProviderOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const { client } = await tenantConnection();
  const response = await createOrAdopt(client, desired);
  return { id: response.id, outs: outputsFrom(response, desired) };
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  const { client } = await tenantConnection();
  let response: PhoneProviderResponse;
  try {
    response = await client.request("GET", providerPath(id), {
      operation: "get phone provider",
      schema: phoneProviderResponse,
      // The service holds the stored token; an echo of it must not show.
      secrets: secretsOf(props),
    });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    if (isReadForGet(props)) {
      throw getNotFoundError(WHAT, id, "the tenant has no phone provider with this id. Check the id (it starts with \"pro_\").");
    }
    return { id: "" };
  }
  const live = flattenPhoneProvider(response);
  // The API never returns credentials: keep the stored (secret) value, in outputs and inputs alike.
  const { credentials, adoptExisting } = storedWriteOnly(withoutProviderKey(props));
  const outputs: PhoneProviderOutputs = compact({ ...live, credentials, adoptExisting, schemaVersion: 1 as const });
  const inputs = compact({
    name: live.name,
    credentials,
    disabled: live.disabled,
    configuration: live.configuration,
    adoptExisting: adoptExisting || undefined,
  });
  return { id: response.id, props: outputs, inputs };
}

export async function update(id: string, _olds: unknown, news: unknown): Promise<UpdateResult<PhoneProviderOutputs>> {
  const desired = parseCheckedInputs(updateInputs, news, WHAT);
  const { client } = await tenantConnection();
  // Full desired state, credentials included when given: the API replaces configuration whole.
  const response = await patchProvider(client, id, expandPhoneProvider(desired), secretsOf(desired));
  return { outs: outputsFrom(response, desired) };
}

async function deleteResource(id: string, props: unknown): Promise<void> {
  const { client } = await tenantConnection();
  try {
    await client.request("DELETE", providerPath(id), { operation: "delete phone provider", secrets: secretsOf(props) });
  } catch (error) {
    // Already gone counts as deleted.
    if (!isNotFound(error)) throw error;
  }
}

export { deleteResource as delete };
