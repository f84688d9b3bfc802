/**
 * The engine's Log service at the address the plugin is started with. The Pulumi CLI hides a plugin's stdout and
 * stderr, so what a user must see — a long rate-limit wait, TENANT_DEBUG lines, import advice — goes through it.
 * Best effort: a line that cannot be delivered is dropped, never a failed call.
 */
import { routeClientOutput } from "../client/log";
import { engine, engineGrpc, grpc } from "./protocol";

type Severity = "debug" | "info" | "warning";
const SEVERITIES = { debug: 0, info: 1, warning: 2 } as const;

let client: InstanceType<typeof engineGrpc.EngineClient> | undefined;

/** The engine address among the plugin's arguments: the first one that is not a flag (`-v=9`, `--tracing X`). */
export function engineAddressOf(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--tracing") index++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/** Sends the log to the engine at `address` from now on (at start, or when an engine attaches). */
export function connectEngineLog(address: string | undefined): void {
  if (!address) return;
  client?.close();
  client = new engineGrpc.EngineClient(address, grpc.credentials.createInsecure());
  routeClientOutput({ notice: (line) => engineLog("info", line), debug: (line) => engineLog("debug", line) });
}

export function engineLog(severity: Severity, message: string, urn = ""): void {
  if (!client) {
    process.stderr.write(`${message}\n`);
    return;
  }
  const request = new engine.LogRequest().setSeverity(SEVERITIES[severity]).setMessage(message).setUrn(urn);
  client.log(request, () => undefined);
}
