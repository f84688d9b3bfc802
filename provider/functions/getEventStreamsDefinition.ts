// getEventStreams declared once: its arguments, with the rule each one's error states, and its result.
import { z } from "zod";
import { EVENT_STREAMS_MAX_TAKE } from "../resources/eventStream/paging";
import { property } from "../shapes/property";
import { eventStreamInfo } from "../resources/eventStream/streamProperties";
import type { FunctionDefinition } from "./definition";

export { EVENT_STREAMS_MAX_TAKE };

const wholeNumber = (rule: string, min: number, max: number) =>
  z.number({ error: rule }).int({ error: rule }).min(min, { error: rule }).max(max, { error: rule });

const fromRule = "must be a non-empty `next` value from the API";
const takeRule = `must be a whole number from 1 to ${EVENT_STREAMS_MAX_TAKE}`;
const limitRule = "must be a whole number of at least 1";

export const getEventStreamsDefinition = {
  name: "getEventStreams",
  description:
    "Reads the tenant's event streams, following the API's `next` cursor until a page comes without one: every " +
    "stream once, with the fewest requests. A listing never carries a secret: every secret field of any resource " +
    "(a webhook's `token`, `password` or `header_value`, …) is dropped from what the service sends, at any depth.",
  args: z.object({
      from: property(z.string({ error: fromRule }).min(1, { error: fromRule }).optional(), {
        description:
          "A `next` value the API returned for a page of GET /event-streams (an opaque cursor): the listing resumes " +
          "after the stream it marks. Not a stream id. Omit it to start at the first stream.",
      }),
      take: property(wholeNumber(takeRule, 1, EVENT_STREAMS_MAX_TAKE).optional(), {
        description: `Streams per request, a whole number from 1 to ${EVENT_STREAMS_MAX_TAKE}. Default ${EVENT_STREAMS_MAX_TAKE}.`,
      }),
      limit: property(wholeNumber(limitRule, 1, Number.MAX_SAFE_INTEGER).optional(), {
        description: "Stop after this many streams (a whole number of at least 1); omit for all of them.",
      }),
    }),
  result: z.object({
    eventStreams: property(z.array(eventStreamInfo), { description: "The tenant's event streams in the API's order, each exactly once." }),
  }),
  scopes: ["read:event_streams"],
} satisfies FunctionDefinition;
