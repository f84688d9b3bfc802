// CLI: `npm run emulator -- --port 0`. The first stdout line is exactly `listening on http://127.0.0.1:<port>`.
// Flags are in cliArgs.ts. Bad flags print the usage on stderr and exit 2; SIGINT/SIGTERM close cleanly.
import { parseArgs, USAGE, UsageError } from "./cliArgs";
import { startEmulator, type Emulator, type EmulatorOptions } from "./index";

async function main(): Promise<void> {
  let options: EmulatorOptions | "help";
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`emulator: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const emulator: Emulator = await startEmulator(options);
  process.stdout.write(`listening on ${emulator.url}\n`);
  const clientIds = (options.clients ?? [{ id: "demo" }]).map((client) => client.id).join(", ");
  process.stderr.write(`emulator: tenant ${emulator.state.tenant}; clients: ${clientIds}; Ctrl-C to stop\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`emulator: error while closing after ${signal}: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
