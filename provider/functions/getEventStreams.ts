// The getEventStreams data function: every event stream of the tenant, across all pages of
// GET /event-streams. It runs in the user's program (dynamic providers cannot serve invokes) and
// shares the HTTP client, its auth and its retries with everything else.
import * as pulumi from "@pulumi/pulumi";
import { getClient, type TenantClient } from "../client";
import { clientTuningFromEnv } from "../config";
import type { EventStream } from "./eventStream";
import { eventStreamsPageWire, flattenEventStream } from "./eventStreamsWire";
import { invokeThroughMocks, mocksInUse } from "./mocks";
import { asRunError } from "./programErrors";
import { settingsForInvoke } from "./programSettings";

export type {
  ActionDestination,
  EventBridgeDestination,
  EventStream,
  EventStreamDestination,
  EventStreamSubscription,
  OtherDestination,
  WebhookAuthorization,
  WebhookDestination,
} from "./eventStream";

/** The token a unit test's mocks see in `call` for both forms of the function. */
const GET_EVENT_STREAMS_TOKEN = "tenant:index:getEventStreams";

/** The API's largest page; also our default, to need half the requests of the API's default of 50. */
const EVENT_STREAMS_MAX_TAKE = 100;
/** Inside a Pulumi program, long listings report progress this often (ephemeral info lines). */
const PROGRESS_EVERY_PAGES = 20;

/** Arguments of {@link getEventStreams}. */
export interface GetEventStreamsArgs {
  /**
   * A `next` value the API returned for a page of GET /event-streams (an opaque cursor): the listing resumes
   * after the stream it marks. Not a stream id. Omit it to start at the first stream.
   */
  from?: string;
  /** Streams per request, a whole number from 1 to 100. Default 100. */
  take?: number;
  /** Stop after this many streams (a whole number of at least 1); omit for all of them. */
  limit?: number;
}

/** Arguments of {@link getEventStreamsOutput}: the same as {@link GetEventStreamsArgs}, as Inputs. */
export interface GetEventStreamsOutputArgs {
  /** A `next` value the API returned (an opaque cursor): the listing resumes after the stream it marks. Omit to start at the first stream. */
  from?: pulumi.Input<string>;
  /** Streams per request, a whole number from 1 to 100. Default 100. */
  take?: pulumi.Input<number>;
  /** Stop after this many streams (a whole number of at least 1); omit for all of them. */
  limit?: pulumi.Input<number>;
}

/** Result of {@link getEventStreams}. */
export interface GetEventStreamsResult {
  /** The tenant's event streams in the API's order, each exactly once. */
  readonly eventStreams: EventStream[];
}

/** An argument of getEventStreams is out of range; raised before any HTTP call. */
export class EventStreamsArgumentError extends Error {
  /** Always `"EventStreamsArgumentError"`. */
  override readonly name = "EventStreamsArgumentError";
  constructor(
    /** The offending argument: `from`, `take` or `limit`. */
    readonly argument: string,
    message: string,
  ) {
    super(message);
  }
}

/** The API's paging went wrong (a cursor came back, or pages stopped bringing anything new). */
export class EventStreamsPagingError extends Error {
  /** Always `"EventStreamsPagingError"`. */
  override readonly name = "EventStreamsPagingError";
  constructor(
    /** The `next` cursor that would have started a loop. */
    readonly cursor: string,
    message: string,
  ) {
    super(message);
  }
}

interface CheckedArgs {
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
function checkEventStreamsArgs(args: GetEventStreamsArgs = {}): CheckedArgs {
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

function reportProgress(pages: number, streams: number): void {
  if (pages % PROGRESS_EVERY_PAGES !== 0 || !pulumi.runtime.hasEngine()) return;
  pulumi.log
    .info(`getEventStreams: ${streams} event streams read so far (${pages} pages)`, undefined, undefined, true)
    .catch(() => undefined); // progress is best effort; a failed log line must not fail the listing
}

async function pageThrough(client: TenantClient, { from, take, limit }: CheckedArgs): Promise<EventStream[]> {
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
    reportProgress(pages, streams.length);
    cursor = next;
  }
}

/**
 * Reads the tenant's event streams, following the API's `next` cursor until a page comes without one (the
 * service ends with an empty page): for n streams, ceil(n / take) + 1 requests, fewer when `limit` stops early.
 * Connection settings come from `opts.provider` (an explicit `Provider`), else the `tenant:*` stack config,
 * else the `TENANT_*` environment variables.
 *
 * Under `pulumi.runtime.setMocks` it calls nothing: the mocks' `call` gets token `tenant:index:getEventStreams`
 * with the args as given, and its return value is the result.
 */
export async function getEventStreams(
  args?: GetEventStreamsArgs,
  opts?: pulumi.InvokeOptions,
): Promise<GetEventStreamsResult> {
  try {
    const checked = checkEventStreamsArgs(args);
    if (mocksInUse()) return await invokeThroughMocks<GetEventStreamsResult>(GET_EVENT_STREAMS_TOKEN, args ?? {}, opts);
    return await listEventStreams(checked, opts);
  } catch (error) {
    throw asRunError(error);
  }
}

async function listEventStreams(checked: CheckedArgs, opts: pulumi.InvokeOptions | undefined): Promise<GetEventStreamsResult> {
  const client = getClient(await settingsForInvoke(opts), clientTuningFromEnv(process.env));
  return { eventStreams: await pageThrough(client, checked) };
}

/**
 * Resolves once every custom resource in `dependsOn` has its id (unknown during preview while one is yet to
 * be created). A component counts once it is registered; unlike Pulumi's own invokes, its children are not
 * awaited, since the SDK exposes no public way to enumerate them.
 */
function dependenciesReady(dependsOn: pulumi.InvokeOutputOptions["dependsOn"]): pulumi.Output<unknown> {
  return pulumi.output(dependsOn ?? []).apply((resolved) => {
    const resources = (Array.isArray(resolved) ? resolved : [resolved]) as pulumi.Resource[];
    return pulumi.all(
      resources.map((resource) => (pulumi.CustomResource.isInstance(resource) ? resource.id : resource.urn)),
    );
  });
}

/**
 * The Output form of {@link getEventStreams}: takes Inputs, waits for them (and for `opts.dependsOn`), and
 * stays unknown during preview while any of them is unknown. Under `pulumi.runtime.setMocks`, the mocks'
 * `call` answers it, with the resolved args.
 */
export function getEventStreamsOutput(
  args?: GetEventStreamsOutputArgs,
  opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<GetEventStreamsResult> {
  const { dependsOn, ...invokeOpts } = opts ?? {};
  return pulumi
    .all([pulumi.output(args ?? {}), dependenciesReady(dependsOn)])
    .apply(([plainArgs]) => getEventStreams(plainArgs, invokeOpts));
}
