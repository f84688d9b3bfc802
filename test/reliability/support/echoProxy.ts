/**
 * A proxy in front of an emulator that, for the requests it is told to, answers with an error body echoing
 * the request instead of forwarding it: the body (raw, JSON-escaped, URL-encoded), the headers and, for
 * the token endpoint, the form. Like validation messages that quote the payload. The first known secret in
 * the echo is placed across the client's 300-character cut, where a redaction done after cutting would
 * leave its first characters behind.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface EchoRule {
  method: string;
  path: string;
  status: number;
  /** How many matching requests to answer with an echo (the rest are forwarded). */
  times: number;
}

export interface EchoProxy {
  url: string;
  /** Echoes answered so far. */
  echoed(): number;
  echoNext(rule: EchoRule): void;
  close(): Promise<void>;
}

/** Where the client cuts a service message; the secret starts this many characters before it. */
const CUT = 300;
const STRADDLE = 9;

function echoOf(req: IncomingMessage, body: string, secrets: readonly string[]): string {
  const headers = JSON.stringify(req.headers);
  const echo = `${body} | ${JSON.stringify(body)} | ${encodeURIComponent(body)} | ${headers} | ${decodeForm(body)}`;
  const forms = secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  const first = Math.min(...forms.map((form) => echo.indexOf(form)).filter((index) => index >= 0));
  const padding = Number.isFinite(first) ? Math.max(0, CUT - STRADDLE - first) : 0;
  return "p".repeat(padding) + echo;
}

function decodeForm(body: string): string {
  try {
    return [...new URLSearchParams(body).values()].join(" ");
  } catch {
    return "";
  }
}

function answerWithEcho(req: IncomingMessage, body: string, res: ServerResponse, status: number, secrets: readonly string[]): void {
  const message = echoOf(req, body, secrets);
  const envelope = req.url === "/oauth/token" ? { error: "invalid_request", error_description: message } : { statusCode: status, error: "Bad Request", message };
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(envelope));
}

/** `secrets` only tells the proxy where to place its echo; it echoes whatever it receives. */
export async function startEchoProxy(target: string, secrets: readonly string[]): Promise<EchoProxy> {
  const rules: EchoRule[] = [];
  let echoed = 0;
  const targetUrl = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? "").split("?")[0];
      const rule = rules.find((candidate) => candidate.times > 0 && candidate.method === req.method && candidate.path === path);
      if (rule) {
        rule.times--;
        echoed++;
        answerWithEcho(req, body.toString("utf8"), res, rule.status, secrets);
        return;
      }
      const upstream = forward(
        { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: targetUrl.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    echoed: () => echoed,
    echoNext: (rule) => void rules.push({ ...rule }),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
