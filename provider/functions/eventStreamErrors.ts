// The errors getEventStreams raises, part of the public typings.

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
