/** What the EventStream handler and its adoption share: reading streams, their outputs, and their errors. */
import { ApiError, isNotFound } from "../../client/errors";
import { EVENT_STREAMS_MAX_TAKE, pageEventStreams } from "./paging";
import { propertiesOf, type PropertyShape } from "../../shapes/property";
import type { Call } from "../common/call";
import type { ListingProgress } from "../common/handler";
import { eventStreamDefinition as definition, type EventStreamDestinationInputs, type EventStreamInputs, type EventStreamOutputs } from "./definition";
import {
  EVENT_STREAMS_PATH,
  eventStreamResponse,
  eventStreamsPageWire,
  flattenEventStreamResponse,
  invalidIdError,
  streamPath,
  type EventStreamResponse,
} from "./wire";

/** Checked inputs; on an existing or adopting stream the webhook's secret may be missing (the service keeps it). */
export type DesiredStream = EventStreamInputs;

export const destinationShape = propertiesOf(definition.inputs).find((shape) => shape.name === "destination") as PropertyShape;

/** The destination as the inputs give it: the stored outputs without the service's partner event source. */
export function destinationInputsOf(destination: EventStreamOutputs["destination"] | undefined): EventStreamDestinationInputs | undefined {
  if (destination?.type !== "eventbridge") return destination as EventStreamDestinationInputs | undefined;
  const { awsAccountId, awsRegion } = destination.configuration;
  return { type: "eventbridge", configuration: { awsAccountId, awsRegion } };
}

export function outputsOf(response: EventStreamResponse, kept: EventStreamDestinationInputs | undefined, operation: string, adoptExisting = false) {
  const { id, ...outputs } = flattenEventStreamResponse(response, kept, operation);
  return { id, outputs: { ...outputs, adoptExisting } };
}

/** A 409 (a name in use, or the stream quota reached) with the service's message and the stream's name. */
export function conflictError(error: unknown, what: string, name: string): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  return new Error(`${what} "${name}": the service refused it (409): ${error.serviceMessage}`);
}

/**
 * A create's 409, as `conflictError` says it, and, when the tenant has a stream of the name (one this stack created
 * whose answer was lost, or one made elsewhere), its id and how to take it over or read it: one listing, on failure.
 */
export async function createConflictError(error: unknown, call: Call, name: string): Promise<unknown> {
  const refused = conflictError(error, call.what, name);
  if (refused === error) return error;
  let existing: EventStreamResponse | undefined;
  try {
    existing = (await listStreams(call)).find((stream) => stream.name === name);
  } catch {
    // The id is a convenience; the service's refusal stands without it.
  }
  if (!existing) return refused;
  return new Error(
    `${(refused as Error).message} The tenant's stream of this name is "${existing.id}": to manage it with this ` +
      `resource, set adoptExisting: true (it is then updated only where these inputs differ); to only read it, use ` +
      `EventStream.get(name, "${existing.id}") (or "pulumi import" with the native tenant plugin).`,
  );
}

/** The service's 400 invalid_uri on an id it cannot parse, as the error the id check raises. */
export function invalidUri(error: unknown, id: string): unknown {
  return error instanceof ApiError && error.status === 400 && error.errorCode === "invalid_uri" ? invalidIdError(id) : error;
}

/** The error for a webhook whose secret the program left out where it must be sent. */
export function secretNeeded(call: Call, name: string, leftOut: string): Error {
  return new Error(
    `${call.what} "${name}": changing the webhook destination sends its authorization again, which needs its ` +
      `${leftOut.split(".").pop()} (the service never returns it). Set it in the program, as a secret.`,
  );
}

export async function getStream(call: Call, id: string): Promise<EventStreamResponse | undefined> {
  try {
    return await call.request("GET", streamPath(id), { operation: "get event stream", schema: eventStreamResponse });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw invalidUri(error, id);
  }
}

/** Every stream of the tenant: one listing, paged as the API pages it (100 a page), `progress` told after each page. */
export function listStreams(call: Call, progress?: ListingProgress): Promise<EventStreamResponse[]> {
  return pageEventStreams(
    {
      page: (query) => call.request("GET", EVENT_STREAMS_PATH, { operation: "list event streams", schema: eventStreamsPageWire, query }),
      who: `${call.what} listing`,
      loopError: (_cursor, message) => new Error(message),
      onPage: progress && ((_pages, streams) => progress(streams)),
    },
    { from: undefined, take: EVENT_STREAMS_MAX_TAKE, limit: Number.POSITIVE_INFINITY },
  );
}
