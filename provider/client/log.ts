/** Opt-in debug logging: an explicit sink, or TENANT_DEBUG=1 for stderr. Callers pass only safe facts. */

export type DebugLog = (line: string) => void;

const PREFIX = "[pulumi-tenant] ";

/**
 * Where this process's client lines go when a client was given no sink: stderr, unless the process routes them
 * elsewhere (the native plugin: the Pulumi CLI hides a plugin's stderr, so it sends them to the engine's log).
 */
const processSinks: { notice?: DebugLog; debug?: DebugLog } = {};

export function routeClientOutput(sinks: { notice: DebugLog; debug: DebugLog }): void {
  Object.assign(processSinks, sinks);
}

/** A notice (e.g. a long rate-limit wait) for the user, through the process's route or stderr. */
export function showNotice(line: string): void {
  if (processSinks.notice) processSinks.notice(line);
  else process.stderr.write(line + "\n");
}

/** Returns undefined when logging is off, so hot paths can skip building log lines entirely. */
export function createDebugLog(sink: DebugLog | undefined, env: NodeJS.ProcessEnv = process.env): DebugLog | undefined {
  if (sink) return (line) => sink(PREFIX + line);
  if (env.TENANT_DEBUG === "1" || env.TENANT_DEBUG === "true") {
    return (line) => (processSinks.debug ? processSinks.debug(PREFIX + line) : process.stderr.write(PREFIX + line + "\n"));
  }
  return undefined;
}

/** Whole milliseconds keep lines short and stable. */
export function formatMs(ms: number): string {
  return `${Math.max(0, Math.round(ms))}ms`;
}
