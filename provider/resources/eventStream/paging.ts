/**
 * Paging through GET /event-streams, following the API's `next` cursor until a page comes without one: every stream
 * once, with the fewest requests. Shared by the getEventStreams function and the EventStream resource (which lists
 * to adopt and to export); each gives its own request and its own error for an API that would make it loop.
 */
import type { EventStreamResponse, EventStreamsPageWire } from "./wire";

/** The API's largest page; also the default, to need half the requests of the API's default of 50. */
export const EVENT_STREAMS_MAX_TAKE = 100;

export interface StreamPaging {
  from: string | undefined;
  take: number;
  limit: number;
}

export interface StreamPager {
  /** One page: GET /event-streams with these query parameters. */
  page(query: { from: string | undefined; take: number }): Promise<EventStreamsPageWire>;
  /** Who lists, for messages, e.g. "getEventStreams". */
  who: string;
  /** The error for an API that returns a cursor again, or one that brings nothing new. */
  loopError(cursor: string, message: string): Error;
  /** Called after each page but the last (progress reporting). */
  onPage?(pages: number, streams: number): void;
}

/** Every stream of the listing, in the API's order, each once (by id). */
export async function pageEventStreams(pager: StreamPager, { from, take, limit }: StreamPaging): Promise<EventStreamResponse[]> {
  const streams: EventStreamResponse[] = [];
  // Ids and cursors are small strings; remembering them is what lets a misbehaving API never loop us.
  const seenIds = new Set<string>();
  const usedCursors = new Set<string>();
  let cursor = from;
  for (let pages = 1; ; pages++) {
    if (cursor !== undefined) usedCursors.add(cursor);
    // The last page asks only for what the limit still needs.
    const page = await pager.page({ from: cursor, take: Math.min(take, limit - streams.length) });
    let added = 0;
    for (const item of page.eventStreams ?? []) {
      if (seenIds.has(item.id)) continue;
      seenIds.add(item.id);
      streams.push(item);
      added++;
      if (streams.length >= limit) return streams;
    }
    const next = page.next;
    if (!next) return streams;
    const where = cursor === undefined ? "the first page" : `the page from cursor ${JSON.stringify(cursor)}`;
    if (usedCursors.has(next)) {
      throw pager.loopError(
        next,
        `${pager.who}: after ${where} the API returned the cursor ${JSON.stringify(next)} again; ` +
          `stopping instead of looping (${streams.length} streams read).`,
      );
    }
    if (added === 0) {
      throw pager.loopError(
        next,
        `${pager.who}: ${where} brought no new streams but the API still returned the cursor ` +
          `${JSON.stringify(next)}; stopping instead of looping (${streams.length} streams read).`,
      );
    }
    pager.onPage?.(pages, streams.length);
    cursor = next;
  }
}
