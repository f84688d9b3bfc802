/**
 * What the package tells the user from a provider process: notices (progress, e.g. a long rate-limit wait), warnings
 * (about a resource: what its destroy leaves on the tenant, say) and opt-in debug lines (an explicit sink, or
 * TENANT_DEBUG=1 for stderr). Callers pass only safe facts.
 */

export type DebugLog = (line: string) => void;
/** Resolves once the line is delivered or given up; never rejects. */
export type WarningLog = (line: string, urn?: string) => Promise<void>;

const PREFIX = "[pulumi-tenant] ";

/**
 * Where this process's lines go when a client was given no sink: stderr, unless the process routes them elsewhere
 * (the native plugin: the Pulumi CLI hides a plugin's stderr, so it sends them to the engine's log).
 */
const processSinks: { notice?: DebugLog; warning?: WarningLog; debug?: DebugLog } = {};

export function routeClientOutput(sinks: { notice: DebugLog; warning: WarningLog; debug: DebugLog }): void {
  Object.assign(processSinks, sinks);
}

/** A notice (e.g. a long rate-limit wait) for the user, through the process's route or stderr. */
export function showNotice(line: string): void {
  if (processSinks.notice) processSinks.notice(line);
  else process.stderr.write(line + "\n");
}

/** Where a warning goes when nothing can show it as one: stderr, which the CLI shows as info, so the text says it. */
function warnOnStderr(line: string): void {
  process.stderr.write(`warning: ${line}\n`);
}

/**
 * A warning for the user, about the resource `urn` names when the caller knows it: through the process's route;
 * else, in a dynamic-provider host, the engine's Log service at the address the engine started it with (loaded now:
 * a host that never warns never loads it), so the CLI shows and counts it as a warning; else, or when the engine
 * cannot be reached, stderr.
 */
export async function showWarning(line: string, urn?: string): Promise<void> {
  if (processSinks.warning) return processSinks.warning(line, urn);
  try {
    const engine = (await import("./engineLog.js")).dynamicHostEngineLog();
    if (engine && (await engine.send("warning", line, urn))) return;
  } catch {
    // The user's @pulumi/pulumi without the engine's protocol stubs: the line still reaches the user.
  }
  warnOnStderr(line);
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
