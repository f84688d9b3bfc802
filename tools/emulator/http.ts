// Response values, the service's error envelope, and body reading/parsing shared by every route.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";

export interface ApiResult {
  status: number;
  /** Serialized as JSON; undefined means an empty body (204). */
  body?: unknown;
  headers?: Record<string, string>;
}

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const MAX_BODY_BYTES = 1024 * 1024;

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? "Unknown";
}

/** `{statusCode, error, message, errorCode?}`; errorCode is left out when the service sends none. */
export function apiError(status: number, message: string, errorCode?: string, extra?: Record<string, unknown>): ApiResult {
  const body: Record<string, unknown> = { statusCode: status, error: reasonPhrase(status), message };
  if (errorCode !== undefined) body.errorCode = errorCode;
  return { status, body: extra ? { ...body, ...extra } : body };
}

export const ok = (body: unknown, status = 200): ApiResult => ({ status, body });
export const noContent = (): ApiResult => ({ status: 204 });

export class BodyTooLargeError extends Error {}
/** The client went away before sending its whole body; there is no one to answer. */
export class RequestAbortedError extends Error {}

/** Reads the whole body; requests without one resolve at once so keep-alive GETs stay cheap. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) {
    return Promise.resolve(Buffer.alloc(0));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit keep draining without storing, so the client can read the 413 instead of a reset.
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => (size > MAX_BODY_BYTES ? reject(new BodyTooLargeError()) : resolve(Buffer.concat(chunks))));
    // A stream error or an early close both mean the client went away mid-body.
    req.on("error", () => reject(new RequestAbortedError()));
    req.on("close", () => {
      if (!req.complete) reject(new RequestAbortedError());
    });
  });
}

export type BodyFormat = "json" | "json-or-form";
export type ParsedBody = { ok: true; value: unknown } | { ok: false; result: ApiResult };

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** Parses a JSON (or, where allowed, form-urlencoded) body. An empty body parses as null. */
export function parseBody(raw: Buffer, contentType: string | undefined, format: BodyFormat): ParsedBody {
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") {
    if (format !== "json-or-form") return { ok: false, result: apiError(415, "Unsupported Media Type") };
    return { ok: true, value: Object.fromEntries(new URLSearchParams(raw.toString("utf8"))) };
  }
  if (type !== "" && type !== "application/json" && !type.endsWith("+json")) {
    return { ok: false, result: apiError(415, "Unsupported Media Type") };
  }
  const text = raw.toString("utf8");
  if (text.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, result: apiError(400, "Invalid request payload JSON format", "invalid_body") };
  }
}

/** Writes a result with the JSON content type every response carries, 204s included (a result may override it). */
export function sendResult(res: ServerResponse, result: ApiResult, extraHeaders: Record<string, string>): void {
  if (res.writableEnded || res.destroyed) return;
  const payload = result.body === undefined ? "" : JSON.stringify(result.body);
  res.writeHead(result.status, {
    "content-type": JSON_CONTENT_TYPE,
    ...extraHeaders,
    ...result.headers,
    "content-length": String(Buffer.byteLength(payload)),
  });
  res.end(payload);
}
