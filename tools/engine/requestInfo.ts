/**
 * What the engine keeps from a registration beside its inputs (pkg/resource/deploy/source_eval.go): the property
 * dependencies (RegisterResource) and the source position and stack trace (sourcePositions.getFromRequest).
 */
import * as path from "node:path";

/** The parts of the SDK's SourcePosition message used here. */
export interface SourcePositionMessage {
  getUri(): string;
  getLine(): number;
  getColumn(): number;
}

export interface StackTraceMessage {
  getFramesList(): { getPc(): SourcePositionMessage | undefined }[];
}

export interface SourceInfo {
  sourcePosition?: string;
  stackTrace?: { sourcePosition?: string }[];
}

/** Go's url path escaping (encodePath): unreserved characters and `$&+,/:;=@` stay, other bytes become %XX. */
function escapePath(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~$&+,/:;=@]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

/** sourcePositions.parseSourcePosition: `file://` URI → `project:///<path relative to the project root>#line[,column]`. */
function parseSourcePosition(raw: SourcePositionMessage | undefined, projectRoot: string): string {
  if (!raw) return "";
  if (raw.getLine() < 0) throw new Error(`invalid line number ${raw.getLine()}`);
  if (raw.getColumn() < 0) throw new Error(`invalid column number ${raw.getColumn()}`);
  const column = raw.getColumn() === 0 ? "" : `,${raw.getColumn()}`;
  const uri = new URL(raw.getUri());
  if (uri.protocol !== "file:") throw new Error(`unrecognized scheme ${uri.protocol}`);
  const file = decodeURIComponent(uri.pathname);
  if (!path.isAbsolute(file)) throw new Error("source positions must include absolute paths");
  const relative = path.relative(projectRoot, file).split(path.sep).join("/");
  return `project://${escapePath(`/${relative}`)}#${raw.getLine()}${column}`;
}

/**
 * getFromRequest: an unreadable source position drops both it and the stack trace; an unreadable frame (or one the
 * SDK sent without a position, such as a `node:` internal) is kept as an empty frame.
 */
export function sourceInfoOf(position: SourcePositionMessage | undefined, trace: StackTraceMessage | undefined, projectRoot: string): SourceInfo {
  let sourcePosition: string;
  try {
    sourcePosition = parseSourcePosition(position, projectRoot);
  } catch {
    return {};
  }
  const frame = (pc: SourcePositionMessage | undefined): { sourcePosition?: string } => {
    try {
      const parsed = parseSourcePosition(pc, projectRoot);
      return parsed ? { sourcePosition: parsed } : {};
    } catch {
      return {};
    }
  };
  return {
    ...(sourcePosition ? { sourcePosition } : {}),
    ...(trace ? { stackTrace: trace.getFramesList().map((item) => frame(item.getPc())) } : {}),
  };
}

/**
 * RegisterResource's property dependencies: the request's, one entry per key; with none sent, every input depends
 * on all of the request's dependencies; then every input key without an entry gets an empty one. Each list is a
 * set, so duplicates go (Go serializes an empty set's slice as `[]`, never `null`).
 */
export function propertyDependenciesOf(sent: Record<string, string[]>, inputKeys: readonly string[], dependencies: readonly string[]): Record<string, string[]> {
  const unique = (urns: readonly string[]): string[] => [...new Set(urns)];
  const result: Record<string, string[]> = {};
  if (Object.keys(sent).length === 0) {
    for (const key of inputKeys) result[key] = unique(dependencies);
  } else {
    for (const [key, urns] of Object.entries(sent)) result[key] = unique(urns);
  }
  for (const key of inputKeys) result[key] ??= [];
  return result;
}
