/**
 * The plugin's log: the engine's Log service at the address the plugin is started with (or attached to). The Pulumi
 * CLI hides a plugin's stdout and stderr, so what a user must see — a long rate-limit wait and TENANT_DEBUG lines
 * (info, which the CLI shows as it shows a dynamic-provider host's stderr; a debug line it would show only with
 * `--debug`), a resource's warnings and import advice (warning, under the resource's URN) — goes through it.
 * Best effort: a line that cannot be delivered goes to stderr, never a failed call.
 */
import { connectEngineLog as connect, engineAddressOf, type EngineLog, type Severity } from "../client/engineLog";
import { routeClientOutput } from "../client/log";
import { currentResource } from "../resources/common/programName";

export { engineAddressOf };

let client: EngineLog | undefined;

/** Sends the log to the engine at `address` from now on (at start, or when an engine attaches). */
export function connectEngineLog(address: string | undefined): void {
  if (!address) return;
  client?.close();
  client = connect(address);
  routeClientOutput({
    notice: (line) => void engineLog("info", line),
    // A handler's warning is about the resource whose request it serves: the CLI shows it there.
    warning: (line, urn) => engineLog("warning", line, urn ?? currentResource()?.urn),
    // Under the resource whose request the line is about, when it is about one (the token request may be no one's).
    debug: (line) => void engineLog("info", line, currentResource()?.urn),
  });
}

/** The last line handed to the engine: each line waits for the one before, so the CLI shows them in their order. */
let lastLine: Promise<void> = Promise.resolve();

/** Resolves once the engine has the line, or it went to stderr instead. */
export function engineLog(severity: Severity, message: string, urn = ""): Promise<void> {
  const deliver = async (): Promise<void> => {
    if (client && (await client.send(severity, message, urn))) return;
    process.stderr.write(`${severity === "warning" ? "warning: " : ""}${message}\n`);
  };
  lastLine = lastLine.then(deliver);
  return lastLine;
}
