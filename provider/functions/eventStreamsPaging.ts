// Paging through GET /event-streams with any client: the data function (in the program) and the native
// plugin's invoke share it. Not part of the public typings (it names the client's types).
import type { TenantClient } from "../client";
import type { EventStream } from "./eventStream";
import { EventStreamsArgumentError, EventStreamsPagingError } from "./eventStreamErrors";
import { eventStreamsPageWire, flattenEventStream } from "./eventStreamsWire";
import type { GetEventStreamsArgs, GetEventStreamsResult } from "./getEventStreams";

/** The API's largest page; also our default, to need half the requests of the API's default of 50. */
const EVENT_STREAMS_MAX_TAKE = 100;

export interface CheckedArgs {
  from: string | undefined;
  take: number;
  limit: number;
}

function describeValue(value: unknown): string {
  return typeof value === "string" ? `the string ${JSON.stringify(value)}` : String(value);
}

function isWholeNumberBetween(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** Validates the arguments with messages that name the argument and the allowed range. */
export function checkEventStreamsArgs(args: GetEventStreamsArgs = {}): CheckedArgs {
  const { from, take, limit } = args;
  if (from !== undefined && (typeof from !== "string" || from.length === 0)) {
    throw new EventStreamsArgumentError(
      "from",
      `getEventStreams: from must be a non-empty \`next\` value from the API (got ${describeValue(from)}); omit it to start at the first stream.`,
    );
  }
  if (take !== undefined && !isWholeNumberBetween(take, 1, EVENT_STREAMS_MAX_TAKE)) {
    throw new EventStreamsArgumentError(
      "take",
      `getEventStreams: take must be a whole number from 1 to ${EVENT_STREAMS_MAX_TAKE} (got ${describeValue(take)}).`,
    );
  }
  if (limit !== undefined && !isWholeNumberBetween(limit, 1, Number.MAX_SAFE_INTEGER)) {
    throw new EventStreamsArgumentError(
      "limit",
      `getEventStreams: limit must be a whole number of at least 1 (got ${describeValue(limit)}); omit it for all streams.`,
    );
  }
  return { from, take: take ?? EVENT_STREAMS_MAX_TAKE, limit: limit ?? Number.POSITIVE_INFINITY };
}

/** Reads page after page; `onPage(pages, streams)` after each page but the last (progress reporting). */
export async function pageThrough(
  client: TenantClient,
  { from, take, limit }: CheckedArgs,
  onPage: (pages: number, streams: number) => void = () => undefined,
): Promise<EventStream[]> {
  const streams: EventStream[] = [];
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
