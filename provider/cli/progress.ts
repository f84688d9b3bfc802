/**
 * The command's progress on stderr (stdout holds only the report). On a terminal, one line rewritten in place as
 * each resource type is read; elsewhere (a CI log) nothing until the end. Either way a successful read ends with one
 * summary line, and a failed one leaves only the error's line.
 */
export interface Progress {
  update(text: string): void;
  /** Clears the live line, then prints the summary, if any. */
  finish(summary?: string): void;
}

export function stderrProgress(prefix: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  const live = stream.isTTY === true;
  let shown = false;
  return {
    update(text) {
      if (!live) return;
      stream.write(`\r\x1b[K${prefix}${text}`);
      shown = true;
    },
    finish(summary) {
      if (shown) stream.write("\r\x1b[K");
      shown = false;
      if (summary !== undefined) stream.write(`${prefix}${summary}\n`);
    },
  };
}
