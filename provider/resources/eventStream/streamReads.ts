/** What the EventStream handler and its adoption share to read the tenant's streams: one by id, every one by listing, and a stream as outputs. */
import { ApiError, isNotFound } from "../../client/errors";
import { EVENT_STREAMS_MAX_TAKE, pageEventStreams } from "./paging";
import { propertiesOf, type PropertyShape } from "../../shapes/property";
import type { OperationContext } from "../common/operationContext";
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

/** The service's 400 invalid_uri on an id it cannot parse, as the error the id check raises. */
export function invalidUri(error: unknown, id: string): unknown {
  return error instanceof ApiError && error.status === 400 && error.errorCode === "invalid_uri" ? invalidIdError(id) : error;
}

export async function getStream(context: OperationContext, id: string): Promise<EventStreamResponse | undefined> {
  try {
    return await context.request("GET", streamPath(id), { operation: "get event stream", schema: eventStreamResponse });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw invalidUri(error, id);
  }
}

/** Every stream of the tenant: one listing, paged as the API pages it (100 a page), `progress` told after each page. */
export function listStreams(context: OperationContext, progress?: ListingProgress): Promise<EventStreamResponse[]> {
  return pageEventStreams(
    {
      page: (query) => context.request("GET", EVENT_STREAMS_PATH, { operation: "list event streams", schema: eventStreamsPageWire, query }),
      who: `${context.what} listing`,
      loopError: (_cursor, message) => new Error(message),
      onPage: progress && ((_pages, streams) => progress(streams)),
    },
    { from: undefined, take: EVENT_STREAMS_MAX_TAKE, limit: Number.POSITIVE_INFINITY },
  );
}
