// A tiny tenant API on 127.0.0.1 whose event-stream pages a test scripts, to play a misbehaving service
// (looping cursors, empty pages that still say "more", extra fields) that the emulator never plays.
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptedReply {
  status?: number;
  body: unknown;
}

/** Answers GET /api/v2/event-streams; gets the query's `from` (undefined on the first page) and `take`. */
export type PageScript = (from: string | undefined, take: number | undefined) => ScriptedReply;

export interface ScriptedServer {
  url: string;
  /** The query of every list request, in arrival order, e.g. `{ from: "a", take: "100" }`. */
  listQueries: Record<string, string>[];
  tokenRequests: number;
  /** Every request of any kind, the token request included. */
  requests: number;
  close(): Promise<void>;
}

export const SCRIPTED_CLIENT_ID = "scripted-client";
export const SCRIPTED_CLIENT_SECRET = "scripted-secret-value";

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

export async function startScriptedServer(script: PageScript): Promise<ScriptedServer> {
  const listQueries: Record<string, string>[] = [];
  let tokenRequests = 0;
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    // Drain the body (the token request has one) before answering.
    request.resume();
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (request.method === "POST" && (url.pathname === "/oauth/token" || url.pathname === "/oauth/token/")) {
        tokenRequests++;
        send(response, 200, { access_token: "scripted-access-token", expires_in: 86400, token_type: "Bearer" });
        return;
      }
      if (request.method === "GET" && url.pathname === "/api/v2/event-streams") {
        listQueries.push(Object.fromEntries(url.searchParams));
        const take = url.searchParams.get("take");
        const reply = script(url.searchParams.get("from") ?? undefined, take === null ? undefined : Number(take));
        send(response, reply.status ?? 200, reply.body);
        return;
      }
      send(response, 404, { statusCode: 404, error: "Not Found", message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    listQueries,
    get tokenRequests() {
      return tokenRequests;
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A contract-shaped wire item, with the id and name derived from `id`. */
export function wireStream(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `stream-${id}`,
    subscriptions: [{ event_type: "user.created" }],
    destination: {
      type: "webhook",
      configuration: {
        webhook_endpoint: `https://hooks.example.com/${id}`,
        webhook_authorization: { method: "basic", username: "admin" },
      },
    },
    created_at: "2026-01-16T08:50:33.955Z",
    updated_at: "2026-01-16T08:50:33.955Z",
    ...extra,
  };
}
