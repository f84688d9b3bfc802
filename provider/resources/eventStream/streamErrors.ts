/** The EventStream handler's and its adoption's errors: the service's refusals in the resource's words. */
import { ApiError } from "../../client/errors";
import type { OperationContext } from "../common/operationContext";
import { listStreams } from "./streamReads";
import type { EventStreamResponse } from "./wire";

/** A 409 (a name in use, or the stream quota reached) with the service's message and the stream's name. */
export function conflictError(error: unknown, what: string, name: string): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  return new Error(`${what} "${name}": the service refused it (409): ${error.serviceMessage}`);
}

/**
 * A create's 409, as `conflictError` says it, and, when the tenant has a stream of the name (one this stack created
 * whose answer was lost, or one made elsewhere), its id and how to take it over or read it: one listing, on failure.
 */
export async function createConflictError(error: unknown, context: OperationContext, name: string): Promise<unknown> {
  const refused = conflictError(error, context.what, name);
  if (refused === error) return error;
  let existing: EventStreamResponse | undefined;
  try {
    existing = (await listStreams(context)).find((stream) => stream.name === name);
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

/** The error for a webhook whose secret the program left out where it must be sent. */
export function secretNeeded(context: OperationContext, name: string, leftOut: string): Error {
  return new Error(
    `${context.what} "${name}": changing the webhook destination sends its authorization again, which needs its ` +
      `${leftOut.split(".").pop()} (the service never returns it). Set it in the program, as a secret.`,
  );
}
