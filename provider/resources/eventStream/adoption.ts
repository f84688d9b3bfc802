/**
 * EventStream's adoption (`adoptExisting: true`): the tenant's stream of the program's name, found through one
 * listing shared by every adoption of this process's client (adopting N streams in one `up` reads the listing's
 * pages once, then each stream by id), and updated only where the inputs differ.
 */
import type { OperationContext } from "../common/operationContext";
import { keptValuesLeftOut } from "../common/check";
import { differingInputs, replacingDifference } from "../common/diff";
import { eventStreamDefinition as definition } from "./definition";
import { secretNeeded } from "./streamErrors";
import { destinationInputsOf, destinationShape, getStream, listStreams, outputsOf, type DesiredStream } from "./streamReads";
import { eventStreamResponse, expandChanges, streamPath, type EventStreamResponse } from "./wire";

/** Stream ids by name, one listing per client (a provider process holds one client per tenant). */
const listings = new WeakMap<object, Promise<Map<string, string>>>();

async function streamIdNamed(context: OperationContext, name: string, fresh: boolean): Promise<string | undefined> {
  const { client } = await context.connection();
  let ids = fresh ? undefined : listings.get(client);
  if (!ids) {
    ids = listStreams(context).then((streams) => new Map(streams.map((stream) => [stream.name, stream.id])));
    listings.set(client, ids);
    ids.catch(() => listings.delete(client));
  }
  return (await ids).get(name);
}

/**
 * The tenant's stream of this name, read by id, or undefined when it has none. A listing that no longer holds (the
 * stream deleted or renamed since, or one created since) is listed again, once.
 */
export async function streamNamed(context: OperationContext, name: string): Promise<EventStreamResponse | undefined> {
  for (const fresh of [false, true]) {
    const id = await streamIdNamed(context, name, fresh);
    const found = id === undefined ? undefined : await getStream(context, id);
    if (found?.name === name) return found;
  }
  return undefined;
}

/**
 * Adopting the tenant's stream: refused, naming both values, when it differs where a change would replace it; else a
 * PATCH of the inputs that differ (and of the destination when its secret is given: sent once), or no call at all.
 */
export async function adopt(context: OperationContext, existing: EventStreamResponse, desired: DesiredStream): Promise<ReturnType<typeof outputsOf>> {
  const live = outputsOf(existing, desired.destination, "get event stream", true).outputs;
  const liveDestination = destinationInputsOf(live.destination);
  const replacing = replacingDifference(destinationShape, liveDestination, desired.destination);
  if (replacing) {
    throw new Error(
      `${context.what} "${desired.name}": the tenant's stream of this name (${existing.id}) has ${replacing.path} ` +
        `${JSON.stringify(replacing.recorded)}, and the program declares ${JSON.stringify(replacing.desired)}: adopting it ` +
        "would replace it. Declare it as the tenant has it, or give the program's stream another name; nothing was changed.",
    );
  }
  const changed = differingInputs(definition, { ...live, destination: liveDestination }, { ...desired });
  const [leftOut] = keptValuesLeftOut(definition, desired);
  if (leftOut !== undefined && changed.includes("destination")) throw secretNeeded(context, desired.name, leftOut);
  const sendDestination = desired.destination.type === "webhook" && leftOut === undefined;
  if (changed.length === 0 && !sendDestination) return outputsOf(existing, desired.destination, "get event stream", true);
  const response = await context.request("PATCH", streamPath(existing.id), {
    operation: "update event stream",
    schema: eventStreamResponse,
    body: expandChanges(desired, changed, { destination: sendDestination }),
  });
  return outputsOf(response, desired.destination, "update event stream", true);
}
