/**
 * A tenant that answers as an attacker would like a provider to print: every error it sends carries a secret — one
 * the program never gave (the AWS key the tenant holds) in a JSON field, in prose after its field's name, or a
 * secret the call did send, encoded as the service would use it (Basic credentials) or whole (a webhook link used as
 * a header value). Shared by the tests of both doors (the dynamic handlers and the native plugin).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The AWS secret key the tenant holds: no program, state or call below knows it. */
export const TENANT_AWS_KEY = "Tn+aw/sK=ey&Hel%d-Q7zR";
/** The key a stack's state holds, another than the tenant's (a refresh after someone rotated it by hand). */
export const STATE_AWS_KEY = "St+at/eK=ey&Old%d-W3xP";
export const WEBHOOK_PASSWORD = "Wh+pa/ss=wd&Ba%sic-9Lm";
/** A header value shaped like a URL, whose path is the secret (as in chat webhooks). */
export const HOOK_URL = "https://hooks.example.com/services/T0AB12CD/B0XY98ZW/1b3fQz8e7d6a5b4c?sig=Zm9vYmFyQmF6";

/** Every secret the tenant's answers carry, by description, as the leak scans look for them. */
export const HOSTILE_SECRETS: Record<string, string> = {
  "the tenant's AWS key": TENANT_AWS_KEY,
  "the state's AWS key": STATE_AWS_KEY,
  "the webhook password": WEBHOOK_PASSWORD,
  // Everything past the link's host is secret; the scan looks for its ids, not for the word "services".
  "the webhook link's path": "T0AB12CD/B0XY98ZW/1b3fQz8e7d6a5b4c",
  "the webhook link's query": "Zm9vYmFyQmF6",
};

const SNS = "/api/v2/guardian/factors/push-notification/providers/sns";

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function badRequest(res: ServerResponse, message: string): void {
  json(res, 400, { statusCode: 400, error: "Bad Request", message });
}

/** A create of an event stream: the service "tests" the endpoint with the authorization it builds, and quotes it. */
function refuseStream(body: string, res: ServerResponse): void {
  const authorization = (JSON.parse(body) as { destination: { configuration: { webhook_authorization: Record<string, string> } } }).destination.configuration
    .webhook_authorization;
  if (authorization.method === "basic") {
    const credentials = Buffer.from(`${authorization.username}:${authorization.password}`).toString("base64");
    return badRequest(res, `the endpoint refused the credentials ${credentials} (first tried as ${credentials.slice(5)})`);
  }
  const value = authorization.header_value ?? authorization.token ?? "";
  badRequest(res, `the endpoint refused the header value ${value} (sent as ${encodeURIComponent(value)})`);
}

function answer(req: IncomingMessage, body: string, res: ServerResponse): void {
  const path = (req.url ?? "").split("?")[0];
  if (path === "/oauth/token") return json(res, 200, { access_token: "Hx7q-9Tz2-Kd4w-8Vn3", expires_in: 3600 });
  if (path === SNS && req.method === "GET") {
    // An import, a .get or a refresh: a 500 whose body is the stored configuration, the tenant's key in it.
    return json(res, 500, { aws_access_key_id: "AKIAHOSTILE", aws_secret_access_key: TENANT_AWS_KEY, aws_region: "us-east-1" });
  }
  if (path === SNS && req.method === "PATCH") {
    // An update after an import (the key kept): the service quotes the key it holds.
    return void res.writeHead(400, { "content-type": "text/plain" }).end(`aws_secret_access_key ${TENANT_AWS_KEY} is not valid in us-east-1`);
  }
  if (path === SNS && req.method === "PUT") return badRequest(res, `cannot clear the credentials: aws_secret_access_key=${TENANT_AWS_KEY} is in use`);
  if (path === "/api/v2/event-streams" && req.method === "POST") return refuseStream(body, res);
  json(res, 404, { statusCode: 404, error: "Not Found", message: "not here" });
}

export interface HostileTenant {
  url: string;
  /** The tenant's host: the id of its singletons (the SNS configuration). */
  host: string;
  close(): Promise<void>;
}

export async function startHostileTenant(): Promise<HostileTenant> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => answer(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    host: new URL(url).host,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
