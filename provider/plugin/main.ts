/**
 * Entry of the `pulumi-resource-tenant` executable. The engine runs it as
 * `pulumi-resource-tenant [--logtostderr] [-v=N] [--tracing ENDPOINT] <engine address>` and reads the port the
 * server listens on from the first line of its standard output. Started by hand without an address (to attach a
 * debugger, then `PULUMI_DEBUG_PROVIDERS=tenant:<port>`), it waits for the engine's Attach instead.
 */
import { fstatSync } from "node:fs";
import { connectEngineLog, engineAddressOf } from "./engineLog";
import { startServer } from "./server";

const engineAddress = engineAddressOf(process.argv.slice(2));
connectEngineLog(engineAddress);

/** Whether standard input is a pipe: how the engine starts a plugin (it never writes to it). */
function stdinIsPipe(): boolean {
  try {
    const stdin = fstatSync(0);
    return stdin.isFIFO() || stdin.isSocket();
  } catch {
    return false;
  }
}

// The engine's end closes that pipe, however it ends (even killed): end with it rather than outlive it. A plugin
// started by hand for attaching is the user's to stop.
if (engineAddress && stdinIsPipe()) {
  process.stdin.on("end", () => process.exit(0));
  process.stdin.on("error", () => process.exit(0));
  process.stdin.resume();
}

startServer().then(
  ({ port }) => process.stdout.write(`${port}\n`),
  (error: unknown) => {
    process.stderr.write(`pulumi-resource-tenant: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
