/**
 * Reading a response body with a cap: a broken or hostile server must not make the client hold an
 * arbitrarily large answer in memory. A success body past the cap is an error; of an error body only
 * the start is kept (messages are cut to a few hundred characters anyway).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import { headerValue } from "./headers";

/** The largest success body read; the service's largest answers (a page of 100 event streams) are far smaller. */
export const MAX_SUCCESS_BODY_BYTES = 1024 * 1024;
/** How much of an error body is kept. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface BodyText {
  text: string;
  /** The body was longer than the cap: `text` holds its start only (an error body) or nothing (a success body). */
  overLimit: boolean;
}

type ResponseBody = Dispatcher.ResponseData["body"];

/**
 * The common case, which the caller reads with a plain `body.text()`: a declared length within the cap (undici fails
 * a body longer than it declared).
 */
export function declaredWithin(headers: IncomingHttpHeaders, limit: number): boolean {
  const declared = Number(headerValue(headers, "content-length"));
  return Number.isFinite(declared) && declared <= limit;
}

/** Reads at most `limit` bytes; past it, stops reading and closes the connection instead of draining it. */
export async function readCapped(body: ResponseBody, headers: IncomingHttpHeaders, limit: number, keepStart: boolean): Promise<BodyText> {
  if (declaredWithin(headers, limit)) return { text: await body.text(), overLimit: false };
  const declared = Number(headerValue(headers, "content-length"));
  if (Number.isFinite(declared) && !keepStart) {
    body.destroy();
    return { text: "", overLimit: true };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = limit - size;
    if (chunk.length > room) {
      if (keepStart) chunks.push(chunk.subarray(0, room));
      body.destroy();
      return { text: keepStart ? Buffer.concat(chunks).toString("utf8") : "", overLimit: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks).toString("utf8"), overLimit: false };
}
