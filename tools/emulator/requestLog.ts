// The request log and counters. Counters are exact; the log keeps the most recent entries only, so a
// long-running emulator (the demo, a benchmark) does not grow without bound.
import type { RequestLogEntry } from "./types";

export const TOKEN_PATH = "/oauth/token";
const LOG_LIMIT = 10_000;

export class RequestLog {
  /** Live array handed to users as `emulator.requests`; trimmed in place. */
  readonly entries: RequestLogEntry[] = [];
  private readonly counts = new Map<string, number>();

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    // Trim in batches: shifting one entry per request would copy the whole array each time.
    if (this.entries.length >= LOG_LIMIT * 2) this.entries.splice(0, this.entries.length - LOG_LIMIT);
    const key = `${entry.method} ${entry.path}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  count(method?: string, pathPrefix?: string): number {
    const wantedMethod = method?.toUpperCase();
    let total = 0;
    for (const [key, n] of this.counts) {
      const space = key.indexOf(" ");
      if (wantedMethod !== undefined && key.slice(0, space) !== wantedMethod) continue;
      if (pathPrefix !== undefined && !key.slice(space + 1).startsWith(pathPrefix)) continue;
      total += n;
    }
    return total;
  }

  /** Counts per "METHOD /path", for GET /__emulator/requests. */
  countsByRoute(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  clear(): void {
    this.entries.length = 0;
    this.counts.clear();
  }
}
