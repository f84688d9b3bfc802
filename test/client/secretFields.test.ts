// Secrets known by their field, not by the call: the client is given the wire names of every secret field
// (`secretFields`), drops the write-only ones from every answer before its schema reads it, wraps the returned ones
// (Duo's secret key) so a handler can use but never show or keep them, and keeps the value of every named field out
// of every message built from an answer — 2xx or not, JSON or text, known to the call or not.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, ResponseShapeError, TenantClient, getClient, type ClientOptions } from "../../provider/client";
import { ReturnedSecret } from "../../provider/client/returnedSecret";
import type { SecretFieldNames } from "../../provider/client/secretFields";
import { leakedSecrets } from "../support/encodedLeaks";
import { FAST, clientCredentials, rejectionOf } from "./helpers";

/** Values no call below knows: only their field names can find them. */
const AWS_SECRET = "Aw+s/Se=cr&etKey%9Lq-Tz";
const HEADER_VALUE = "Hv+a/lu=e&Sec%ret-4Xw";
const AUTH_TOKEN = "At+ok/en=Sms&Tw%il-8Pz";
const PASSWORD = "Pa+ss/wo=rd&Bas%ic-2Mn";
const TICKET_ID = "Tk9w8eRq7yUi0042";
const TICKET_URL = `https://login.example.com/guardian/enroll?ticket=${TICKET_ID}`;
/** Duo's secret key: the service returns it in clear. */
const DUO_KEY = "Du+o/sK=ey&Ret%urned-6Vb";
/** What is scanned for: a ticket link's host stays readable, its ticket is the secret. */
const SECRETS = { "AWS secret": AWS_SECRET, "header value": HEADER_VALUE, "auth token": AUTH_TOKEN, password: PASSWORD, "ticket in a link": TICKET_ID, "Duo key": DUO_KEY };

const FIELDS: SecretFieldNames = {
  writeOnly: ["aws_secret_access_key", "token", "password", "header_value", "auth_token", "server_credentials"],
  outputs: ["ticket_url"],
  returned: ["skey"],
};

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const json = (res: ServerResponse, status: number, body: unknown): void =>
  void res.writeHead(status, { "content-type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));

/** A tenant whose token endpoint works and whose API gives `answer`; a client of it with `options`. */
async function tenantAnswering(answer: Answer, options: Partial<ClientOptions> = { secretFields: FIELDS }): Promise<TenantClient> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => (req.url === "/oauth/token" ? json(res, 200, { access_token: "tok-5d1e0c9a7b", expires_in: 3600 }) : answer(req, res)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const tenant = new TenantClient(clientCredentials(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), { ...FAST, maxRetries: 0, ...options });
  cleanups.push(() => tenant.close());
  return tenant;
}

const streamAnswer = {
  id: "est_1",
  header_value: HEADER_VALUE,
  destination: { type: "webhook", configuration: { webhook_authorization: { method: "bearer", token: AUTH_TOKEN }, webhook_endpoint: "https://hooks.example.com/in" } },
  history: [{ password: PASSWORD, kept: "yes" }],
};
const streamSchema = z.object({
  id: z.string(),
  header_value: z.string().optional(),
  destination: z.object({
    type: z.string(),
    configuration: z.object({ webhook_authorization: z.object({ method: z.string(), token: z.string().optional() }), webhook_endpoint: z.string() }),
  }),
  history: z.array(z.object({ password: z.string().optional(), kept: z.string() })),
});

describe("write-only secret fields are dropped from an answer on arrival", () => {
  it("at any depth, before a schema that declares them reads the answer (the compiled reader's path)", async () => {
    const tenant = await tenantAnswering((_req, res) => json(res, 200, streamAnswer));
    const result = await tenant.request("GET", "/event-streams/est_1", { operation: "get event stream", schema: streamSchema });
    expect(result).toEqual({
      id: "est_1",
      destination: { type: "webhook", configuration: { webhook_authorization: { method: "bearer" }, webhook_endpoint: "https://hooks.example.com/in" } },
      history: [{ kept: "yes" }],
    });
  });

  it("also where zod reads the answer (a schema the compiled reader hands to zod) and in a passed-through object", async () => {
    const tenant = await tenantAnswering((_req, res) => json(res, 200, streamAnswer));
    const schema = z.object({ id: z.string().refine((id) => id.startsWith("est_")), destination: z.record(z.string(), z.unknown()) });
    const result = await tenant.request("GET", "/event-streams/est_1", { operation: "get event stream", schema });
    expect(JSON.stringify(result)).not.toContain(AUTH_TOKEN);
    expect(result.destination).toMatchObject({ configuration: { webhook_authorization: { method: "bearer" } } });
  });

  it("in an answer nested 100,000 deep, which JSON.parse reads but a recursive walk could not", async () => {
    const depth = 100_000;
    const deep = `${'{"next":'.repeat(depth)}{"token":"${AUTH_TOKEN}"}${"}".repeat(depth)}`;
    const tenant = await tenantAnswering((req, res) => json(res, req.method === "GET" ? 200 : 400, `{"id":"est_1","deep":${deep}}`));
    expect(await tenant.request("GET", "/deep", { operation: "read deep", schema: z.object({ id: z.string() }) })).toEqual({ id: "est_1" });
    const error = await rejectionOf(tenant.request("PUT", "/deep", { operation: "write deep" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^write deep failed: 400 Bad Request: \{"id":"est_1","deep":\{"next":/);
  });

  it("keeps secret outputs (a ticket's link) in the answer, and keeps everything when the client names no field", async () => {
    const answer = { ticket_id: TICKET_ID, ticket_url: TICKET_URL, token: AUTH_TOKEN };
    const schema = z.object({ ticket_id: z.string(), ticket_url: z.string(), token: z.string().optional() });
    const named = await tenantAnswering((_req, res) => json(res, 200, answer));
    expect(await named.request("POST", "/guardian/enrollments/ticket", { operation: "create enrollment ticket", schema })).toEqual({
      ticket_id: answer.ticket_id,
      ticket_url: TICKET_URL,
    });
    const unnamed = await tenantAnswering((_req, res) => json(res, 200, answer), {});
    expect(await unnamed.request("POST", "/guardian/enrollments/ticket", { operation: "create enrollment ticket", schema })).toEqual(answer);
  });
});

describe("a returned secret (Duo's skey) arrives wrapped: usable by the handler, never readable as text", () => {
  const duoSchema = z.object({ ikey: z.string(), skey: z.instanceof(ReturnedSecret).optional(), host: z.string() });

  it("the parsed answer holds it as a ReturnedSecret that matches the value, prints and serializes as [redacted]", async () => {
    const tenant = await tenantAnswering((_req, res) => json(res, 200, { ikey: "DIXXXX", skey: DUO_KEY, host: "api-1.example.com", nested: [{ skey: DUO_KEY }] }));
    const answer = await tenant.request("GET", "/guardian/factors/duo/settings", { operation: "get Duo settings", schema: duoSchema });
    expect(answer.skey).toBeInstanceOf(ReturnedSecret);
    expect(answer.skey?.matches(DUO_KEY)).toBe(true);
    expect(answer.skey?.matches(`${DUO_KEY}x`)).toBe(false);
    const shown = [JSON.stringify(answer), `${String(answer.skey)}`, (await import("node:util")).inspect(answer, { depth: 5 }), JSON.stringify({ ...answer })];
    for (const text of shown) expect(leakedSecrets(text, SECRETS)).toEqual([]);
    expect(JSON.stringify(answer)).toBe('{"ikey":"DIXXXX","skey":"[redacted]","host":"api-1.example.com"}');
  });

  it("a value that is not a string in its place is dropped, not wrapped", async () => {
    const tenant = await tenantAnswering((_req, res) => json(res, 200, { ikey: "DIXXXX", skey: { value: DUO_KEY }, host: "h" }));
    expect(await tenant.request("GET", "/duo", { operation: "get Duo settings", schema: duoSchema })).toEqual({ ikey: "DIXXXX", host: "h" });
  });

  it("sent back in a request body, it goes out as its value, and the call's errors never show it, in any form", async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        if (req.url === "/oauth/token") return json(res, 200, { access_token: "tok-5d1e0c9a7b", expires_in: 3600 });
        if (req.method === "GET") return json(res, 200, { ikey: "DIXXXX", skey: DUO_KEY, host: "h" });
        bodies.push(body);
        // Echoes in prose, which no field name joins: only the call's knowledge of what it sent finds them.
        const sent = (JSON.parse(body) as { skey: string }).skey;
        json(res, 400, { statusCode: 400, error: "Bad Request", message: `the key ${sent.slice(2, 12)} (${Buffer.from(sent).toString("hex")}) was refused` });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const tenant = new TenantClient(clientCredentials(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), { ...FAST, maxRetries: 0, secretFields: FIELDS });
    cleanups.push(() => tenant.close());

    const live = await tenant.request("GET", "/duo", { operation: "get Duo settings", schema: duoSchema });
    const error = await rejectionOf(tenant.request("PUT", "/duo", { operation: "set Duo settings", body: { ikey: "DIXXXX", skey: live.skey, host: "h" } }));
    expect(bodies).toEqual([`{"ikey":"DIXXXX","skey":${JSON.stringify(DUO_KEY)},"host":"h"}`]);
    expect(error.message).toMatch(/^set Duo settings failed: 400 Bad Request: the key \[redacted\] \(\[redacted\]\) was refused/);
    expect(leakedSecrets(error.message, SECRETS)).toEqual([]);
  });
});

describe("the value of a secret field never reaches a message built from an answer", () => {
  it("a 500 whose JSON holds secret fields the call never knew (an import's, a refresh's)", async () => {
    const body = { statusCode: 500, aws_access_key_id: "AKIAEXAMPLE", aws_secret_access_key: AWS_SECRET, stream: streamAnswer, ticket_url: TICKET_URL };
    const tenant = await tenantAnswering((_req, res) => json(res, 500, body));
    const error = await rejectionOf(tenant.request("GET", "/guardian/factors/push-notification/providers/sns", { operation: "get SNS push credentials" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/^get SNS push credentials failed: 500 Internal Server Error: .*AKIAEXAMPLE/);
    expect(leakedSecrets(error.message, SECRETS)).toEqual([]);
  });

  it("an error whose message quotes, in prose, the value one of its secret fields holds", async () => {
    const message = `could not use ${AWS_SECRET} in us-east-1; delivery with ${HEADER_VALUE} failed`;
    const body = { statusCode: 409, error: "Conflict", message, aws_secret_access_key: AWS_SECRET, stream: { header_value: HEADER_VALUE } };
    const tenant = await tenantAnswering((_req, res) => json(res, 409, body));
    const error = await rejectionOf(tenant.request("GET", "/x", { operation: "read x" }));
    expect(error.message).toBe("read x failed: 409 Conflict: could not use [redacted] in us-east-1; delivery with [redacted] failed [GET /api/v2/x]");
  });

  it.each([
    ["joined by = (form-like)", `aws_secret_access_key=${AWS_SECRET}&aws_region=us-east-1`],
    ["joined by a space, the name having an underscore", `aws_secret_access_key ${AWS_SECRET} is not valid`],
    // Values with spaces and quotes inside: only reading the quoting finds their end.
    ["quoted JSON", `invalid body ${JSON.stringify({ header_value: `${HEADER_VALUE} "${PASSWORD}"`, x: 1 })}`],
    ["JSON inside a JSON string", `invalid body ${JSON.stringify(JSON.stringify({ auth_token: `${AUTH_TOKEN} with "quotes" ${PASSWORD}` }))}`],
    ["a name in capitals, joined by a colon", `PASSWORD: ${PASSWORD} rejected`],
    ["single-quoted, as a Python repr", `{'token': '${AUTH_TOKEN} ${PASSWORD}'}`],
    ["an object", `server_credentials={"type": "service_account", "private_key": "${AUTH_TOKEN} ${PASSWORD}"} was refused`],
    ["URL-encoded", `body was auth_token%3D${encodeURIComponent(AUTH_TOKEN)}`],
    ["a secret output", `ticket_url: ${TICKET_URL}`],
  ])("a 400 in text quoting a value it names, %s", async (_label, quoted) => {
    // Whole within the 300-character cut, so the message shows what replaced the value.
    const message = `${"v".repeat(180)} ${quoted}`;
    const tenant = await tenantAnswering((_req, res) => void res.writeHead(400, { "content-type": "text/plain" }).end(message));
    const error = await rejectionOf(tenant.request("PATCH", "/guardian/factors/push-notification/providers/sns", { operation: "update SNS push credentials" }));
    expect(error.message).toContain("400 Bad Request: vvvv");
    expect(error.message).toContain("[redacted]");
    expect(leakedSecrets(error.message, SECRETS)).toEqual([]);
  });

  it("a 2xx answer that fails its schema, its message quoting a secret field's value", async () => {
    const tenant = await tenantAnswering((_req, res) => json(res, 200, { stream: { header_value: HEADER_VALUE }, ticket_url: TICKET_URL }));
    const schema = z.object({ ticket_url: z.string().refine(() => false, { message: `not accepted: ${TICKET_URL} for ${HEADER_VALUE}` }) });
    const error = await rejectionOf(tenant.request("GET", "/x", { operation: "read x", schema }));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.message).toContain("ticket_url: not accepted: ");
    expect(leakedSecrets(error.message, SECRETS)).toEqual([]);
  });

  it("leaves prose and the package's own words alone: a bare token or password followed by a word", async () => {
    const prose = "token expired; the password is too short; a header_key was given; token_type must be Bearer";
    const tenant = await tenantAnswering((_req, res) => json(res, 400, { statusCode: 400, error: "Bad Request", message: prose }));
    const error = await rejectionOf(tenant.request("GET", "/x", { operation: "obtain an access token" }));
    expect(error.message).toBe(`obtain an access token failed: 400 Bad Request: ${prose} [GET /api/v2/x]`);
  });
});

describe("getClient", () => {
  it("shares a client between callers naming the same secret fields, never between callers naming different ones", async () => {
    const settings = clientCredentials("http://127.0.0.1:9", "fields-client", "fields-secret-7a1c");
    const first = getClient(settings, { secretFields: FIELDS });
    cleanups.push(() => first.close());
    const reordered = { writeOnly: [...FIELDS.writeOnly].reverse(), outputs: [...FIELDS.outputs, "ticket_url"], returned: ["skey", "skey"] };
    expect(getClient(settings, { secretFields: reordered })).toBe(first);
    const unwrapping = getClient(settings, { secretFields: { ...FIELDS, returned: [] } });
    cleanups.push(() => unwrapping.close());
    expect(unwrapping).not.toBe(first);
    const other = getClient(settings, { secretFields: { writeOnly: ["token"], outputs: [] } });
    cleanups.push(() => other.close());
    expect(other).not.toBe(first);
    const none = getClient(settings);
    cleanups.push(() => none.close());
    expect(none).not.toBe(first);
    expect(getClient(settings, { secretFields: { writeOnly: [], outputs: [] } })).toBe(none);
  });
});
