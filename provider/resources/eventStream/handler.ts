/**
 * Host side of EventStream: one call per operation (POST, GET, PATCH, DELETE by id). The webhook's secret is
 * write-only: outputs keep it from the inputs, refresh keeps it from state, and no error ever shows it.
 */
import { ApiError, isNotFound } from "../../client/errors";
import { propertiesOf, withoutSecretValues, type PropertyShape } from "../../shapes/property";
import type { Call } from "../common/call";
import { keptValuesLeftOut } from "../common/check";
import { defineHandler } from "../common/defineHandler";
import { inputChanged } from "../common/diff";
import { eventStreamDefinition as definition, type EventStreamDestinationInputs, type EventStreamOutputs } from "./definition";
import { EVENT_STREAMS_MAX_TAKE, pageEventStreams } from "../../shapes/eventStreamPaging";
import {
  EVENT_STREAMS_PATH,
  eventStreamResponse,
  eventStreamsPageWire,
  expandCreate,
  expandUpdate,
  flattenEventStreamResponse,
  invalidIdError,
  streamPath,
  type EventStreamResponse,
} from "./wire";

const destinationShape = propertiesOf(definition.inputs).find((shape) => shape.name === "destination") as PropertyShape;

/** The destination as the inputs give it: the stored outputs without the service's partner event source. */
function destinationInputsOf(destination: EventStreamOutputs["destination"] | undefined): EventStreamDestinationInputs | undefined {
  if (destination?.type !== "eventbridge") return destination as EventStreamDestinationInputs | undefined;
  const { awsAccountId, awsRegion } = destination.configuration;
  return { type: "eventbridge", configuration: { awsAccountId, awsRegion } };
}

function outputsOf(response: EventStreamResponse, kept: EventStreamDestinationInputs | undefined, operation: string) {
  const { id, ...outputs } = flattenEventStreamResponse(response, kept, operation);
  return { id, outputs };
}

/** A 409 (a name in use, or the stream quota reached) with the service's message and the stream's name. */
function conflictError(error: unknown, what: string, name: string): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  return new Error(`${what} "${name}": the service refused it (409): ${error.serviceMessage}`);
}

/** The service's 400 invalid_uri on an id it cannot parse, as the error the id check raises. */
function invalidUri(error: unknown, id: string): unknown {
  return error instanceof ApiError && error.status === 400 && error.errorCode === "invalid_uri" ? invalidIdError(id) : error;
}

async function getStream(call: Call, id: string): Promise<EventStreamResponse | undefined> {
  try {
    return await call.request("GET", streamPath(id), { operation: "get event stream", schema: eventStreamResponse });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw invalidUri(error, id);
  }
}

/** Every stream of the tenant: one listing, paged as the API pages it (100 a page). */
function listStreams(call: Call): Promise<EventStreamResponse[]> {
  return pageEventStreams(
    {
      page: (query) => call.request("GET", EVENT_STREAMS_PATH, { operation: "list event streams", schema: eventStreamsPageWire, query }),
      who: `${call.what} listing`,
      loopError: (_cursor, message) => new Error(message),
    },
    { from: undefined, take: EVENT_STREAMS_MAX_TAKE, limit: Number.POSITIVE_INFINITY },
  );
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired, call) {
    let response: EventStreamResponse;
    try {
      response = await call.request("POST", EVENT_STREAMS_PATH, { operation: "create event stream", schema: eventStreamResponse, body: expandCreate(desired) });
    } catch (error) {
      throw conflictError(error, call.what, desired.name);
    }
    return outputsOf(response, desired.destination, "create event stream");
  },

  async read(id, stored, call) {
    streamPath(id); // refuses a malformed id before any call
    const response = await getStream(call, id);
    return response && outputsOf(response, destinationInputsOf(stored?.destination), "get event stream");
  },

  async list(call) {
    return (await listStreams(call)).map((stream) => outputsOf(stream, undefined, "list event streams"));
  },

  async update(id, stored, desired, call) {
    // Without its secret (after an import) a webhook destination cannot be sent: the stream keeps the one it has,
    // which must then be the one the program declares.
    const [leftOut] = keptValuesLeftOut(definition, desired);
    const secretLeftOut = leftOut !== undefined;
    if (secretLeftOut) {
      const without = (destination: unknown) => withoutSecretValues(destinationShape.type, destination);
      if (inputChanged(destinationShape, without(destinationInputsOf(stored.destination)), without(desired.destination))) {
        throw new Error(
          `${call.what} "${desired.name}": changing the webhook destination sends its authorization again, which needs its ` +
            `${leftOut.split(".").pop()} (the service never returns it). Set it in the program, as a secret.`,
        );
      }
    }
    let response: EventStreamResponse;
    try {
      response = await call.request("PATCH", streamPath(id), {
        operation: "update event stream",
        schema: eventStreamResponse,
        body: expandUpdate(desired, { destination: !secretLeftOut }),
      });
    } catch (error) {
      if (isNotFound(error)) {
        throw new Error(`${call.what} "${desired.name}" (${id}) no longer exists on the tenant. Run "pulumi refresh" to drop it from the state, then "pulumi up" to create it again.`);
      }
      throw conflictError(invalidUri(error, id), call.what, desired.name);
    }
    return outputsOf(response, desired.destination, "update event stream").outputs;
  },

  async delete(id, _stored, call) {
    const path = streamPath(id);
    try {
      await call.request("DELETE", path, { operation: "delete event stream" });
    } catch (error) {
      if (!isNotFound(error)) throw invalidUri(error, id); // already gone counts as deleted
    }
  },
});
export { remove as delete };
