/**
 * A proxy in front of an emulator that, for the requests it is told to, answers with an error body echoing
 * the request instead of forwarding it: the body (raw, JSON-escaped, URL-encoded), the headers and, for
 * the token endpoint, the form. Like validation messages that quote the payload. The first known secret in
 * the echo is placed across the client's 300-character cut, where a redaction done after cutting would
 * leave its first characters behind. Or, told to echo "credentials", it quotes the Basic credentials a service
 * would build from each value the request carried (base64 of "user:" and the value), placed the same way.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface EchoRule {
  method: string;
  path: string;
  status: number;
  /** How many matching requests to answer with an echo (the rest are forwarded). */
  times: number;
  /** What the echo quotes: the request as it came (the default), or Basic credentials built from its values. */
  echo?: "request" | "credentials";
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
/** Base64 credentials start further before it: 24 characters show "hook:" and about 12 bytes of the secret. */
const CREDENTIALS_STRADDLE = 24;

function echoOf(req: IncomingMessage, body: string, secrets: readonly string[]): string {
  const headers = JSON.stringify(req.headers);
  const echo = `${body} | ${JSON.stringify(body)} | ${encodeURIComponent(body)} | ${headers} | ${decodeForm(body)}`;
  const forms = secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  return straddlingCut(echo, forms, STRADDLE);
}

/** Each value the request carried as the Basic credentials a service builds from it, the first secret's across the cut. */
function credentialsEchoOf(body: string, secrets: readonly string[]): string {
  const basic = (value: string): string => Buffer.from(`hook:${value}`).toString("base64");
  const values = [...jsonStrings(body), ...new URLSearchParams(body).values()];
  return straddlingCut(`built ${values.map(basic).join(" ")}`, secrets.map(basic), CREDENTIALS_STRADDLE);
}

/** The echo padded so that the first of `placed` in it starts `straddle` characters before the client's cut. */
function straddlingCut(echo: string, placed: readonly string[], straddle: number): string {
  const first = Math.min(...placed.map((form) => echo.indexOf(form)).filter((index) => index >= 0));
  const padding = Number.isFinite(first) ? Math.max(0, CUT - straddle - first) : 0;
  return "p".repeat(padding) + echo;
}

function jsonStrings(body: string): string[] {
  try {
    const strings: string[] = [];
    JSON.parse(body, (_key, value: unknown) => (typeof value === "string" && strings.push(value), value));
    return strings;
  } catch {
    return [];
  }
}

function decodeForm(body: string): string {
  try {
    return [...new URLSearchParams(body).values()].join(" ");
  } catch {
    return "";
  }
}

function answerWithEcho(req: IncomingMessage, body: string, res: ServerResponse, rule: EchoRule, secrets: readonly string[]): void {
  const { status } = rule;
  const message = rule.echo === "credentials" ? credentialsEchoOf(body, secrets) : echoOf(req, body, secrets);
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
        answerWithEcho(req, body.toString("utf8"), res, rule, secrets);
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
