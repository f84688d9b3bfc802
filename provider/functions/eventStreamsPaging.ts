// Paging through GET /event-streams with any client: the data function (in the program) and the native
// plugin's invoke share it. Not part of the public typings (it names the client's types).
import type { TenantClient } from "../client";
import { checkArguments } from "./definition";
import { EventStreamsArgumentError, EventStreamsPagingError } from "./eventStreamErrors";
import { eventStreamsPageWire, flattenEventStream } from "../shapes/eventStreamWire";
import type { EventStreamInfo, GetEventStreamsArgs, GetEventStreamsResult } from "./getEventStreams.generated";
import { EVENT_STREAMS_MAX_TAKE, getEventStreamsDefinition } from "./getEventStreamsDefinition";

export interface CheckedArgs {
  from: string | undefined;
  take: number;
  limit: number;
}

/** Validates the arguments (the definition's rules, messages naming the argument) and fills the defaults. */
export function checkEventStreamsArgs(args: GetEventStreamsArgs = {}): CheckedArgs {
  const { from, take, limit } = checkArguments(
    getEventStreamsDefinition,
    args,
    (argument, message) => new EventStreamsArgumentError(argument, message),
  );
  return { from, take: take ?? EVENT_STREAMS_MAX_TAKE, limit: limit ?? Number.POSITIVE_INFINITY };
}

/** Reads page after page; `onPage(pages, streams)` after each page but the last (progress reporting). */
export async function pageThrough(
  client: TenantClient,
  { from, take, limit }: CheckedArgs,
  onPage: (pages: number, streams: number) => void = () => undefined,
): Promise<EventStreamInfo[]> {
  const streams: EventStreamInfo[] = [];
  // Ids and cursors are small strings; remembering them is what lets a misbehaving API never loop us.
  const seenIds = new Set<string>();
  const usedCursors = new Set<string>();
  let cursor = from;
  for (let pages = 1; ; pages++) {
    if (cursor !== undefined) usedCursors.add(cursor);
    const page = await client.request("GET", "/event-streams", {
      operation: "list event streams",
      schema: eventStreamsPageWire,
      // The last page asks only for what the limit still needs.
      query: { from: cursor, take: Math.min(take, limit - streams.length) },
    });
    let added = 0;
    for (const item of page.eventStreams ?? []) {
      if (seenIds.has(item.id)) continue;
      seenIds.add(item.id);
      streams.push(flattenEventStream(item));
      added++;
      if (streams.length >= limit) return streams;
    }
    const next = page.next;
    if (!next) return streams;
    const where = cursor === undefined ? "the first page" : `the page from cursor ${JSON.stringify(cursor)}`;
    if (usedCursors.has(next)) {
      throw new EventStreamsPagingError(
        next,
        `getEventStreams: after ${where} the API returned the cursor ${JSON.stringify(next)} again; ` +
          `stopping instead of looping (${streams.length} streams read).`,
      );
    }
    if (added === 0) {
      throw new EventStreamsPagingError(
        next,
        `getEventStreams: ${where} brought no new streams but the API still returned the cursor ` +
          `${JSON.stringify(next)}; stopping instead of looping (${streams.length} streams read).`,
      );
    }
    onPage(pages, streams.length);
    cursor = next;
  }
}

/** Validates the arguments and reads every page with the given client (the native plugin's invoke). */
export async function readEventStreams(client: TenantClient, args: GetEventStreamsArgs = {}): Promise<GetEventStreamsResult> {
  return { eventStreams: await pageThrough(client, checkEventStreamsArgs(args)) };
}
