/**
 * The command's progress on stderr (stdout holds only the report). On a terminal, one line rewritten in place at each
 * change (each resource type read, each page of a long listing); elsewhere (a CI log, which keeps every line) the
 * latest status with the time so far as a line of its own every few seconds while the work lasts, so a long export
 * never looks hung and a short one prints nothing but its summary. Either way a successful read ends with one summary line, and a failed one
 * leaves only the error's line.
 */
export interface Progress {
  update(text: string): void;
  /** Clears the live line (or stops the periodic one), then prints the summary, if any. */
  finish(summary?: string): void;
}

/** How often a status line is printed without a terminal. */
export const LOG_LINE_EVERY_MS = 3_000;

export function stderrProgress(prefix: string, stream: NodeJS.WriteStream = process.stderr, everyMs = LOG_LINE_EVERY_MS): Progress {
  const live = stream.isTTY === true;
  let shown = false;
  let latest: string | undefined;
  const started = Date.now();
  // A timer that does not keep the process alive: the work in flight does that.
  const timer = live
    ? undefined
    : setInterval(() => {
        if (latest !== undefined) stream.write(`${prefix}${latest} (${Math.round((Date.now() - started) / 1000)} s)\n`);
      }, everyMs).unref();
  return {
    update(text) {
      latest = text;
      if (!live) return;
      stream.write(`\r\x1b[K${prefix}${text}`);
      shown = true;
    },
    finish(summary) {
      clearInterval(timer);
      if (shown) stream.write("\r\x1b[K");
      shown = false;
      if (summary !== undefined) stream.write(`${prefix}${summary}\n`);
    },
  };
}
