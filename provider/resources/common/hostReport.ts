/**
 * An error a handler throws reaches the user once, under its resource: the engine shows the message the host
 * returns. The dynamic-provider host of every `@pulumi/pulumi` release also prints `${error}: ${error.stack}` to its
 * stderr when check, diff, read or delete fails, which the CLI shows again under the stack: the message twice over
 * and the package's stack frames, for every resource of a failed refresh or destroy. So the error's stack becomes its
 * message alone, and that exact line of the host's, for an error the package threw, is not printed; every other line
 * of the host (its own errors, another provider's) is printed as before.
 */

/** Lines the host is about to print for errors thrown here, each dropped once when it comes. */
const expected = new Set<string>();
/** More than one failed call's worth at a time means the host is not printing them: forget the oldest. */
const MOST_EXPECTED = 64;
let installed = false;

function quietConsole(): void {
  if (installed) return;
  installed = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]): void => {
    if (args.length === 1 && typeof args[0] === "string" && expected.delete(args[0])) return;
    print(...args);
  };
}

/** `error`, its stack reduced to its first line, and the host's echo of it expected and dropped. */
function reportedOnce(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  Object.defineProperty(error, "stack", { value: `${error.name}: ${error.message}`, writable: true, configurable: true, enumerable: false });
  quietConsole();
  expected.add(`${String(error)}: ${error.stack}`);
  if (expected.size > MOST_EXPECTED) expected.delete(expected.values().next().value as string);
  return error;
}

/** Runs a host call, any error it throws reported once (see above). */
export async function reportingOnce<Result>(run: () => Promise<Result>): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    throw reportedOnce(error);
  }
}
