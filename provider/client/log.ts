/** Opt-in debug logging: an explicit sink, or TENANT_DEBUG=1 for stderr. Callers pass only safe facts. */

export type DebugLog = (line: string) => void;

const PREFIX = "[pulumi-tenant] ";

/** Returns undefined when logging is off, so hot paths can skip building log lines entirely. */
export function createDebugLog(sink: DebugLog | undefined, env: NodeJS.ProcessEnv = process.env): DebugLog | undefined {
  if (sink) return (line) => sink(PREFIX + line);
  if (env.TENANT_DEBUG === "1" || env.TENANT_DEBUG === "true") {
    return (line) => process.stderr.write(PREFIX + line + "\n");
  }
  return undefined;
}

/** Whole milliseconds keep lines short and stable. */
export function formatMs(ms: number): string {
  return `${Math.max(0, Math.round(ms))}ms`;
}
