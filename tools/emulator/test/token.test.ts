// POST /oauth/token: client credentials as JSON or form, claims of the issued JWT, OAuth-style errors.
import { beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_SCOPES } from "..";
import { call, loadJose, PUSH_PATH, useEmulator, type Jose, type Json } from "./support";

describe("token endpoint", () => {
  const ctx = useEmulator({
    clients: [
      { id: "demo", secret: "demo-secret" },
      { id: "narrow", secret: "narrow-secret", scopes: ["read:guardian_factors", "read:event_streams"] },
    ],
    tokenTtlSeconds: 600,
  });
  let jose: Jose;
  beforeAll(async () => {
    jose = await loadJose();
  });
  const audience = (): string => `${ctx.emulator.url}/api/v2/`;
  const credentials = (extra: Json = {}): Json => ({
    grant_type: "client_credentials",
    client_id: "demo",
    client_secret: "demo-secret",
    audience: audience(),
    ...extra,
  });

  it.each([
    ["/oauth/token", "json"],
    ["/oauth/token/", "json"],
    ["/oauth/token", "form"],
    ["/oauth/token/", "form"],
  ])("issues a token at %s from a %s body, with the claims the service sets", async (path, format) => {
    const params = credentials() as Record<string, string>;
    const res = await call(ctx.emulator, "POST", path, format === "json" ? { body: params } : { form: params });
    expect(res.status).toBe(200);
    // As recorded: no `scope` in the body and no charset in the content type.
    expect(res.body).toEqual({ access_token: expect.any(String), expires_in: 600, token_type: "Bearer" });
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(jose.decodeProtectedHeader(res.body.access_token)).toEqual({ alg: "RS256", typ: "JWT" });
    const claims = jose.decodeJwt(res.body.access_token);
    expect(claims).toMatchObject({
      iss: `${ctx.emulator.url}/`,
      sub: "demo@clients",
      aud: audience(),
      azp: "demo",
      gty: "client-credentials",
      scope: CONTRACT_SCOPES.join(" "),
    });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(5);
    // And the token works.
    expect((await call(ctx.emulator, "GET", PUSH_PATH, { token: res.body.access_token })).status).toBe(200);
  });

  it("the default client holds every scope the contract's table lists (240)", () => {
    expect(CONTRACT_SCOPES).toHaveLength(240);
    expect(new Set(CONTRACT_SCOPES).size).toBe(240);
    expect(CONTRACT_SCOPES).toContain("update:guardian_factors");
    expect(CONTRACT_SCOPES).toContain("create:guardian_enrollment_tickets");
    expect(CONTRACT_SCOPES).toContain("delete:vdcs_templates");
  });

  it("accepts the audience as the bare path /api/v2/", async () => {
    const res = await call(ctx.emulator, "POST", "/oauth/token/", { form: credentials({ audience: "/api/v2/" }) as Record<string, string> });
    expect(res.status).toBe(200);
    expect(jose.decodeJwt(res.body.access_token).aud).toBe(audience());
  });

  it("grants requested ∩ granted scopes", async () => {
    const res = await call(ctx.emulator, "POST", "/oauth/token", {
      body: credentials({ client_id: "narrow", client_secret: "narrow-secret", scope: "read:event_streams update:guardian_factors" }),
    });
    expect(res.status).toBe(200);
    expect(jose.decodeJwt(res.body.access_token).scope).toBe("read:event_streams");
  });

  it("grants a client's own scopes when none are requested", async () => {
    const res = await call(ctx.emulator, "POST", "/oauth/token", { body: credentials({ client_id: "narrow", client_secret: "narrow-secret" }) });
    expect(jose.decodeJwt(res.body.access_token).scope).toBe("read:guardian_factors read:event_streams");
  });

  it("accepts client credentials in an HTTP Basic header", async () => {
    const basic = Buffer.from("narrow:narrow-secret").toString("base64");
    const res = await call(ctx.emulator, "POST", "/oauth/token", {
      form: { grant_type: "client_credentials", audience: "/api/v2/" },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(res.status).toBe(200);
    expect(jose.decodeJwt(res.body.access_token).sub).toBe("narrow@clients");
  });

  it.each([
    ["a wrong secret", { client_secret: "nope" }, 401, "access_denied", "Unauthorized"],
    ["an unknown client", { client_id: "ghost" }, 401, "access_denied", "Unauthorized"],
    ["no client id", { client_id: undefined }, 401, "access_denied", "Unauthorized"],
    ["an unsupported grant type", { grant_type: "magic" }, 400, "unsupported_grant_type", "Unsupported grant type: magic"],
    ["a grant type not enabled for the client", { grant_type: "password" }, 403, "unauthorized_client", "Grant type 'password' not allowed for the client."],
    ["no grant type", { grant_type: undefined }, 400, "invalid_request", "Missing required parameter: grant_type"],
    ["another API's audience", { audience: "https://other.example.com/api/" }, 403, "access_denied", 'Client is not authorized to access "https://other.example.com/api/".'],
  ])("answers %s with an OAuth error", async (_label, extra, status, error, description) => {
    const res = await call(ctx.emulator, "POST", "/oauth/token", { body: credentials(extra) });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, error_description: description });
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it("answers a missing audience with 403 access_denied", async () => {
    const res = await call(ctx.emulator, "POST", "/oauth/token", { body: credentials({ audience: undefined }) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("access_denied");
  });

  it("answers malformed JSON and unknown content types with 400 invalid_request", async () => {
    const badJson = await call(ctx.emulator, "POST", "/oauth/token", { raw: "{nope" });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toBe("invalid_request");
    const text = await call(ctx.emulator, "POST", "/oauth/token", { raw: "grant_type=client_credentials", contentType: "text/plain" });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe("invalid_request");
  });

  it("only POST is served and every request is counted", async () => {
    expect((await call(ctx.emulator, "GET", "/oauth/token")).status).toBe(404);
    await call(ctx.emulator, "POST", "/oauth/token/", { body: credentials() });
    await call(ctx.emulator, "POST", "/oauth/token", { body: credentials({ client_secret: "x" }) });
    expect(ctx.emulator.tokenRequests()).toBe(2);
    expect(ctx.emulator.count(undefined, "/oauth/token")).toBe(3);
    expect(ctx.emulator.requests.map((entry) => entry.path)).toEqual(["/oauth/token", "/oauth/token", "/oauth/token"]);
  });
});
