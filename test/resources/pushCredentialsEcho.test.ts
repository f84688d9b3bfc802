// A hostile service for the push-notification credentials: one that quotes the request (the AWS secret key, the
// APNs certificate, the FCM service account) in its error messages, across the client's message cut and in
// several encodings, and one that answers the SNS PUT with the echoed secret beside a malformed field. Through
// the real handlers, no piece of any secret shows in what the user sees.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as apns from "../../provider/resources/apnsPushProvider/handler";
import * as fcm from "../../provider/resources/fcmPushProvider/handler";
import * as sns from "../../provider/resources/snsPushProvider/handler";
import { blankTenantEnv, configureRequest, rejectionOf } from "./harness";

// Characters that change under every encoding (+ / = & % " and non-ASCII letters).
const AWS_SECRET = 'Aw+s/Se=cr&et%Ke"y-Ék9Lq';
const P12 = Buffer.from('p12+/=&%"-certificate-bytes-Üb7').toString("base64");
const FCM_PRIVATE_KEY = 'Fc+m/Pr=iv&at%e"Ke-Ø4y';
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", private_key: FCM_PRIVATE_KEY });
/** What the service holds for each path, and may quote (the scan looks for the service account's private key). */
const HELD: Record<string, string> = { sns: AWS_SECRET, apns: P12, fcmv1: SERVICE_ACCOUNT };
const SECRETS = { "AWS secret key": AWS_SECRET, "APNs certificate": P12, "FCM private key": FCM_PRIVATE_KEY };

let server: Server;
let host = "";
let mode: "quote" | "malformed-echo" = "quote";

beforeAll(async () => {
  blankTenantEnv();
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.url === "/oauth/token") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "echo-access-token-1234", expires_in: 60 }));
        return;
      }
      if (mode === "malformed-echo") {
        // 200 with the secret echoed as the service does, and a field of the wrong type: the answer fails its schema.
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ aws_secret_access_key: AWS_SECRET, aws_region: 5 }));
        return;
      }
      // Quotes the secret it holds for this path across the message's 300-character cut, then the payload in a few
      // encodings (a GET has none: the held secret stands for it).
      const known = HELD[String(req.url).split("/").pop() ?? ""] ?? "";
      const message = `${"v".repeat(290)}${known} ${body} ${JSON.stringify(body)} ${encodeURIComponent(body)}`;
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ statusCode: 400, error: "Bad Request", message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host = new URL(url).host;
  const config = configureRequest({ "tenant:domain": url, "tenant:clientId": "echo-client", "tenant:clientSecret": "echo-client-secret-1" });
  for (const handler of [sns, apns, fcm]) await handler.configure(config);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  vi.unstubAllEnvs();
});

/** Any 6 consecutive characters of a secret in any of the forms a server may echo it in. */
function leakedPieces(text: string): string[] {
  const pieces: string[] = [];
  for (const [name, secret] of Object.entries(SECRETS)) {
    const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), new URLSearchParams({ s: secret }).toString().slice(2)];
    for (const form of forms) {
      for (let start = 0; start + 6 <= form.length; start++) {
        if (text.includes(form.slice(start, start + 6))) pieces.push(`${name}: ${start}`);
      }
    }
  }
  return pieces;
}

const snsInputs = { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: AWS_SECRET, awsRegion: "us-west-2" };
const snsStored = { ...snsInputs, awsRegion: "us-west-2", snsApnsPlatformApplicationArn: null, snsGcmPlatformApplicationArn: null, schemaVersion: 1 };
const apnsInputs = { bundleId: "com.example.app", p12: P12 };
const apnsStored = { ...apnsInputs, sandbox: false, schemaVersion: 1 };
const fcmInputs = { serverCredentials: SERVICE_ACCOUNT };
const fcmStored = { ...fcmInputs, schemaVersion: 1 };

describe("a service that quotes the push credentials in its errors", () => {
  it.each([
    ["SNS create", () => sns.create(snsInputs)],
    ["SNS update", () => sns.update(host, snsStored, { ...snsInputs, awsRegion: "eu-west-1" })],
    ["SNS read", () => sns.read(host, snsStored)],
    ["APNs create", () => apns.create(apnsInputs)],
    ["APNs update", () => apns.update(host, apnsStored, { ...apnsInputs, sandbox: true })],
    ["APNs read", () => apns.read(host, apnsStored)],
    ["FCM v1 create", () => fcm.create(fcmInputs)],
    ["FCM v1 update", () => fcm.update(host, fcmStored, fcmInputs)],
  ])("%s fails with the service's message and no piece of any secret", async (_name, call) => {
    mode = "quote";
    const error = await rejectionOf(call());
    expect(error.message).toContain("400 Bad Request: vvvv");
    expect(leakedPieces(error.message)).toEqual([]);
  });

  it("an SNS delete refused with the secrets quoted is reported without them, and succeeds", async () => {
    mode = "quote";
    const notices: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      notices.push(String(chunk));
      return true;
    });
    try {
      // Create found no configuration: destroy clears the one it set, and the service refuses.
    const foundNone = { awsAccessKeyId: null, awsRegion: null, snsApnsPlatformApplicationArn: null, snsGcmPlatformApplicationArn: null };
    await expect(sns.delete(host, { ...snsStored, previousConfiguration: foundNone })).resolves.toBeUndefined();
    } finally {
      write.mockRestore();
    }
    expect(notices.join("")).toContain("400 Bad Request: vvvv");
    expect(leakedPieces(notices.join(""))).toEqual([]);
  });
});

describe("an SNS answer that echoes the secret beside a malformed field", () => {
  it.each([
    ["create", () => sns.create(snsInputs)],
    ["update", () => sns.update(host, snsStored, snsInputs)],
  ])("%s fails on the answer's shape without the echoed secret", async (_name, call) => {
    mode = "malformed-echo";
    const error = await rejectionOf(call());
    expect(error.message).toMatch(/aws_region/);
    expect(leakedPieces(error.message)).toEqual([]);
  });
});
