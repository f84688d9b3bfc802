// Request dispatch on node:http: controls, the token endpoint, and /api/v2 with faults, rate limit,
// bearer check and scope check applied in that order.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { insufficientScope } from "./auth";
import { handleControl } from "./controls";
import type { EmulatorCore } from "./core";
import { faultResponse } from "./faults";
import { apiError, BodyTooLargeError, parseBody, readBody, RequestAbortedError, sendResult, type ApiResult } from "./http";
import { TOKEN_PATH } from "./requestLog";
import type { FaultSpec, RequestLogEntry } from "./types";

interface Answer {
  result: ApiResult;
  headers: Record<string, string>;
}

export function createRequestHandler(core: EmulatorCore): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(core, req, res).catch((error: unknown) => {
      // A bug in the emulator, not a modelled failure: say so loudly and still answer.
      console.error("emulator: unexpected error", error);
      sendResult(res, apiError(500, "Internal Server Error"), core.limiter.headers());
    });
  };
}

async function handle(core: EmulatorCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const startedAt = Date.now();
  const started = performance.now();
  const method = (req.method ?? "GET").toUpperCase();
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? "" : url.slice(queryStart + 1);

  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch (error) {
    if (error instanceof RequestAbortedError) return;
    if (!(error instanceof BodyTooLargeError)) throw error;
    sendResult(res, apiError(413, "Payload content length greater than maximum allowed: 1048576"), core.limiter.headers());
    return;
  }

  if (rawPath === "/__emulator" || rawPath.startsWith("/__emulator/")) {
    // Test controls: never rate limited, faulted or logged.
    sendResult(res, handleControl(core, method, rawPath, raw, req.headers), core.limiter.headers());
    return;
  }

  const isTokenPath = rawPath === TOKEN_PATH || rawPath === `${TOKEN_PATH}/`;
  const path = isTokenPath ? TOKEN_PATH : rawPath;
  const entry: RequestLogEntry = { method, path, query, status: 0, startedAt, durationMs: 0 };
  const finish = (status: number, faulted?: string): void => {
    entry.status = status;
    entry.durationMs = performance.now() - started;
    if (faulted !== undefined) entry.faulted = faulted;
    core.log.add(entry);
  };

  const fault = core.faults.take(method, path);
  if (fault?.kind === "delay") {
    if ((await core.held.hold(method, path, fault.delayMs ?? 0)) === "drop") {
      res.socket?.destroy();
      finish(0, "delay, dropped");
      return;
    }
  } else if (fault && !fault.afterHandling) {
    applyFault(core, res, fault, isTokenPath, finish, fault.kind);
    return;
  }

  const answer = isTokenPath ? await answerToken(core, method, raw, req.headers) : await answerApi(core, method, path, query, raw, req.headers);

  if (fault?.afterHandling) {
    applyFault(core, res, fault, isTokenPath, finish, `${fault.kind} after handling`);
    return;
  }
  sendResult(res, answer.result, answer.headers);
  finish(answer.result.status, fault?.kind);
}

function applyFault(
  core: EmulatorCore,
  res: ServerResponse,
  fault: FaultSpec,
  isTokenPath: boolean,
  finish: (status: number, faulted?: string) => void,
  label: string,
): void {
  if (fault.kind === "drop") {
    res.socket?.destroy();
    finish(0, label);
    return;
  }
  const result = faultResponse(fault, isTokenPath, core.limiter.headers(), core.retryAfter);
  sendResult(res, result, {});
  finish(result.status, label);
}

async function answerToken(core: EmulatorCore, method: string, raw: Buffer, headers: IncomingHttpHeaders): Promise<Answer> {
  // The token endpoint is not the management API: it reports the bucket but does not spend it.
  const result = method === "POST" ? await core.tokenEndpoint.handle(raw, headers) : apiError(404, "Not Found");
  return { result, headers: core.limiter.headers() };
}

async function answerApi(
  core: EmulatorCore,
  method: string,
  path: string,
  query: string,
  raw: Buffer,
  headers: IncomingHttpHeaders,
): Promise<Answer> {
  if (path !== "/api/v2" && !path.startsWith("/api/v2/")) {
    return { result: apiError(404, "Not Found"), headers: core.limiter.headers() };
  }
  const verdict = core.limiter.take();
  const answer = (result: ApiResult): Answer => ({ result, headers: verdict.headers });
  if (!verdict.allowed) return answer(core.limiter.tooManyRequests(verdict.headers));

  const match = core.router.match(method, path);
  if (!match) return answer(apiError(404, "Not Found"));
  const bearer = await core.authority.check(headers.authorization);
  if (!bearer.ok) return answer(bearer.result);
  if (!bearer.scopes.has(match.route.scope)) return answer(insufficientScope(match.route.scope));

  let body: unknown;
  if (match.route.body) {
    const parsed = parseBody(raw, headers["content-type"], match.route.body);
    if (!parsed.ok) return answer(parsed.result);
    body = parsed.value;
  }
  return answer(
    match.route.handle({
      state: core.state,
      baseUrl: core.baseUrl,
      params: match.params,
      query: new URLSearchParams(query),
      headers,
      body,
    }),
  );
}
