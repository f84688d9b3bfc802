/**
 * Host side of EventStream: one call per operation (POST, GET, PATCH, DELETE by id). The webhook's secret is
 * write-only: outputs keep it from the inputs, refresh keeps it from state, and no error ever shows it.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { TenantClient } from "../../client";
import { ApiError, isNotFound } from "../../client/errors";
import { secretStrings } from "../common/definition";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { getNotFoundError, isReadForGet } from "../common/get";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { compact, differs, isPlainObject, withoutProviderKey, type PropertyBag } from "../common/values";
import { recordConfiguration, tenantConnection } from "../tenantConnection";
import { eventStreamDefinition as definition, type EventStreamDestinationInputs, type EventStreamInputs, type EventStreamOutputs } from "./definition";
import {
  EVENT_STREAMS_PATH,
  eventStreamResponse,
  expandCreate,
  expandUpdate,
  flattenEventStreamResponse,
  invalidIdError,
  streamPath,
  type EventStreamResponse,
} from "./wire";

const WHAT = definition.name;

function secretsOf(bag: unknown): string[] {
  return secretStrings(definition.inputs, withoutProviderKey(bag));
}

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

/** The secret field of each webhook authorization method. */
const WEBHOOK_SECRET_FIELD: Record<string, string> = { bearer: "token", basic: "password", custom_header: "headerValue" };

/** The webhook authorization the inputs give, if they describe a webhook destination. */
function webhookAuthorizationOf(bag: PropertyBag): PropertyBag | undefined {
  const destination = bag.destination;
  if (!isPlainObject(destination) || destination.type !== "webhook" || !isPlainObject(destination.configuration)) return undefined;
  const authorization = destination.configuration.webhookAuthorization;
  return isPlainObject(authorization) ? authorization : undefined;
}

/** The webhook secret's field when the inputs leave it out (absent or ""): an import cannot read it back. */
function omittedWebhookSecret(bag: PropertyBag): string | undefined {
  const authorization = webhookAuthorizationOf(bag);
  const field = authorization && WEBHOOK_SECRET_FIELD[String(authorization.method)];
  return field !== undefined && (authorization?.[field] === undefined || authorization[field] === "") ? field : undefined;
}

/** The inputs with the webhook secret's field removed (an empty one included), or set to `value`. */
function withWebhookSecret(bag: PropertyBag, field: string, value?: string): PropertyBag {
  const destination = bag.destination as PropertyBag;
  const configuration = destination.configuration as PropertyBag;
  const { [field]: _omitted, ...authorization } = configuration.webhookAuthorization as PropertyBag;
  const secret = value === undefined ? {} : { [field]: value };
  return { ...bag, destination: { ...destination, configuration: { ...configuration, webhookAuthorization: { ...authorization, ...secret } } } };
}

const isExisting = (olds: unknown): boolean => Object.keys(withoutProviderKey(olds)).length > 0;

export async function check(olds: unknown, news: unknown): Promise<CheckResult> {
  const given = withoutProviderKey(news);
  // An existing stream (an update, or the Check after an import, which cannot read the secret back) may leave its
  // webhook secret out: the service keeps the one it holds until the program sets one.
  const kept = isExisting(olds) ? omittedWebhookSecret(given) : undefined;
  const result = checkInputs(definition.inputs, kept ? withWebhookSecret(given, kept) : news);
  const keptPath = `destination.configuration.webhookAuthorization.${kept}`;
  // `destination` holds a secret and the engine prints the value of a top-level property a failure names:
  // a failure about the destination as a whole names its type, or nothing when it is missing.
  const failures = result.failures
    ?.filter((failure) => !(kept && failure.property === keptPath))
    .map((failure) => {
      if (failure.property !== "destination") return failure;
      return given.destination === undefined ? { property: "", reason: `destination ${failure.reason}` } : { property: "destination.type", reason: 'must be one of "webhook", "eventbridge", "action"' };
    });
  return { ...result, failures };
}

/** Subscriptions are a set: order and repeats make no change. */
function subscriptionSet(subscriptions: unknown): unknown {
  if (!Array.isArray(subscriptions)) return subscriptions;
  return [...new Set(subscriptions.map((item: { eventType?: unknown }) => String(item?.eventType)))].sort();
}

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  const result = diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news), {
    subscriptions: (recorded, desired) => differs(subscriptionSet(recorded), subscriptionSet(desired)),
    status: (recorded, desired) => differs(recorded ?? "enabled", desired ?? "enabled"),
    // The stored destination carries what the service adds (the partner event source): compare it as inputs.
    destination: (recorded, desired) =>
      differs(isPlainObject(recorded) ? destinationInputsOf(recorded as EventStreamOutputs["destination"]) : recorded, desired),
  });
  // A stream's name is unique in the tenant: the old stream must go before its replacement can be created.
  return { ...result, deleteBeforeReplace: (result.replaces ?? []).length > 0 };
}

/** The destination as the inputs give it: the stored outputs without the service's partner event source. */
function destinationInputsOf(destination: EventStreamOutputs["destination"]): EventStreamDestinationInputs {
  if (destination.type !== "eventbridge") return destination as EventStreamDestinationInputs;
  const { awsAccountId, awsRegion } = destination.configuration;
  return { type: "eventbridge", configuration: { awsAccountId, awsRegion } };
}

function outputsOf(response: EventStreamResponse, kept: EventStreamDestinationInputs | undefined, operation: string) {
  const { id, ...outputs } = flattenEventStreamResponse(response, kept, operation);
  return { id, outs: compact({ ...outputs, schemaVersion: 1 }) as EventStreamOutputs };
}

/** A 409 (a name in use, or the stream quota reached) with the service's message and the stream's name. */
function conflictError(error: unknown, name: string): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  return new Error(`${WHAT} "${name}": the service refused it (409): ${error.serviceMessage}`);
}

/** The service's 400 invalid_uri on an id it cannot parse, as the error the id check raises. */
function invalidUri(error: unknown, id: string): unknown {
  return error instanceof ApiError && error.status === 400 && error.errorCode === "invalid_uri" ? invalidIdError(id) : error;
}

export async function create(inputs: unknown): Promise<CreateResult<EventStreamOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const { client } = await tenantConnection();
  let response: EventStreamResponse;
  try {
    response = await client.request("POST", EVENT_STREAMS_PATH, {
      operation: "create event stream",
      schema: eventStreamResponse,
      body: expandCreate(desired),
      secrets: secretsOf(desired),
    });
  } catch (error) {
    throw conflictError(error, desired.name);
  }
  return outputsOf(response, desired.destination, "create event stream");
}

async function getStream(client: TenantClient, id: string, secrets: string[]): Promise<EventStreamResponse | undefined> {
  const path = streamPath(id);
  try {
    return await client.request("GET", path, { operation: "get event stream", schema: eventStreamResponse, secrets });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw invalidUri(error, id);
  }
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  streamPath(id); // refuses a malformed id before any call
  const stored = withoutProviderKey(props) as Partial<EventStreamOutputs>;
  const { client } = await tenantConnection();
  const response = await getStream(client, id, secretsOf(props));
  if (!response) {
    if (isReadForGet(props)) throw getNotFoundError(WHAT, id, 'the tenant has no event stream with this id. Check the id (it starts with "est_").');
    return { id: "" };
  }
  const kept = stored.destination ? destinationInputsOf(stored.destination) : undefined;
  const { outs } = outputsOf(response, kept, "get event stream");
  const inputs: EventStreamInputs = {
    name: outs.name,
    subscriptions: outs.subscriptions,
    status: outs.status,
    destination: destinationInputsOf(outs.destination),
  };
  return { id: response.id, props: outs, inputs };
}

export async function update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<EventStreamOutputs>> {
  const given = withoutProviderKey(news);
  const kept = omittedWebhookSecret(given);
  // Without its secret (after an import) a webhook destination cannot be sent: the stream keeps the one it has,
  // which must then be the one the program declares.
  const desired = parseCheckedInputs(definition.inputs, kept ? withWebhookSecret(given, kept, "kept by the service") : news, WHAT);
  if (kept) {
    const stored = withoutProviderKey(olds) as Partial<EventStreamOutputs>;
    const current = stored.destination ? withWebhookSecret({ destination: destinationInputsOf(stored.destination) }, kept) : undefined;
    if (differs(current, withWebhookSecret({ destination: given.destination }, kept))) {
      throw new Error(
        `${WHAT} "${desired.name}": changing the webhook destination sends its authorization again, which needs its ` +
          `${kept} (the service never returns it). Set it in the program, as a secret.`,
      );
    }
  }
  const { client } = await tenantConnection();
  let response: EventStreamResponse;
  try {
    response = await client.request("PATCH", streamPath(id), {
      operation: "update event stream",
      schema: eventStreamResponse,
      body: expandUpdate(desired, { destination: !kept }),
      secrets: secretsOf(desired),
    });
  } catch (error) {
    if (isNotFound(error)) {
      throw new Error(`${WHAT} "${desired.name}" (${id}) no longer exists on the tenant. Run "pulumi refresh" to drop it from the state, then "pulumi up" to create it again.`);
    }
    throw conflictError(invalidUri(error, id), desired.name);
  }
  const keptDestination = kept ? (given.destination as EventStreamDestinationInputs) : desired.destination;
  return { outs: outputsOf(response, keptDestination, "update event stream").outs };
}

async function deleteResource(id: string, props: unknown): Promise<void> {
  const path = streamPath(id);
  const { client } = await tenantConnection();
  try {
    await client.request("DELETE", path, { operation: "delete event stream", secrets: secretsOf(props) });
  } catch (error) {
    if (!isNotFound(error)) throw invalidUri(error, id); // already gone counts as deleted
  }
}

export { deleteResource as delete };
