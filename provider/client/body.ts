/**
 * One request and its whole body, read with a cap: a broken or hostile server must not make the client hold an
 * arbitrarily large answer in memory. A success body past the cap is an error; of an error body only the start is
 * kept (messages are cut to a few hundred characters anyway).
 *
 * Sent through the Pool's `dispatch` with a handler that gathers the chunks: what `Pool.request` plus `body.text()`
 * do, without the response stream, the async resource and the consumer each answer builds around its body (5 µs
 * of a 50-stream page's ~80 on loopback).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import { undici } from "../vendor";
import type { Deadline } from "./deadline";
import { headerValue } from "./headers";

/** The largest success body read; the service's largest answers (a page of 100 event streams) are far smaller. */
export const MAX_SUCCESS_BODY_BYTES = 1024 * 1024;
/** How much of an error body is kept. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface Exchanged {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text (a leading byte order mark dropped, as undici's `body.text()` does). */
  text: string;
  /** The body was longer than the cap: `text` holds its start only (an error body) or nothing (a success body). */
  overLimit: boolean;
}

export type ExchangeOptions = Pick<Dispatcher.DispatchOptions, "method" | "path" | "headers" | "body" | "headersTimeout" | "bodyTimeout">;

function decode(chunks: readonly Buffer[], size: number): string {
  const whole = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
  const start = whole.length >= 3 && whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf ? 3 : 0;
  return whole.toString("utf8", start);
}

/**
 * Resolves with the answer once its body is read (or cut at the cap, closing the connection instead of draining it);
 * rejects with undici's own error when the request fails, and with a RequestAbortedError once `deadline` passes.
 */
export function exchange(pool: Dispatcher, options: ExchangeOptions, deadline: Deadline): Promise<Exchanged> {
  return new Promise<Exchanged>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let abortedBy: Error | undefined;
    let settled = false;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    let limit = MAX_SUCCESS_BODY_BYTES;
    let keepStart = false;
    const chunks: Buffer[] = [];
    let size = 0;

    const onDeadline = (): void => {
      abortedBy = new (undici().errors.RequestAbortedError)();
      controller?.abort(abortedBy);
    };
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      deadline.off("abort", onDeadline);
      outcome();
    };
    const finishOverLimit = (): void => {
      const text = keepStart ? decode(chunks, size) : "";
      settle(() => resolve({ status, headers, text, overLimit: true }));
      // A stopped body leaves the connection unusable: closing it beats draining a hostile server's answer.
      controller?.abort(new Error("response body over the client's limit"));
    };

    if (deadline.aborted) onDeadline();
    else deadline.on("abort", onDeadline);

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (abortedBy) started.abort(abortedBy);
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        // 1xx informational answers come before the real one.
        if (statusCode < 200) return;
        status = statusCode;
        headers = responseHeaders;
        const success = statusCode >= 200 && statusCode < 300;
        limit = success ? MAX_SUCCESS_BODY_BYTES : MAX_ERROR_BODY_BYTES;
        keepStart = !success;
        const declared = Number(headerValue(responseHeaders, "content-length"));
        if (!keepStart && Number.isFinite(declared) && declared > limit) finishOverLimit();
      },
      onResponseData(_controller, chunk) {
        if (settled) return;
        const room = limit - size;
        if (chunk.length > room) {
          if (keepStart) {
            chunks.push(chunk.subarray(0, room));
            size += room;
          }
          finishOverLimit();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      },
      onResponseEnd() {
        settle(() => resolve({ status, headers, text: decode(chunks, size), overLimit: false }));
      },
      onResponseError(_controller, error) {
        settle(() => reject(error));
      },
    };
    pool.dispatch(options, handler);
  });
}
