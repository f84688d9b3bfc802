// getEventStreams' listing with any client: its arguments checked, then GET /event-streams paged through
// (resources/eventStream/paging.ts) and each stream read as the resource reads one (its wire.ts). The data function
// (in the program) and the native plugin's invoke share it. Not part of the public typings (it names the client's types).
import type { TenantClient } from "../client";
import { checkArguments } from "./definition";
import { EventStreamsArgumentError, EventStreamsPagingError } from "./eventStreamErrors";
import { pageEventStreams, type StreamPager, type StreamPaging } from "../resources/eventStream/paging";
import { EVENT_STREAMS_PATH, eventStreamsPageWire, flattenEventStream } from "../resources/eventStream/wire";
import type { EventStreamInfo, GetEventStreamsArgs, GetEventStreamsResult } from "./getEventStreams.generated";
import { EVENT_STREAMS_MAX_TAKE, getEventStreamsDefinition } from "./getEventStreamsDefinition";

export type CheckedArgs = StreamPaging;

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
  paging: CheckedArgs,
  onPage: (pages: number, streams: number) => void = () => undefined,
): Promise<EventStreamInfo[]> {
  const pager: StreamPager = {
    page: (query) => client.request("GET", EVENT_STREAMS_PATH, { operation: "list event streams", schema: eventStreamsPageWire, query }),
    who: "getEventStreams",
    loopError: (cursor, message) => new EventStreamsPagingError(cursor, message),
    onPage,
  };
  return (await pageEventStreams(pager, paging)).map(flattenEventStream);
}

/** Validates the arguments and reads every page with the given client (the native plugin's invoke). */
export async function readEventStreams(client: TenantClient, args: GetEventStreamsArgs = {}): Promise<GetEventStreamsResult> {
  return { eventStreams: await pageThrough(client, checkEventStreamsArgs(args)) };
}
