/**
 * A tenant API on 127.0.0.1 that answers each API request with the next reply of a script, byte for byte (the token
 * endpoint always grants), and keeps what it was sent: for tests that feed a service's recorded answers to handlers.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export interface Reply {
  status: number;
  body: string;
}

export const reply = (status: number, body = ""): Reply => ({ status, body });

export interface ScriptedReplies {
  url: string;
  /** The replies still to give, in order; an API request beyond them is answered 500 "unscripted request". */
  script: Reply[];
  /** The API requests seen: `METHOD path`, and the body as sent. */
  seen: { call: string; body: string }[];
  close(): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";
const UNSCRIPTED = reply(500, `{"statusCode":500,"error":"Internal Server Error","message":"unscripted request"}`);

export async function startScriptedReplies(): Promise<ScriptedReplies> {
  const replies: ScriptedReplies = { url: "", script: [], seen: [], close: async () => undefined };
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url?.startsWith("/oauth/token")) {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "recorded-access-token", expires_in: 86400, token_type: "Bearer" }));
        return;
      }
      replies.seen.push({ call: `${request.method} ${request.url}`, body });
      const next = replies.script.shift() ?? UNSCRIPTED;
      response.writeHead(next.status, { "content-type": JSON_TYPE }).end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  replies.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  replies.close = () => new Promise((resolve) => server.close(() => resolve()));
  return replies;
}
