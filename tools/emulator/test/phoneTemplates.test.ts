// Phone notification templates: the defaults a fresh tenant lists, customizing a type (POST), reading, updating,
// deleting (the default comes back), reset, the live state, and the route framework (faults, rate limit, log).
import { describe, expect, it } from "vitest";
import { PHONE_TEMPLATE_DEFAULT_BODIES } from "..";
import { call, ISO_MS, phoneTemplate, TEMPLATES_PATH, useEmulator, type Json } from "./support";

const TEMPLATE_ID = /^tem_[1-9A-HJ-NP-Za-km-z]{22}$/;
const NOT_FOUND = { statusCode: 404, error: "Not Found", message: "Notification Resource not found" };

describe("phone templates", () => {
  const ctx = useEmulator({ tenant: "acme-tenant" });
  const create = (body: Json) => call(ctx.emulator, "POST", TEMPLATES_PATH, { token: ctx.token, body });
  const list = async (query = ""): Promise<Json[]> => (await call(ctx.emulator, "GET", `${TEMPLATES_PATH}${query}`, { token: ctx.token })).body.templates;
  const byId = (id: string, suffix = "") => `${TEMPLATES_PATH}/${id}${suffix}`;

  it("a fresh tenant lists the four defaults without an id, with the service's texts, from '' and one read-time timestamp", async () => {
    const res = await call(ctx.emulator, "GET", TEMPLATES_PATH, { token: ctx.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["templates"]);
    const stamp = res.body.templates[0].created_at as string;
    expect(stamp).toMatch(ISO_MS);
    expect(res.body.templates).toEqual(
      ["blocked_account", "change_password", "otp_enroll", "otp_verify"].map((type) => ({
        tenant: "acme-tenant",
        channel: "phone",
        type,
        disabled: false,
        created_at: stamp,
        updated_at: stamp,
        content: { syntax: "liquid", body: PHONE_TEMPLATE_DEFAULT_BODIES[type as keyof typeof PHONE_TEMPLATE_DEFAULT_BODIES], from: "" },
      })),
    );
  });

  it("POST customizes a type: 201 with the whole object in the recorded key order, no customizable, stored live", async () => {
    const res = await create(phoneTemplate("otp_enroll", { disabled: true }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(TEMPLATE_ID),
      tenant: "acme-tenant",
      channel: "phone",
      type: "otp_enroll",
      disabled: true,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: res.body.created_at,
      content: { syntax: "liquid", body: { text: "otp_enroll text {{ code }}", voice: "otp_enroll voice {{ code }}" }, from: "+15550100" },
    });
    expect(Object.keys(res.body)).toEqual(["id", "tenant", "channel", "type", "disabled", "created_at", "updated_at", "content"]);
    expect(Object.keys(res.body.content)).toEqual(["syntax", "body", "from"]);
    expect(ctx.emulator.state.phoneTemplates.custom.get(res.body.id)?.type).toBe("otp_enroll");
  });

  it("POST without from answers without the key; with one body only, only that body; disabled defaults to false", async () => {
    const res = await create({ type: "blocked_account", content: { body: { voice: "Blocked." } } });
    expect(res.status).toBe(201);
    expect(res.body.content).toEqual({ syntax: "liquid", body: { voice: "Blocked." } });
    expect(res.body.disabled).toBe(false);
    expect((await call(ctx.emulator, "GET", byId(res.body.id), { token: ctx.token })).body).toEqual(res.body);
  });

  it("lists custom templates first, then the remaining defaults, each part alphabetically by type", async () => {
    const verify = (await create(phoneTemplate("otp_verify"))).body;
    const change = (await create(phoneTemplate("change_password"))).body;
    const templates = await list();
    expect(templates.map((item) => [item.type, item.id])).toEqual([
      ["change_password", change.id],
      ["otp_verify", verify.id],
      ["blocked_account", undefined],
      ["otp_enroll", undefined],
    ]);
    expect(templates.slice(0, 2)).toEqual([change, verify]);
  });

  it("a second POST of a customized type is 409 and changes nothing", async () => {
    const first = (await create(phoneTemplate("otp_verify"))).body;
    const second = await create(phoneTemplate("otp_verify", { disabled: true }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ statusCode: 409, error: "Conflict", message: "Phone template already configured for tenant" });
    expect(ctx.emulator.state.phoneTemplates.custom.size).toBe(1);
    expect((await call(ctx.emulator, "GET", byId(first.id), { token: ctx.token })).body).toEqual(first);
  });

  it("DELETE: 204 empty with the JSON content type, the default lists again, DELETE again is the recorded 404, POST works again", async () => {
    const created = (await create(phoneTemplate("otp_verify"))).body;
    const deleted = await call(ctx.emulator, "DELETE", byId(created.id), { token: ctx.token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(deleted.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const listed = (await list()).find((item) => item.type === "otp_verify");
    expect(listed).toMatchObject({ content: { body: PHONE_TEMPLATE_DEFAULT_BODIES.otp_verify, from: "" } });
    expect(listed).not.toHaveProperty("id");
    const again = await call(ctx.emulator, "DELETE", byId(created.id), { token: ctx.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
    expect(again.body).not.toHaveProperty("errorCode");
    expect((await call(ctx.emulator, "GET", byId(created.id), { token: ctx.token })).body).toEqual(NOT_FOUND);
    expect((await create(phoneTemplate("otp_verify"))).status).toBe(201);
  });

  it("password_breach is never listed as a default, but can be customized, listed and deleted", async () => {
    expect((await list()).map((item) => item.type)).not.toContain("password_breach");
    const created = (await create(phoneTemplate("password_breach"))).body;
    expect((await list())[0]).toEqual(created);
    await call(ctx.emulator, "DELETE", byId(created.id), { token: ctx.token });
    expect((await list()).map((item) => item.type)).toEqual(["blocked_account", "change_password", "otp_enroll", "otp_verify"]);
  });

  it("?disabled filters custom templates and defaults (never disabled); another value is 400 invalid_query_string", async () => {
    await create(phoneTemplate("otp_verify", { disabled: true }));
    await create(phoneTemplate("otp_enroll"));
    expect((await list("?disabled=true")).map((item) => item.type)).toEqual(["otp_verify"]);
    expect((await list("?disabled=false")).map((item) => [item.type, item.id !== undefined])).toEqual([
      ["otp_enroll", true],
      ["blocked_account", false],
      ["change_password", false],
    ]);
    const bad = await call(ctx.emulator, "GET", `${TEMPLATES_PATH}?disabled=yes`, { token: ctx.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "Query validation error: 'Expected type boolean but found type string' on property disabled (Whether the template is enabled (false) or disabled (true)).",
      errorCode: "invalid_query_string",
    });
  });

  it("PATCH: 200 with the whole object, created_at kept, updated_at advanced", async () => {
    const created = (await create(phoneTemplate("otp_enroll"))).body;
    const content = { from: "+15550199", body: { text: "Updated {{ code }}", voice: "Updated, {{ code }}" } };
    const res = await call(ctx.emulator, "PATCH", byId(created.id), { token: ctx.token, body: { content, disabled: true } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, disabled: true, updated_at: expect.stringMatching(ISO_MS), content: { syntax: "liquid", ...content } });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
  });

  it("PATCH merges content: from and body each stay unless sent; a body sent replaces the stored one whole", async () => {
    const { id } = (await create(phoneTemplate("otp_verify"))).body;
    const patch = async (body: Json): Promise<Json> => (await call(ctx.emulator, "PATCH", byId(id), { token: ctx.token, body })).body;
    expect((await patch({ disabled: true })).content).toEqual({
      syntax: "liquid",
      body: { text: "otp_verify text {{ code }}", voice: "otp_verify voice {{ code }}" },
      from: "+15550100",
    });
    expect((await patch({ content: { from: "+15550111" } })).content.body).toEqual({ text: "otp_verify text {{ code }}", voice: "otp_verify voice {{ code }}" });
    expect((await patch({ content: { body: { text: "Only text" } } })).content).toEqual({ syntax: "liquid", body: { text: "Only text" }, from: "+15550111" });
  });

  it("reset: body back to the type's default, from and disabled kept, id and created_at kept, updated_at advanced", async () => {
    const created = (await create(phoneTemplate("otp_verify", { disabled: true }))).body;
    const res = await call(ctx.emulator, "PATCH", byId(created.id, "/reset"), { token: ctx.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      updated_at: expect.stringMatching(ISO_MS),
      content: { syntax: "liquid", body: PHONE_TEMPLATE_DEFAULT_BODIES.otp_verify, from: "+15550100" },
    });
    expect(res.body.updated_at).not.toBe(created.updated_at);
    expect((await call(ctx.emulator, "GET", byId(created.id), { token: ctx.token })).body).toEqual(res.body);
  });

  it("reset takes an empty object too, and restores password_breach to the emulator's own default", async () => {
    const { id } = (await create(phoneTemplate("password_breach"))).body;
    const res = await call(ctx.emulator, "PATCH", byId(id, "/reset"), { token: ctx.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.content.body).toEqual(PHONE_TEMPLATE_DEFAULT_BODIES.password_breach);
  });

  it("the state is live: an out-of-band edit shows in the answers, a changed default in the listing and in reset", async () => {
    const { id } = (await create(phoneTemplate("otp_verify"))).body;
    ctx.emulator.state.phoneTemplates.custom.get(id)!.content.body.text = "changed in the dashboard";
    expect((await call(ctx.emulator, "GET", byId(id), { token: ctx.token })).body.content.body.text).toBe("changed in the dashboard");
    ctx.emulator.state.phoneTemplates.defaultBodies.set("otp_enroll", { text: "new default", voice: "new default voice" });
    expect((await list()).find((item) => item.type === "otp_enroll")?.content.body).toEqual({ text: "new default", voice: "new default voice" });
    ctx.emulator.state.phoneTemplates.defaultBodies.set("otp_verify", { text: "verify default", voice: "verify voice" });
    const reset = await call(ctx.emulator, "PATCH", byId(id, "/reset"), { token: ctx.token });
    expect(reset.body.content.body).toEqual({ text: "verify default", voice: "verify voice" });
  });

  it("GET /__emulator/state holds the listing (defaults without their read-time timestamps), the same on every read", async () => {
    const created = (await create(phoneTemplate("otp_verify"))).body;
    const state = await call(ctx.emulator, "GET", "/__emulator/state");
    expect(state.body.phoneTemplates.map((item: Json) => item.type)).toEqual(["otp_verify", "blocked_account", "change_password", "otp_enroll"]);
    expect(state.body.phoneTemplates[0]).toEqual(created);
    expect(state.body.phoneTemplates[1]).not.toHaveProperty("created_at");
    expect((await call(ctx.emulator, "GET", "/__emulator/state")).body).toEqual(state.body);
  });

  it("reset of the emulator removes every customized template and restores the default texts", async () => {
    await create(phoneTemplate("otp_verify"));
    ctx.emulator.state.phoneTemplates.defaultBodies.set("otp_enroll", { text: "x", voice: "y" });
    ctx.emulator.reset();
    expect(ctx.emulator.state.phoneTemplates.custom.size).toBe(0);
    expect((await list()).find((item) => item.type === "otp_enroll")?.content.body).toEqual(PHONE_TEMPLATE_DEFAULT_BODIES.otp_enroll);
  });

  it("faults, the rate limit and the request log apply as on every route", async () => {
    ctx.emulator.injectFault({ method: "POST", path: `${TEMPLATES_PATH}*`, count: 1, kind: "503" });
    const faulted = await create(phoneTemplate("otp_verify"));
    expect(faulted.status).toBe(503);
    expect(ctx.emulator.state.phoneTemplates.custom.size).toBe(0);
    const created = await create(phoneTemplate("otp_verify"));
    expect(created.status).toBe(201);
    expect(created.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(ctx.emulator.count("POST", TEMPLATES_PATH)).toBe(2);
    expect(ctx.emulator.requests.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ["POST", TEMPLATES_PATH, 503],
      ["POST", TEMPLATES_PATH, 201],
    ]);
    ctx.emulator.setRateLimit({ size: 1, refillPerSecond: 0.01 });
    try {
      await list();
      const limited = await call(ctx.emulator, "GET", byId(created.body.id), { token: ctx.token });
      expect(limited.status).toBe(429);
      expect(limited.body.errorCode).toBe("too_many_requests");
    } finally {
      ctx.emulator.setRateLimit(undefined);
    }
  });
});
