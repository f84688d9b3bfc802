// Token attacks: every /api/v2 call needs a valid bearer, else 401 (and nothing changes).
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { call, loadJose, PUSH_PATH, useEmulator, type Jose } from "./support";

function expect401(res: { status: number; body: unknown }, message: string): void {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ statusCode: 401, error: "Unauthorized", message, attributes: { error: message } });
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("bearer tokens on /api/v2", () => {
  const ctx = useEmulator();
  let jose: Jose;
  beforeAll(async () => {
    jose = await loadJose();
  });

  /** Claims a genuine token would carry, for tokens signed elsewhere. */
  const genuineClaims = () => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: `${ctx.emulator.url}/`,
      sub: "demo@clients",
      aud: `${ctx.emulator.url}/api/v2/`,
      azp: "demo",
      scope: "read:guardian_factors update:guardian_factors",
      gty: "client-credentials",
      iat: now,
      exp: now + 600,
    };
  };
  const put = (authorization?: string) =>
    call(ctx.emulator, "PUT", PUSH_PATH, {
      body: { provider: "sns" },
      headers: authorization === undefined ? {} : { authorization },
    });

  it("a genuine token passes", async () => {
    expect((await put(`Bearer ${ctx.token}`)).status).toBe(200);
  });

  it("no Authorization header: 401 Missing authentication", async () => {
    const res = await put();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, error: "Unauthorized", message: "Missing authentication" });
  });

  it.each(["Basic ZGVtbzpkZW1vLXNlY3JldA==", "Bearer", "Bearer ", "Token abc", "Bearer a b"])(
    "malformed header %j: 401 Bad HTTP authentication header format",
    async (header) => {
      expect401(await put(header), "Bad HTTP authentication header format");
    },
  );

  it.each(["not-a-jwt", "a.b", "a.b.c.d", "eyJ.eyJ.sig"])("a bearer value that is no JWT (%s): 401 Invalid token", async (value) => {
    expect401(await put(`Bearer ${value}`), "Invalid token");
  });

  it("alg none: 401 Invalid token", async () => {
    const unsigned = new jose.UnsecuredJWT(genuineClaims()).encode();
    expect401(await put(`Bearer ${unsigned}`), "Invalid token");
  });

  it("a tampered payload under the genuine signature: 401 invalid signature", async () => {
    const [header, , signature] = ctx.token.split(".");
    const claims = { ...jose.decodeJwt(ctx.token), sub: "admin@clients" };
    expect401(await put(`Bearer ${header}.${base64url(claims)}.${signature}`), "Invalid signature received for JSON Web Token validation.");
  });

  it("a token signed with another RS256 key: 401 invalid signature", async () => {
    const { privateKey } = await jose.generateKeyPair("RS256");
    const forged = await new jose.SignJWT(genuineClaims()).setProtectedHeader({ alg: "RS256", typ: "JWT" }).sign(privateKey);
    expect401(await put(`Bearer ${forged}`), "Invalid signature received for JSON Web Token validation.");
  });

  it("an HS256 token (algorithm confusion): 401 Invalid token", async () => {
    const forged = await new jose.SignJWT(genuineClaims())
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("a-shared-secret-of-enough-length-32b"));
    expect401(await put(`Bearer ${forged}`), "Invalid token");
  });

  it("the emulator's own signature with a wrong audience or issuer: 401 Invalid token", async () => {
    const wrongAudience = await ctx.emulator.issueToken("demo", { audience: "https://other.example.com/api/v2/" });
    expect401(await put(`Bearer ${wrongAudience}`), "Invalid token");
    const wrongIssuer = await ctx.emulator.issueToken("demo", { issuer: "https://other.example.com/" });
    expect401(await put(`Bearer ${wrongIssuer}`), "Invalid token");
  });

  it("an expired token: 401 Expired token", async () => {
    const expired = await ctx.emulator.issueToken("demo", { expiresInSeconds: -1 });
    expect401(await put(`Bearer ${expired}`), "Expired token received for JSON Web Token validation");
  });

  it("a not-yet-valid token (nbf in the future): 401 Invalid token", async () => {
    const early = await ctx.emulator.issueToken("demo", { notBeforeSeconds: 120 });
    expect401(await put(`Bearer ${early}`), "Invalid token");
  });

  it("a token that expires after it was verified and cached is rejected", async () => {
    // Two seconds, so at least one second of validity remains for the first call whatever the clock's phase.
    const shortLived = await ctx.emulator.issueToken("demo", { expiresInSeconds: 2 });
    const exp = jose.decodeJwt(shortLived).exp!;
    expect((await put(`Bearer ${shortLived}`)).status).toBe(200);
    await sleep(Math.max(0, exp * 1000 - Date.now()) + 50);
    expect401(await put(`Bearer ${shortLived}`), "Expired token received for JSON Web Token validation");
  });

  it("rejected calls change nothing", async () => {
    await put("Bearer not-a-jwt");
    await put();
    expect(ctx.emulator.state.pushProvider).toBe("guardian");
  });

  it("the token check comes before body validation", async () => {
    const res = await call(ctx.emulator, "PUT", PUSH_PATH, { raw: "{broken", headers: {} });
    expect(res.status).toBe(401);
  });
});
