// Contract operation 1 (PUT selected push provider) and its GET companion.
import { describe, expect, it } from "vitest";
import { call, PUSH_PATH, useEmulator } from "./support";

describe("selected push-notification provider", () => {
  const ctx = useEmulator();

  it("starts at guardian on a fresh tenant", async () => {
    const res = await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: "guardian" });
  });

  it.each(["guardian", "sns", "direct"])("PUT %s as JSON returns 200 with only provider, and GET reads it back", async (provider) => {
    const put = await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body: { provider } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ provider });
    expect(ctx.emulator.state.pushProvider).toBe(provider);
    const get = await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });
    expect(get.body).toEqual({ provider });
  });

  it("accepts application/x-www-form-urlencoded", async () => {
    const res = await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, form: { provider: "sns" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: "sns" });
  });

  it("repeating the same value answers 200 again", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body: { provider: "direct" } });
      expect(res.status).toBe(200);
    }
  });

  it.each([
    [{}, "Payload validation error: 'Missing required property: provider'."],
    [{ provider: "apns" }, `Payload validation error: 'No enum match for: "apns"' on property provider (Push notification provider).`],
    [{ provider: "sns", foo: 1 }, "Payload validation error: 'Additional properties not allowed: foo'."],
    [{ provider: "sns", foo: 1, bar: 2 }, "Payload validation error: 'Additional properties not allowed: foo,bar'."],
    [{ provider: 5 }, "Payload validation error: 'Expected type string but found type integer' on property provider (Push notification provider)."],
    [["sns"], "Payload validation error: 'Expected type object but found type array'."],
  ])("rejects %j with 400 invalid_body and changes nothing", async (body, message) => {
    ctx.emulator.state.pushProvider = "direct";
    const res = await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.pushProvider).toBe("direct");
  });

  it("rejects extra properties and bad values in a form body too", async () => {
    const extra = await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, form: { provider: "sns", x: "1" } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe("Payload validation error: 'Additional properties not allowed: x'.");
    const empty = await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, form: {} });
    expect(empty.body.message).toBe("Payload validation error: 'Missing required property: provider'.");
    expect(ctx.emulator.state.pushProvider).toBe("guardian");
  });

  it("rejects an empty body as a non-object", async () => {
    const res = await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, raw: "" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Payload validation error: 'Expected type object but found type null'.");
  });

  it("answers 401 for an expired token and for a bad signature, 403 without update:guardian_factors", async () => {
    const expired = await ctx.emulator.issueToken("demo", { expiresInSeconds: -10 });
    const res401 = await call(ctx.emulator, "PUT", PUSH_PATH, { token: expired, body: { provider: "sns" } });
    expect(res401.status).toBe(401);
    expect(res401.body.message).toBe("Expired token received for JSON Web Token validation");

    const [header, payload, signature] = ctx.token.split(".");
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    const badSignature = await call(ctx.emulator, "PUT", PUSH_PATH, { token: `${header}.${payload}.${flipped}`, body: { provider: "sns" } });
    expect(badSignature.status).toBe(401);
    expect(badSignature.body.message).toBe("Invalid signature received for JSON Web Token validation.");

    const readOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:guardian_factors"] });
    const res403 = await call(ctx.emulator, "PUT", PUSH_PATH, { token: readOnly, body: { provider: "sns" } });
    expect(res403.status).toBe(403);
    expect(res403.body).toEqual({
      statusCode: 403,
      error: "Forbidden",
      message: "Insufficient scope, expected any of: update:guardian_factors",
      errorCode: "insufficient_scope",
    });
    expect(ctx.emulator.state.pushProvider).toBe("guardian");
  });

  it("has no DELETE", async () => {
    const res = await call(ctx.emulator, "DELETE", PUSH_PATH, { token: ctx.token });
    expect(res.status).toBe(404);
  });
});
