// The getEventStreams data function: every event stream of the tenant, across all pages of
// GET /event-streams. It runs in the user's program (dynamic providers cannot serve invokes) and
// shares the HTTP client, its auth and its retries with everything else.
import * as pulumi from "@pulumi/pulumi";
import { getClient } from "../client";
import { packageClientOptions } from "../resources/clientOptions";
import { functionToken } from "./definition";
import { dependenciesReady } from "./invokeDependencies";
import { checkEventStreamsArgs, pageThrough, type CheckedArgs } from "./eventStreamsListing";
import { invokeThroughMocks, mocksInUse } from "./mocks";
import { asRunError } from "../resources/common/programErrors";
import { settingsForInvoke } from "./programSettings";
import type { EventStreamInfo, GetEventStreamsArgs, GetEventStreamsOutputArgs, GetEventStreamsResult } from "./getEventStreams.generated";
import { getEventStreamsDefinition } from "./getEventStreamsDefinition";

export { EventStreamsArgumentError, EventStreamsPagingError } from "./eventStreamErrors";
export type {
  ActionDestination,
  EventBridgeDestination,
  EventStreamInfo,
  EventStreamSubscription,
  GetEventStreamsArgs,
  GetEventStreamsOutputArgs,
  GetEventStreamsResult,
  OtherDestination,
  WebhookAuthorization,
  WebhookDestination,
} from "./getEventStreams.generated";

/** Where a listed stream delivers events; narrow on `type` to reach each type's configuration. */
export type EventStreamDestination = EventStreamInfo["destination"];

/** The token a unit test's mocks see in `call` for both forms of the function. */
const GET_EVENT_STREAMS_TOKEN = functionToken(getEventStreamsDefinition);

/** Inside a Pulumi program, long listings report progress this often (ephemeral info lines). */
const PROGRESS_EVERY_PAGES = 20;

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

function reportProgress(pages: number, streams: number): void {
  if (pages % PROGRESS_EVERY_PAGES !== 0 || !pulumi.runtime.hasEngine()) return;
  pulumi.log
    .info(`getEventStreams: ${streams} event streams read so far (${pages} pages)`, undefined, undefined, true)
    .catch(() => undefined); // progress is best effort; a failed log line must not fail the listing
}

async function listEventStreams(checked: CheckedArgs, opts: pulumi.InvokeOptions | undefined): Promise<GetEventStreamsResult> {
  const client = getClient(await settingsForInvoke(opts), packageClientOptions());
  return { eventStreams: await pageThrough(client, checked, reportProgress) };
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
