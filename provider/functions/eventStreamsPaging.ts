// Paging through GET /event-streams with any client: the data function (in the program) and the native
// plugin's invoke share it. Not part of the public typings (it names the client's types).
import type { TenantClient } from "../client";
import { checkArguments } from "./definition";
import { EventStreamsArgumentError, EventStreamsPagingError } from "./eventStreamErrors";
import { EVENT_STREAMS_PATH, pageEventStreams, type StreamPager, type StreamPaging } from "../shapes/eventStreamPaging";
import { eventStreamsPageWire, flattenEventStream } from "../shapes/eventStreamWire";
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
