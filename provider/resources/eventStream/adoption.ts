/**
 * EventStream's adoption (`adoptExisting: true`): the tenant's stream of the program's name, found through one
 * listing shared by every adoption of this process's client (adopting N streams in one `up` reads the listing's
 * pages once, then each stream by id), and updated only where the inputs differ.
 */
import type { Call } from "../common/call";
import { keptValuesLeftOut } from "../common/check";
import { differingInputs, replacingDifference } from "../common/diff";
import { eventStreamDefinition as definition } from "./definition";
import { destinationInputsOf, destinationShape, getStream, listStreams, outputsOf, secretNeeded, type DesiredStream } from "./streamCalls";
import { eventStreamResponse, expandChanges, streamPath, type EventStreamResponse } from "./wire";

/** Stream ids by name, one listing per client (a provider process holds one client per tenant). */
const listings = new WeakMap<object, Promise<Map<string, string>>>();

async function streamIdNamed(call: Call, name: string, fresh: boolean): Promise<string | undefined> {
  const { client } = await call.connection();
  let ids = fresh ? undefined : listings.get(client);
  if (!ids) {
    ids = listStreams(call).then((streams) => new Map(streams.map((stream) => [stream.name, stream.id])));
    listings.set(client, ids);
    ids.catch(() => listings.delete(client));
  }
  return (await ids).get(name);
}

/**
 * The tenant's stream of this name, read by id, or undefined when it has none. A listing that no longer holds (the
 * stream deleted or renamed since, or one created since) is listed again, once.
 */
export async function streamNamed(call: Call, name: string): Promise<EventStreamResponse | undefined> {
  for (const fresh of [false, true]) {
    const id = await streamIdNamed(call, name, fresh);
    const found = id === undefined ? undefined : await getStream(call, id);
    if (found?.name === name) return found;
  }
  return undefined;
}

/**
 * Adopting the tenant's stream: refused, naming both values, when it differs where a change would replace it; else a
 * PATCH of the inputs that differ (and of the destination when its secret is given: sent once), or no call at all.
 */
export async function adopt(call: Call, existing: EventStreamResponse, desired: DesiredStream): Promise<ReturnType<typeof outputsOf>> {
  const live = outputsOf(existing, desired.destination, "get event stream", true).outputs;
  const liveDestination = destinationInputsOf(live.destination);
  const replacing = replacingDifference(destinationShape, liveDestination, desired.destination);
  if (replacing) {
    throw new Error(
      `${call.what} "${desired.name}": the tenant's stream of this name (${existing.id}) has ${replacing.path} ` +
        `${JSON.stringify(replacing.recorded)}, and the program declares ${JSON.stringify(replacing.desired)}: adopting it ` +
        "would replace it. Declare it as the tenant has it, or give the program's stream another name; nothing was changed.",
    );
  }
  const changed = differingInputs(definition, { ...live, destination: liveDestination }, { ...desired });
  const [leftOut] = keptValuesLeftOut(definition, desired);
  if (leftOut !== undefined && changed.includes("destination")) throw secretNeeded(call, desired.name, leftOut);
  const sendDestination = desired.destination.type === "webhook" && leftOut === undefined;
  if (changed.length === 0 && !sendDestination) return outputsOf(existing, desired.destination, "get event stream", true);
  const response = await call.request("PATCH", streamPath(existing.id), {
    operation: "update event stream",
    schema: eventStreamResponse,
    body: expandChanges(desired, changed, { destination: sendDestination }),
  });
  return outputsOf(response, desired.destination, "update event stream", true);
}
