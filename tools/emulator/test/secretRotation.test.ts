// Rotating a client secret: the control and the programmatic call give a new secret and revoke the old one.
import { describe, expect, it } from "vitest";
import { call, useEmulator, type Json } from "./support";

describe("client secret rotation", () => {
  const ctx = useEmulator({
    clients: [
      { id: "demo", secret: "demo-secret" },
      { id: "other", secret: "other-secret" },
    ],
  });
  const tokenStatus = async (clientId: string, secret: string): Promise<{ status: number; body: Json }> => {
    const body = { grant_type: "client_credentials", client_id: clientId, client_secret: secret, audience: `${ctx.emulator.url}/api/v2/` };
    const res = await call(ctx.emulator, "POST", "/oauth/token", { body });
    return { status: res.status, body: res.body };
  };

  it("POST /__emulator/clients/{id}/rotate-secret sets the secret asked for; the old one is refused, other clients untouched", async () => {
    const res = await call(ctx.emulator, "POST", "/__emulator/clients/demo/rotate-secret", { body: { secret: "demo-secret-2" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ client_id: "demo", secret: "demo-secret-2" });
    expect(await tokenStatus("demo", "demo-secret")).toEqual({ status: 401, body: { error: "access_denied", error_description: "Unauthorized" } });
    expect((await tokenStatus("demo", "demo-secret-2")).status).toBe(200);
    expect((await tokenStatus("other", "other-secret")).status).toBe(200);
    // reset() clears the tenant's data, not its clients: the rotation stays.
    ctx.emulator.reset();
    expect((await tokenStatus("demo", "demo-secret-2")).status).toBe(200);
    expect((await tokenStatus("demo", "demo-secret")).status).toBe(401);
  });

  it("without a body the control makes a random secret, different each time", async () => {
    const first = await call(ctx.emulator, "POST", "/__emulator/clients/other/rotate-secret");
    const second = await call(ctx.emulator, "POST", "/__emulator/clients/other/rotate-secret");
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.body.secret).not.toBe(first.body.secret);
    expect((await tokenStatus("other", first.body.secret as string)).status).toBe(401);
    expect((await tokenStatus("other", second.body.secret as string)).status).toBe(200);
  });

  it("an unknown client is 404; an empty, unchanged or extra field is 400", async () => {
    expect((await call(ctx.emulator, "POST", "/__emulator/clients/nobody/rotate-secret")).status).toBe(404);
    const current = ctx.emulator.rotateClientSecret("other", "kept-secret");
    for (const body of [{ secret: "" }, { secret: 7 }, { secret: "x", ttl: 1 }, { secret: current }]) {
      expect((await call(ctx.emulator, "POST", "/__emulator/clients/other/rotate-secret", { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await tokenStatus("other", "kept-secret")).status).toBe(200);
  });

  it("rotateClientSecret does the same from code, and throws for an unknown client", async () => {
    const before = ctx.emulator.rotateClientSecret("demo", "before-code-rotation");
    const secret = ctx.emulator.rotateClientSecret("demo");
    expect(secret).not.toBe(before);
    expect((await tokenStatus("demo", secret)).status).toBe(200);
    expect((await tokenStatus("demo", before)).status).toBe(401);
    expect(() => ctx.emulator.rotateClientSecret("nobody", "s")).toThrow("unknown client nobody");
  });
});
