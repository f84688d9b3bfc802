// A service that quotes the request in its error messages (some validation errors do): through the real
// handlers, no secret input of the resource, nor the client's credentials, shows in what the user sees.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/phoneProvider/handler";
import { encodedForms } from "../../provider/client/redact";
import { blankTenantEnv, configureRequest, rejectionOf } from "./harness";

const CLIENT_SECRET = 'cl+i/e=n&t%s"eé-4Rt7';
const AUTH_TOKEN = 'Ø9Kp2Lm"t%o&k=e/n+a-Wq';

let server: Server;
let requests = 0;

beforeAll(async () => {
  blankTenantEnv();
  server = createServer((req, res) => {
    requests++;
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.url === "/oauth/token") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "echo-access-token-1234", expires_in: 60 }));
        return;
      }
      // Quotes the token it was sent (or, for a GET or DELETE, remembers from the create) across the message's
      // 300-character cut, then the payload in a few encodings.
      const token = body === "" ? AUTH_TOKEN : (JSON.parse(body) as { credentials: { auth_token: string } }).credentials.auth_token;
      const message = `${"v".repeat(288)}${token} ${body} ${JSON.stringify(body)} ${encodeURIComponent(body)}`;
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ statusCode: 400, error: "Bad Request", message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await handler.configure(configureRequest({ "tenant:domain": url, "tenant:clientId": "echo-client", "tenant:clientSecret": CLIENT_SECRET }));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  vi.unstubAllEnvs();
});

function leaked(text: string, secret: string): string[] {
  const pieces: string[] = [];
  for (const form of encodedForms(secret)) {
    for (let start = 0; start + 6 <= form.length; start++) if (text.includes(form.slice(start, start + 6))) pieces.push(form.slice(start, start + 6));
  }
  return pieces;
}

const inputs = {
  name: "vendor_a",
  credentials: { authToken: AUTH_TOKEN },
  configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+15550100" },
};
const stored = { ...inputs, disabled: false, adoptExisting: false, schemaVersion: 1 };

describe("a phone provider call answered by an echo of its request", () => {
  it.each([
    ["create", () => handler.create(inputs)],
    ["update", () => handler.update("pro_3UzyS4veHQLMTCt3EzXgTt", stored, inputs)],
    ["read", () => handler.read("pro_3UzyS4veHQLMTCt3EzXgTt", stored)],
    ["delete", () => handler.delete("pro_3UzyS4veHQLMTCt3EzXgTt", stored)],
  ])("%s fails without any piece of the auth token or the client secret", async (_name, call) => {
    const before = requests;
    const error = await rejectionOf(call());
    expect(requests).toBeGreaterThan(before);
    expect(error.message).toContain("400 Bad Request: vvvv");
    expect(leaked(error.message, AUTH_TOKEN)).toEqual([]);
    expect(leaked(error.message, CLIENT_SECRET)).toEqual([]);
  });
});
