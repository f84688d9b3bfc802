// Event-stream paging cursors, shaped like the ones the service was recorded sending on its other
// checkpoint-paged endpoints: base64 of "<created timestamp>UTC,<id>" of a page's last stream. Passed back
// as `from`, the listing resumes after that stream.
import type { StoredEventStream } from "../state";

const DECODED = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}\.\d{3})UTC,(est_[A-Za-z0-9]{22})$/;

export interface StreamCursor {
  /** ISO 8601 with milliseconds, as `created_at`. */
  createdAt: string;
  id: string;
}

export function encodeCursor(stream: StoredEventStream): string {
  const timestamp = stream.created_at.replace("T", " ").replace(/Z$/, "UTC");
  return Buffer.from(`${timestamp},${stream.id}`, "utf8").toString("base64");
}

/** The cursor in `from`, or undefined when it is not one this emulator could have sent. */
export function decodeCursor(from: string): StreamCursor | undefined {
  const text = Buffer.from(from, "base64").toString("utf8");
  // Node's decoder skips stray characters; only a value that re-encodes to itself is a cursor.
  if (Buffer.from(text, "utf8").toString("base64") !== from) return undefined;
  const match = DECODED.exec(text);
  if (!match) return undefined;
  const createdAt = `${match[1]}T${match[2]}Z`;
  if (Number.isNaN(Date.parse(createdAt))) return undefined;
  return { createdAt, id: match[3] };
}

/**
 * Where the page after the cursor starts: just after the cursor's stream, or, when that stream was
 * deleted meanwhile, at the first stream created after it (streams are kept in creation order).
 */
export function startAfter(streams: readonly StoredEventStream[], cursor: StreamCursor): number {
  const index = streams.findIndex((stream) => stream.id === cursor.id);
  if (index >= 0) return index + 1;
  const later = streams.findIndex((stream) => stream.created_at > cursor.createdAt);
  return later < 0 ? streams.length : later;
}
