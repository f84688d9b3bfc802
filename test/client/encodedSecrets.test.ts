// A secret comes back encoded: base64 (either alphabet, padded or not), hex, inside Basic credentials after a user
// name of any length, or cut anywhere by the server; a URL-shaped secret comes back whole or in parts. Each is
// redacted like the raw form, and the scan that checks it decodes the text itself (test/support/encodedLeaks.ts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { TenantClient } from "../../provider/client";
import { redact } from "../../provider/client/redact";
import { leakedForms } from "../support/encodedLeaks";
import { FAST, clientCredentials, rejectionOf } from "./helpers";

const SECRET = 'Pw+d/=&%"é-Basic9kLmN';
const base64 = (text: string): string => Buffer.from(text, "utf8").toString("base64");
const base64url = (text: string): string => Buffer.from(text, "utf8").toString("base64url");
const hex = (text: string): string => Buffer.from(text, "utf8").toString("hex");

describe("a secret in base64 or hex", () => {
  it.each([
    ["base64", base64(SECRET)],
    ["base64 without padding", base64(SECRET).replace(/=+$/, "")],
    ["URL-safe base64", base64url(SECRET)],
    ["hex", hex(SECRET)],
    ["upper-case hex", hex(SECRET).toUpperCase()],
  ])("%s is redacted", (_label, encoded) => {
    const text = redact(`the value ${encoded} was refused`, [SECRET]);
    expect(text).toMatch(/^the value .*\[redacted\].* was refused$/);
    expect(leakedForms(text, SECRET)).toEqual([]);
  });

  // Each length puts the secret at another offset in base64's groups of three bytes.
  it.each([0, 1, 2, 3, 4, 5])("inside Basic credentials after a user name of %i characters, in either alphabet", (length) => {
    const credentials = `${"u".repeat(length)}:${SECRET}`;
    for (const encoded of [base64(credentials), base64url(credentials)]) {
      // Without the word "Basic", only the secret's own forms can find it.
      const text = redact(`credentials ${encoded} refused`, [SECRET]);
      expect(leakedForms(text, SECRET)).toEqual([]);
    }
  });

  it("Basic credentials nobody named are redacted by their shape; the words 'Basic authorization' are not", () => {
    const header = `Basic ${base64("alice:an-unknown-password-77")}`;
    expect(redact(`sent ${header}; Basic authorization failed`, [])).toBe("sent Basic [redacted]; Basic authorization failed");
  });

  it("any piece the server cut out of the encoding is redacted", () => {
    const encoders: Record<string, (text: string) => string> = {
      base64,
      base64url,
      hex,
      HEX: (text) => hex(text).toUpperCase(),
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."aZ09+/=&%\"é-_ .~Ø".split("")), minLength: 8, maxLength: 40 }),
        fc.string({ maxLength: 8 }),
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...Object.keys(encoders)),
        fc.nat(),
        fc.nat(),
        (secret, prefix, suffix, encoding, from, length) => {
          const encoded = encoders[encoding](prefix + secret + suffix);
          const start = from % encoded.length;
          const cut = encoded.slice(start, start + 1 + (length % encoded.length));
          const text = redact(`echo ${cut} end`, [secret]);
          expect(leakedForms(text, secret)).toEqual([]);
        },
      ),
      { numRuns: 1000, seed: 31 },
    );
  });

  it("forms too short to carry the shortest secret redact no ordinary text", () => {
    // A 4-character secret: its base64 at an offset of one or two bytes is 4 or 5 characters, which ids and words hold by chance.
    const secret = "seed";
    const offsetForms = [1, 2].map((offset) => base64("\0".repeat(offset) + secret + "\0\0").slice(offset === 1 ? 2 : 3, offset === 1 ? 6 : 8));
    const text = `stream est_${offsetForms.join("")}x, user seeded at 2026-11-27; Basic authorization required`;
    expect(redact(text, [secret])).toBe(text.replace("seed", "[redacted]"));
  });
});

describe("a secret written in base64 (an APNs certificate): the bytes it stands for", () => {
  // What a PKCS#12 file starts with (a DER SEQUENCE header, then version 3), then bytes of every value.
  const CERTIFICATE = Buffer.concat([Buffer.from("3082098f020103", "hex"), Buffer.from(Array.from({ length: 90 }, (_, index) => (index * 37 + 11) % 256))]);
  const P12 = CERTIFICATE.toString("base64");

  it.each([
    ["hex", CERTIFICATE.subarray(0, 16).toString("hex")],
    ["upper-case hex", CERTIFICATE.subarray(0, 16).toString("hex").toUpperCase()],
    ["URL-safe base64", CERTIFICATE.subarray(0, 30).toString("base64url")],
    ["base64 shifted by one byte", Buffer.concat([Buffer.from([0x41]), CERTIFICATE.subarray(0, 30)]).toString("base64")],
    ["base64 shifted by two bytes", Buffer.concat([Buffer.from([0x41, 0x42]), CERTIFICATE.subarray(0, 30)]).toString("base64")],
  ])("the first bytes quoted in %s are redacted", (_label, quoted) => {
    const text = redact(`could not parse the certificate: unexpected bytes ${quoted} at offset 0`, [P12]);
    expect(text).toMatch(/^could not parse the certificate: unexpected bytes .*\[redacted\].* at offset 0$/);
    expect(leakedForms(text, P12)).toEqual([]);
  });

  // 8 bytes: at any offset in base64's groups of three, 8 characters hold nothing but the secret's bits (secretForms.ts).
  it("a piece of 8 bytes or more cut anywhere out of the decoded bytes, in hex or base64, is redacted", () => {
    const encoders: Record<string, (bytes: Buffer) => string> = {
      hex: (bytes) => bytes.toString("hex"),
      base64: (bytes) => bytes.toString("base64"),
      base64url: (bytes) => bytes.toString("base64url"),
    };
    fc.assert(
      fc.property(fc.nat(CERTIFICATE.length - 8), fc.integer({ min: 8, max: 40 }), fc.nat(2), fc.constantFrom(...Object.keys(encoders)), (from, length, shift, encoding) => {
        const quoted = encoders[encoding](Buffer.concat([Buffer.alloc(shift, 0x20), CERTIFICATE.subarray(from, from + length)]));
        const text = redact(`bytes ${quoted} refused`, [P12]);
        expect(leakedForms(text, P12)).toEqual([]);
      }),
      { numRuns: 300, seed: 48 },
    );
  });

  it("the scan sees the decoded bytes, so the test above could fail", () => {
    expect(leakedForms(`bytes ${CERTIFICATE.subarray(10, 30).toString("hex")}`, P12)).toEqual(["hex of its decoded bytes"]);
  });

  it("a secret that is not base64 gets no decoded forms: ordinary text stays", () => {
    const text = "stream est_3082098f0201 and 000102030405";
    expect(redact(text, ["not-base64-secret!"])).toBe(text);
  });
});

describe("a URL-shaped secret (a webhook link as a header value, a ticket link)", () => {
  const HOOK = "https://hooks.example.com/services/T0AB12CD/B0XY98ZW/1b3f9c8e7d6a5b4c?sig=Zm9vYmFyQmF6#frag-Q1w2";
  const SECRET_PARTS = ["/services/T0AB12CD/B0XY98ZW/1b3f9c8e7d6a5b4c", "T0AB12CD", "B0XY98ZW", "1b3f9c8e7d6a5b4c", "Zm9vYmFyQmF6", "frag-Q1w2"];

  it.each([
    ["whole", HOOK],
    ["URL-encoded", encodeURIComponent(HOOK)],
    ["JSON-escaped with slashes escaped", JSON.stringify(HOOK).slice(1, -1).replace(/\//g, "\\/")],
    ["in base64", base64(`hook=${HOOK}`)],
  ])("%s: its path, query and fragment are redacted, its scheme and host stay readable", (label, echoed) => {
    const text = redact(`delivery to ${echoed} failed`, [HOOK]);
    if (label === "whole") expect(text).toBe("delivery to https://hooks.example.com[redacted] failed");
    for (const part of SECRET_PARTS) expect(leakedForms(text, part)).toEqual([]);
  });

  it("one segment, the query value or the fragment alone is redacted; the words of its path are not", () => {
    expect(redact("unknown channel B0XY98ZW; signature Zm9vYmFyQmF6; anchor frag-Q1w2", [HOOK])).toBe(
      "unknown channel [redacted]; signature [redacted]; anchor [redacted]",
    );
    const prose = "the services at hooks.example.com are down; see /services/status";
    expect(redact(prose, [HOOK])).toBe(prose);
  });

  it("user information in the URL is secret too", () => {
    const withUser = "https://bot:Xp9-pass-Q2@hooks.example.com/hooks/in";
    expect(redact(`posting to ${withUser}`, [withUser])).toBe("posting to https://[redacted]@hooks.example.com[redacted]");
  });
});

describe("through the client, against a server that echoes the Basic header it would send", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  it("no piece of the password shows in the error, at any offset of the echo", async () => {
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        if (req.url === "/oauth/token") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "tok-8c2d", expires_in: 60 }));
        const { username, password } = (JSON.parse(body) as { authorization: { username: string; password: string } }).authorization;
        const built = base64(`${username}:${password}`);
        // Cut by the server, and placed across the client's 300-character cut.
        const message = `${"w".repeat(270)} the endpoint refused ${built.slice(3)} (built as Basic ${built})`;
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ statusCode: 400, error: "Bad Request", message }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const tenant = new TenantClient(clientCredentials(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), { ...FAST, maxRetries: 0 });
    cleanups.push(() => tenant.close());
    for (const username of ["a", "ab", "abc"]) {
      const error = await rejectionOf(
        tenant.request("POST", "/event-streams", { operation: "create event stream", body: { authorization: { username, password: SECRET } }, secrets: [SECRET] }),
      );
      expect(error.message).toContain("400 Bad Request: wwww");
      expect(leakedForms(error.message, SECRET)).toEqual([]);
    }
  });
});
