/**
 * Entry of the `pulumi-resource-tenant` executable. The engine runs it as
 * `pulumi-resource-tenant [--logtostderr] [-v=N] [--tracing ENDPOINT] <engine address>` and reads the port the
 * server listens on from the first line of its standard output.
 */
import { connectEngineLog, engineAddressOf } from "./engineLog";
import { startServer } from "./server";

connectEngineLog(engineAddressOf(process.argv.slice(2)));

startServer().then(
  ({ port }) => process.stdout.write(`${port}\n`),
  (error: unknown) => {
    process.stderr.write(`pulumi-resource-tenant: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
