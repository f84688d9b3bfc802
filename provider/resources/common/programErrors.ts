// Errors a data function raises in the user's program print like Pulumi's RunError: the message alone, with
// no stack trace and no dump of the error's fields, and nothing else. The error keeps its class and fields for code
// that catches it; only the SDK's own marker is added.

/** The property Pulumi's `RunError.isInstance` checks, so it also works across copies of the SDK. */
const RUN_ERROR_MARKER = "__pulumiRunError";

/** The errors the package's functions raised in this process. */
const raised = new WeakSet<object>();
let listening = false;

/**
 * A program that exports a function's promise or Output at its top level: a function that fails at once (a missing
 * setting) rejects before Pulumi takes the exports in, so Pulumi's unhandled-rejection handler prints the message,
 * and when Pulumi then handles the export Node warns, once per promise of the chain, that the rejection "was handled
 * asynchronously". Node prints that warning only when no 'rejectionHandled' listener exists (processPromiseRejections
 * in its lib/internal/process/promises.js), so one listens, says nothing for the package's own errors, and prints the
 * warning as Node would for any other promise's.
 */
function quietLateHandling(): void {
  if (listening) return;
  listening = true;
  process.on("rejectionHandled", (promise: Promise<unknown>) => {
    promise.catch((reason: unknown) => {
      if (typeof reason === "object" && reason !== null && raised.has(reason)) return;
      process.emitWarning("Promise rejection was handled asynchronously", "PromiseRejectionHandledWarning");
    });
  });
}

/**
 * Marks `error` (an Error) as a RunError for Pulumi's program runner, and returns it. Its stack becomes the message
 * alone: the runner prints none, and the frames it had (the SDK's, source-mapped to `node_modules/@pulumi/output.ts`)
 * make Node 20.20's `util.inspect(error, { colors: true })`, which the runner calls on every uncaught error, loop for
 * half a minute and gigabytes before it gives up (nodejs/node#64011).
 */
export function asRunError(error: unknown): unknown {
  if (error instanceof Error && !Object.prototype.hasOwnProperty.call(error, RUN_ERROR_MARKER)) {
    Object.defineProperty(error, RUN_ERROR_MARKER, { value: true, enumerable: false });
    Object.defineProperty(error, "stack", { value: `${error.name}: ${error.message}`, writable: true, configurable: true, enumerable: false });
  }
  if (typeof error === "object" && error !== null) {
    raised.add(error);
    quietLateHandling();
  }
  return error;
}
