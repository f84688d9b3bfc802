// Errors a data function raises in the user's program print like Pulumi's RunError: the message alone, with
// no stack trace and no dump of the error's fields. The error keeps its class and fields for code that
// catches it; only the SDK's own marker is added.

/** The property Pulumi's `RunError.isInstance` checks, so it also works across copies of the SDK. */
const RUN_ERROR_MARKER = "__pulumiRunError";

/** Marks `error` (an Error) as a RunError for Pulumi's program runner, and returns it. */
export function asRunError(error: unknown): unknown {
  if (error instanceof Error && !Object.prototype.hasOwnProperty.call(error, RUN_ERROR_MARKER)) {
    Object.defineProperty(error, RUN_ERROR_MARKER, { value: true, enumerable: false });
  }
  return error;
}
