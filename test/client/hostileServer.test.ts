// What a broken or hostile server can make the client do: echo secrets into errors, send huge answers,
// refuse every token, redirect elsewhere, present an untrusted certificate. Small fake servers, real client.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AmbiguousRequestError, ApiError, RequestNotSentError, ResponseShapeError, TenantClient } from "../../provider/client";
import { encodedForms } from "../../provider/client/redact";
import { SECRET_FIELDS } from "../../provider/resources/secretFields.generated";
import { throwawayCertificate } from "../bench/tlsCertificate";
import { FAST, PHONE_PATH, clientCredentials, rejectionOf, sendCounter, staticToken } from "./helpers";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function fakeServer(handler: Handler): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

function client(settings: ConstructorParameters<typeof TenantClient>[0], options = {}): TenantClient {
  const tenant = new TenantClient(settings, { ...FAST, ...options });
  cleanups.push(() => tenant.close());
  return tenant;
}

const tokenReply = (res: ServerResponse, token = "tok-3f9a1c77e0d2"): void =>
  void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: token, expires_in: 3600 }));

/** Secrets whose encodings differ from their raw form in every way: + / = & % " and a non-ASCII letter. */
const CLIENT_SECRET = 'cs+Zq/8w=Re&7%x"Yé-9kLmN0pQ';
const AUTH_TOKEN = 'at/K2+v=&%"Ørw-T5yU8iOp1aS';
// Header values must be Latin-1: the access token travels in one.
const ACCESS_TOKEN = 'opaque+Acc/ess=Tok&en%"-42xyz';

/** Every 6-character piece of every form of a secret still present in a text. */
function leakedPieces(text: string, secret: string): string[] {
  const found: string[] = [];
  for (const form of encodedForms(secret)) {
    for (let start = 0; start + 6 <= form.length; start++) {
      const piece = form.slice(start, start + 6);
      if (text.includes(piece)) found.push(piece);
    }
  }
  return found;
}

/** A 400 whose message echoes `echo`, starting `offset` characters in: offsets near 300 put a secret across the cut. */
function echoingError(res: ServerResponse, echo: string, offset: number): void {
  const message = "x".repeat(offset) + echo;
  res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ statusCode: 400, error: "Bad Request", message }));
}

describe("a server that echoes what it was sent", () => {
  // The echo starts with the secret: these offsets put it before, across and after the 300-character cut.
  const offsets = [0, 280, 290, 295, 299, 310];

  it.each(offsets)("keeps every piece of the auth token, the access token and the client secret out of the error (echo at %i)", async (offset) => {
    const server = await fakeServer((req, body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res, ACCESS_TOKEN);
      // Validation messages that quote the payload (the token first, so it can straddle the cut), and the header.
      const token = (JSON.parse(body) as { credentials: { auth_token: string } }).credentials.auth_token;
      const echo = `${token} ${body} ${JSON.stringify(body)} ${encodeURIComponent(body)} ${req.headers.authorization ?? ""}`;
      echoingError(res, echo, offset);
    });
    const tenant = client(clientCredentials(server.url, "cid", CLIENT_SECRET));
    const error = await rejectionOf(
      tenant.request("POST", PHONE_PATH, {
        operation: "create phone provider",
        body: { name: "vendor_a", credentials: { auth_token: AUTH_TOKEN } },
        secrets: [AUTH_TOKEN],
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^create phone provider failed: 400 Bad Request: x*/);
    for (const secret of [AUTH_TOKEN, ACCESS_TOKEN, CLIENT_SECRET]) expect(leakedPieces(error.message, secret)).toEqual([]);
    expect((error as ApiError).serviceMessage).not.toContain(AUTH_TOKEN.slice(0, 6));
  });

  it.each(offsets)("keeps the client secret out of an echoed token request, in every encoding (echo at %i)", async (offset) => {
    const server = await fakeServer((_req, body, res) => {
      const decoded = new URLSearchParams(body).get("client_secret") ?? "";
      const asciiJson = JSON.stringify(decoded).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      const echo = `${decoded} | ${body} | ${asciiJson} | ${encodeURIComponent(decoded).toLowerCase()}`;
      const message = "y".repeat(offset) + echo;
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "access_denied", error_description: message }));
    });
    const lines: string[] = [];
    const tenant = client(clientCredentials(server.url, "cid", CLIENT_SECRET), { logger: (line: string) => lines.push(line) });
    const error = await rejectionOf(tenant.request("GET", "/anything", { operation: "read something" }));
    expect(error.message).toContain("401 access_denied");
    expect(error.message).toContain("tenant:clientSecret");
    for (const text of [error.message, ...lines]) expect(leakedPieces(text, CLIENT_SECRET)).toEqual([]);
  });

  it("keeps a static API token out of a plain-text echo cut by the server", async () => {
    const apiToken = "static+Api/Token=&%\"ü-0123456789";
    const server = await fakeServer((req, _body, res) => {
      // A server cutting its own echo: only a middle piece of the token comes back.
      res.writeHead(403, { "content-type": "text/plain" }).end(`forbidden for ${(req.headers.authorization ?? "").slice(12, 25)}`);
    });
    const error = await rejectionOf(client(staticToken(server.url, apiToken)).request("GET", "/x", { operation: "read x" }));
    expect(error.message).toContain("403");
    expect(leakedPieces(error.message, apiToken)).toEqual([]);
  });

  it("keeps the secret fields of an answer (a ticket's id and link) out of a shape error", async () => {
    const ticketId = "Tk+9/=&%\"éTicketSecret0042";
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      const link = `https://login.example.com/guardian/enroll?ticket=${encodeURIComponent(ticketId)}`;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ticket_id: ticketId, ticket_url: link }));
    });
    const schema = z.object({ ticket_id: z.string().refine(() => false, { message: `not accepted: ${ticketId}` }), ticket_url: z.string() });
    const error = await rejectionOf(
      client(clientCredentials(server.url)).request("POST", "/guardian/enrollments/ticket", {
        operation: "create enrollment ticket",
        schema,
        secretResponseFields: ["ticket_id", "ticket_url"],
      }),
    );
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.message).toContain("ticket_id: not accepted: [redacted]");
    expect(leakedPieces(error.message, ticketId)).toEqual([]);
  });

  it("drops the AWS secret key the SNS credentials PUT echoes before its schema reads it, even when the call names no field", async () => {
    const awsSecret = 'Aw+s/=&%"éSecretAccessKey0042';
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ aws_secret_access_key: awsSecret, aws_region: "us-east-1" }));
    });
    const schema = z.object({ aws_secret_access_key: z.string().refine(() => false, { message: `not accepted: ${awsSecret}` }) });
    // The package's clients carry every definition's secret field names (the client names none itself).
    const error = await rejectionOf(
      client(clientCredentials(server.url), { secretFields: SECRET_FIELDS }).request("PUT", "/guardian/factors/push-notification/providers/sns", { operation: "set SNS", schema }),
    );
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.message).toContain("aws_secret_access_key: Invalid input: expected string, received undefined");
    expect(leakedPieces(error.message, awsSecret)).toEqual([]);
  });
});

describe("a request the HTTP library refuses before sending", () => {
  it("is reported as not sent, never ambiguous, and never retried", async () => {
    const server = await fakeServer((req, _body, res) => (req.url === "/oauth/token" ? tokenReply(res) : res.writeHead(200).end("{}")));
    const counter = sendCounter();
    const tenant = client(clientCredentials(server.url), { logger: counter.logger });
    const headers = { "service-custom-domain": "login.example.com\r\nx-injected: 1" };
    const post = await rejectionOf(tenant.request("POST", "/guardian/enrollments/ticket", { operation: "create enrollment ticket", headers }));
    expect(post).toBeInstanceOf(RequestNotSentError);
    expect(post).not.toBeInstanceOf(AmbiguousRequestError);
    expect(post.message).toMatch(/^create enrollment ticket failed before sending: .*nothing was sent to the service, and it was not retried\.$/);
    const get = await rejectionOf(tenant.request("GET", "/x", { operation: "read x", headers }));
    expect(get).toBeInstanceOf(RequestNotSentError);
    // The token request went out; neither API request did, and nothing was retried.
    expect(server.hits()).toBe(1);
    expect(counter.counts().retries).toBe(0);
  });
});

describe("response bodies are capped", () => {
  it("fails clearly on a success body past 1 MB", async () => {
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ provider: "x".repeat(1_100_000) }));
    });
    const error = await rejectionOf(client(clientCredentials(server.url)).request("GET", "/x", { operation: "read x", schema: z.object({ provider: z.string() }) }));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.message).toContain("the body is larger than 1 MB, the most the client reads");
  });

  it("stops reading an endless answer instead of holding it (success or error)", async () => {
    let written = 0;
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      // Chunked, no length: 64 KB at a time until the client hangs up or 50 MB are out.
      res.writeHead(req.url?.endsWith("/ok") ? 200 : 400, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = (): void => {
        while (!res.destroyed && written < 50 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on("close", () => res.destroy());
      pump();
    });
    const tenant = client(clientCredentials(server.url));
    const success = await rejectionOf(tenant.request("GET", "/ok", { operation: "read ok", schema: z.object({}) }));
    expect(success.message).toContain("larger than 1 MB");
    expect(written).toBeLessThan(8 * 1024 * 1024);
    written = 0;
    const failure = await rejectionOf(tenant.request("GET", "/bad", { operation: "read bad" }));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.message.length).toBeLessThan(500);
    expect(written).toBeLessThan(8 * 1024 * 1024);
  });
});

describe("answers read as undici's body.text() reads them", () => {
  it("drops a UTF-8 byte order mark before the JSON", async () => {
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      res.writeHead(200, { "content-type": "application/json" }).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"provider":"sns"}')]));
    });
    const result = await client(clientCredentials(server.url)).request("GET", "/x", { operation: "read x", schema: z.object({ provider: z.string() }) });
    expect(result).toEqual({ provider: "sns" });
  });

  it("waits past a 103 Early Hints for the real answer", async () => {
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      res.writeEarlyHints({ link: "</x>; rel=preload" });
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end('{"provider":"apns"}'), 20);
    });
    const result = await client(clientCredentials(server.url)).request("GET", "/x", { operation: "read x", schema: z.object({ provider: z.string() }) });
    expect(result).toEqual({ provider: "apns" });
  });

  it("keeps the start of an error body past 64 KB that declares its length, and fails with it", async () => {
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      const body = JSON.stringify({ statusCode: 400, error: "Bad Request", message: "first words" }) + " ".repeat(100 * 1024);
      res.writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
    });
    const error = await rejectionOf(client(clientCredentials(server.url)).request("GET", "/x", { operation: "read x" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^read x failed: 400 Bad Request/);
  });
});

describe("a server that refuses every token", () => {
  it("costs two tokens in all, not one per call: after a fresh token is refused, calls fail without sending", async () => {
    let tokenRequests = 0;
    let apiRequests = 0;
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") {
        tokenRequests++;
        return tokenReply(res, `tok-${tokenRequests}-abcdef`);
      }
      apiRequests++;
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ statusCode: 401, error: "Unauthorized", message: "Invalid token" }));
    });
    const tenant = client(clientCredentials(server.url));
    const errors: Error[] = [];
    for (let call = 0; call < 5; call++) errors.push(await rejectionOf(tenant.request("GET", "/x", { operation: "read x" })));
    expect(tokenRequests).toBe(2);
    expect(apiRequests).toBe(2);
    for (const error of errors) expect((error as ApiError).status).toBe(401);
    expect(errors[1].message).toContain("not sent: earlier in this run the service refused an access token");
  });
});

describe("what the client keeps as it is", () => {
  it("follows no redirect: a 3xx is a final answer and the other server sees nothing", async () => {
    const elsewhere = await fakeServer((_req, _body, res) => res.writeHead(200).end("{}"));
    const server = await fakeServer((req, _body, res) => {
      if (req.url === "/oauth/token") return tokenReply(res);
      res.writeHead(307, { location: `${elsewhere.url}/steal` }).end();
    });
    const error = await rejectionOf(client(clientCredentials(server.url)).request("PUT", "/x", { operation: "put x", body: { a: 1 } }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(307);
    expect(elsewhere.hits()).toBe(0);
  });

  it("verifies TLS: a certificate the system does not trust fails the call before any request", async () => {
    const certificate = await throwawayCertificate();
    cleanups.push(async () => certificate.dispose());
    let requests = 0;
    const server = createTlsServer({ key: certificate.key, cert: certificate.cert }, (_req, res) => {
      requests++;
      res.writeHead(200).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const error = await rejectionOf(client(staticToken(url, "static-token-123456"), { maxRetries: 0 }).request("GET", "/x", { operation: "read x" }));
    expect(error.name).toBe("NetworkError");
    expect(requests).toBe(0);
  });
});
