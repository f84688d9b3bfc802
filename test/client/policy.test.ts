// Unit tests of the pure parts: error-body parsing, redaction, token caching (the retry decision has its own table).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import { ClientCredentialsTokenSource, StaticTokenSource, type TokenGrant } from "../../provider/client/auth";
import {
  AmbiguousRequestError,
  ApiError,
  NetworkError,
  RequestError,
  ResponseShapeError,
  isNotFound,
} from "../../provider/client";
import { parseErrorBody, parseSuccessBody } from "../../provider/client/responses";
import { redact } from "../../provider/client/redact";
import { resolveOptions } from "../../provider/client/options";

describe("responses", () => {
  it("reads the service envelope and the OAuth error shape", () => {
    expect(
      parseErrorBody('{"statusCode":409,"error":"Conflict","message":"Custom phone provider conflict."}', "Conflict"),
    ).toEqual({ error: "Conflict", errorCode: undefined, message: "Custom phone provider conflict." });
    expect(parseErrorBody('{"error":"access_denied","error_description":"Unauthorized"}', "Unauthorized")).toEqual({
      error: "access_denied",
      errorCode: undefined,
      message: "Unauthorized",
    });
    expect(parseErrorBody("<html>bad gateway</html>", "Bad Gateway")).toEqual({ error: "Bad Gateway", message: "(no details)" });
    expect(parseErrorBody("x".repeat(1000), "Error").message.length).toBeLessThan(310);
  });

  it("redacts known secrets, JWT-shaped strings and bearer values", () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    const text = redact(`secret=s3cr3t-value token ${jwt} header Bearer opaque-thing`, ["s3cr3t-value"]);
    expect(text).toBe("secret=[redacted] token [redacted] header Bearer [redacted]");
  });

  it("takes secrets out before cutting a message, so a cut never leaves a secret's first characters", () => {
    const secret = "Zq8/w+Re=9kLmN";
    const clean = (text: string): string => redact(text, [secret]);
    const body = JSON.stringify({ error: "Bad Request", message: `${"x".repeat(297)}${secret} tail` });
    expect(parseErrorBody(body, "Bad Request", clean).message).toBe(`${"x".repeat(297)}[re…`);
    expect(parseErrorBody(`${"p".repeat(298)}${secret}`, "Bad Request", clean).message).toBe(`${"p".repeat(298)}[r…`);
  });

  it("redacts every form of a secret and every piece of 6 characters or more of one", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."aZ09+/=&%\"é-_ .~".split("")), minLength: 8, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom<(value: string) => string>(
          (value) => value,
          encodeURIComponent,
          (value) => new URLSearchParams({ v: value }).toString().slice(2),
          (value) => JSON.stringify(value).slice(1, -1),
        ),
        (secret, from, length, encode) => {
          const form = encode(secret);
          const start = from % form.length;
          const piece = form.slice(start, start + 6 + (length % form.length));
          fc.pre(piece.length >= 6);
          const text = redact(`before ${piece} after`, [secret]);
          for (let at = 0; at + 6 <= form.length; at++) expect(text).not.toContain(form.slice(at, at + 6));
        },
      ),
      { numRuns: 500, seed: 22 },
    );
  });

  it("treats a secret URL's path, query and fragment as the secret and leaves its scheme and host readable", () => {
    const link = "https://login.example.com/guardian/enroll?ticket=Tk9w8eRq7yUi";
    expect(redact(`the link ${link} failed`, [link])).toBe("the link https://login.example.com[redacted] failed");
    expect(redact("ticket Tk9w8eRq7yUi", [link])).toBe("ticket [redacted]");
  });

  it("names the operation and field path of a shape mismatch", () => {
    const schema = z.object({ id: z.string(), configuration: z.object({ delivery_methods: z.array(z.string()) }) });
    const context = { operation: "create phone provider", method: "POST", path: "/api/v2/branding/phone/providers", status: 201 };
    let caught: unknown;
    try {
      parseSuccessBody('{"id":7,"configuration":{"delivery_methods":[1]}}', schema, context);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ResponseShapeError);
    const shapeError = caught as ResponseShapeError;
    expect(shapeError.operation).toBe("create phone provider");
    expect(shapeError.issues.map((issue) => issue.path)).toEqual(["id", "configuration.delivery_methods.0"]);
    expect(shapeError.message).toMatch(/^create phone provider failed: unexpected response .*id: .*configuration\.delivery_methods\.0: /);
    expect(() => parseSuccessBody("not json", schema, context)).toThrow(/\(root\): the body is not valid JSON/);
    expect(() => parseSuccessBody("", schema, context)).toThrow(/expected a JSON body, got an empty one/);
  });

  it("formats ApiError compactly and recognises 404s", () => {
    const error = new ApiError({
      status: 404,
      error: "Not Found",
      errorCode: "inexistent_user",
      serviceMessage: "The user does not exist.",
      method: "POST",
      path: "/api/v2/guardian/enrollments/ticket",
      operation: "create enrollment ticket",
    });
    expect(error.message).toBe(
      "create enrollment ticket failed: 404 Not Found: The user does not exist. (inexistent_user) [POST /api/v2/guardian/enrollments/ticket]",
    );
    expect(isNotFound(error)).toBe(true);
    expect(isNotFound(new Error("404"))).toBe(false);
  });
});

describe("errors", () => {
  it("share one RequestError base that carries the request, status and error code", () => {
    const where = { operation: "create phone provider", method: "POST", path: "/api/v2/branding/phone/providers" };
    const errors: [RequestError, number | undefined, string | undefined][] = [
      [new ApiError({ ...where, status: 409, errorCode: "conflict", serviceMessage: "exists" }), 409, "conflict"],
      [new AmbiguousRequestError({ ...where, reason: "503 Service Unavailable", status: 503 }), 503, undefined],
      [new AmbiguousRequestError({ ...where, reason: "connection reset" }), undefined, undefined],
      [new NetworkError({ ...where, reason: "connection refused", attempts: 3 }), undefined, undefined],
      [new ResponseShapeError({ ...where, status: 201, issues: [{ path: "id", message: "expected string" }] }), 201, undefined],
    ];
    for (const [error, status, errorCode] of errors) {
      expect(error).toBeInstanceOf(RequestError);
      expect(error).toMatchObject({ ...where, status, errorCode });
      expect(error.message).toMatch(/^create phone provider failed/);
      expect(error.message).toContain("[POST /api/v2/branding/phone/providers]");
    }
    expect(errors.map(([error]) => error.name)).toEqual([
      "ApiError",
      "AmbiguousRequestError",
      "AmbiguousRequestError",
      "NetworkError",
      "ResponseShapeError",
    ]);
  });
});

describe("token sources", () => {
  function manualClock(start: number): { now: () => number; advance: (ms: number) => void } {
    let current = start;
    return { now: () => current, advance: (ms) => (current += ms) };
  }

  it("shares one in-flight fetch among concurrent callers and caches until the skew", async () => {
    const clock = manualClock(1_000_000);
    let fetches = 0;
    const fetchGrant = async (): Promise<TokenGrant> => {
      fetches++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { accessToken: `token-${fetches}`, expiresInSeconds: 100 };
    };
    const source = new ClientCredentialsTokenSource("secret", fetchGrant, 10_000, clock.now);
    const headers = await Promise.all(Array.from({ length: 20 }, () => source.authorization()));
    expect(new Set(headers)).toEqual(new Set(["Bearer token-1"]));
    expect(fetches).toBe(1);
    clock.advance(89_999);
    expect(source.cachedAuthorization(clock.now())).toBe("Bearer token-1");
    clock.advance(1);
    expect(source.cachedAuthorization(clock.now())).toBeUndefined();
    expect(await source.authorization()).toBe("Bearer token-2");
  });

  it("uses at most half a short token's lifetime as skew", async () => {
    const clock = manualClock(0);
    const source = new ClientCredentialsTokenSource("secret", async () => ({ accessToken: "t", expiresInSeconds: 2 }), 10_000, clock.now);
    await source.authorization();
    clock.advance(999);
    expect(source.cachedAuthorization(clock.now())).toBe("Bearer t");
    clock.advance(1);
    expect(source.cachedAuthorization(clock.now())).toBeUndefined();
  });

  it("drops a rejected token once; a static token cannot be refreshed", async () => {
    let fetches = 0;
    const source = new ClientCredentialsTokenSource("secret", async () => ({ accessToken: `t${++fetches}`, expiresInSeconds: 100 }), 0);
    const first = await source.authorization();
    expect(source.renewable).toBe(true);
    source.rejected(first);
    const second = await source.authorization();
    expect(second).toBe("Bearer t2");
    source.rejected(first); // a late 401 for the old token must not evict the new one
    expect(source.cachedAuthorization(Date.now())).toBe("Bearer t2");
    expect(new StaticTokenSource("abc").renewable).toBe(false);
  });

  it("shares a failed fetch's error and tries again on the next call", async () => {
    let fetches = 0;
    const source = new ClientCredentialsTokenSource(
      "secret",
      async () => {
        fetches++;
        if (fetches === 1) throw new Error("denied");
        return { accessToken: "ok", expiresInSeconds: 100 };
      },
      0,
    );
    const results = await Promise.allSettled([source.authorization(), source.authorization()]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(await source.authorization()).toBe("Bearer ok");
    expect(fetches).toBe(2);
  });
});

describe("options", () => {
  it("fills defaults and names a bad option", () => {
    expect(resolveOptions({ maxRetries: 1 }).deadlineMs).toBe(120_000);
    expect(resolveOptions(undefined).userAgent).toMatch(/^pulumi-tenant\/\d+\.\d+\.\d+/);
    expect(() => resolveOptions({ deadlineMs: -1 })).toThrow(/deadlineMs/);
  });
});
