/**
 * Host side of EventStream: one call per operation (POST, GET, PATCH, DELETE by id), and with `adoptExisting` a
 * create that adopts the tenant's stream of the same name (adoption.ts). The webhook's secret is write-only: outputs
 * keep it from the inputs, refresh keeps it from state, and no error ever shows it.
 */
import { isNotFound } from "../../client/errors";
import { withoutSecretValues } from "../../shapes/secrets";
import { keptValuesLeftOut } from "../common/check";
import { defineHandler } from "../common/defineHandler";
import { inputChanged } from "../common/diff";
import { adopt, streamNamed } from "./adoption";
import { eventStreamDefinition as definition } from "./definition";
import { conflictError, createConflictError, secretNeeded } from "./streamErrors";
import { destinationInputsOf, destinationShape, getStream, invalidUri, listStreams, outputsOf, type DesiredStream } from "./streamReads";
import { EVENT_STREAMS_PATH, eventStreamResponse, expandCreate, expandUpdate, streamPath, unmanageableDestination, type EventStreamResponse } from "./wire";

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired: DesiredStream, context) {
    const existing = desired.adoptExisting ? await streamNamed(context, desired.name) : undefined;
    if (existing) return adopt(context, existing, desired);
    const [leftOut] = keptValuesLeftOut(definition, desired);
    if (leftOut !== undefined) {
      throw new Error(
        `${context.what} "${desired.name}": the tenant has no stream of this name to adopt, so its webhook ` +
          `${leftOut.split(".").pop()} is needed to create one. Set it in the program, as a secret; nothing was changed.`,
      );
    }
    let response: EventStreamResponse;
    try {
      response = await context.request("POST", EVENT_STREAMS_PATH, { operation: "create event stream", schema: eventStreamResponse, body: expandCreate(desired) });
    } catch (error) {
      throw await createConflictError(error, context, desired.name);
    }
    return outputsOf(response, desired.destination, "create event stream", desired.adoptExisting);
  },

  async read(id, stored, context) {
    streamPath(id); // refuses a malformed id before any call
    const response = await getStream(context, id);
    return response && outputsOf(response, destinationInputsOf(stored?.destination), "get event stream", stored?.adoptExisting);
  },

  /** Every stream, from one paged listing; one no EventStream can hold is named with why, for export to skip. */
  async list(context, progress) {
    return (await listStreams(context, progress)).map((stream) => {
      const undeclarable = unmanageableDestination(stream);
      return undeclarable === undefined ? outputsOf(stream, undefined, "list event streams") : { id: stream.id, name: stream.name, undeclarable };
    });
  },

  async update(id, stored, desired: DesiredStream, context) {
    // Without its secret (after an import or an adoption) a webhook destination cannot be sent: the stream keeps the
    // one it has, which must then be the one the program declares.
    const [leftOut] = keptValuesLeftOut(definition, desired);
    const secretLeftOut = leftOut !== undefined;
    if (secretLeftOut) {
      const without = (destination: unknown) => withoutSecretValues(destinationShape.type, destination);
      if (inputChanged(destinationShape, without(destinationInputsOf(stored.destination)), without(desired.destination))) {
        throw secretNeeded(context, desired.name, leftOut);
      }
    }
    let response: EventStreamResponse;
    try {
      response = await context.request("PATCH", streamPath(id), {
        operation: "update event stream",
        schema: eventStreamResponse,
        body: expandUpdate(desired, { destination: !secretLeftOut }),
      });
    } catch (error) {
      if (isNotFound(error)) {
        throw new Error(`${context.what} "${desired.name}" (${id}) no longer exists on the tenant. Run "pulumi refresh" to drop it from the state, then "pulumi up" to create it again.`);
      }
      throw conflictError(invalidUri(error, id), context.what, desired.name);
    }
    return outputsOf(response, desired.destination, "update event stream", desired.adoptExisting).outputs;
  },

  async delete(id, _stored, context) {
    const path = streamPath(id);
    try {
      await context.request("DELETE", path, { operation: "delete event stream" });
    } catch (error) {
      if (!isNotFound(error)) throw invalidUri(error, id); // already gone counts as deleted
    }
  },
});
export { remove as delete };
