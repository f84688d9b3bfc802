// Contract operation 2 (POST phone provider) and the list/GET/PATCH/DELETE companions.
import { describe, expect, it } from "vitest";
import { call, ISO_MS, PHONE_PATH, useEmulator, vendorProvider, type Json } from "./support";

describe("phone providers", () => {
  const ctx = useEmulator({ tenant: "acme-tenant" });
  const create = (body: Json) => call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body });

  it("POST creates a vendor_a provider: 201 with every response field and no credentials", async () => {
    const res = await create(vendorProvider());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^pro_[1-9A-HJ-NP-Za-km-z]{22}$/),
      tenant: "acme-tenant",
      name: "vendor_a",
      channel: "phone",
      disabled: false,
      configuration: { sid: "sid1", default_from: "+15550100", delivery_methods: ["text", "voice"] },
      created_at: expect.stringMatching(ISO_MS),
      updated_at: res.body.created_at,
    });
    expect(res.text).not.toContain("sentinel-auth-token");
    expect(res.body.created_at.length).toBeLessThanOrEqual(27);
    expect(res.body.channel.length).toBeLessThanOrEqual(100);
    // The emulator keeps the credentials so tests can check what a client sent.
    expect(ctx.emulator.state.phoneProviders.get(res.body.id)?.credentials).toEqual({ auth_token: "sentinel-auth-token" });
  });

  it("accepts mssid instead of default_from, defaults disabled to false, and keeps disabled: true", async () => {
    const res = await create({
      name: "vendor_a",
      disabled: true,
      configuration: { sid: "sid1", mssid: "MG1", delivery_methods: ["text"] },
      credentials: { auth_token: "t" },
    });
    expect(res.status).toBe(201);
    expect(res.body.disabled).toBe(true);
    expect(res.body.configuration).toEqual({ sid: "sid1", mssid: "MG1", delivery_methods: ["text"] });
  });

  it("creates a custom provider with credentials {} and delivery methods only", async () => {
    const res = await create({ name: "custom", credentials: {}, configuration: { delivery_methods: ["text"] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "custom", disabled: false, configuration: { delivery_methods: ["text"] } });
    expect(res.body).not.toHaveProperty("credentials");
  });

  it("creates a custom provider that carries vendor fields and echoes them, as the service did", async () => {
    const configuration = { sid: "sid1", default_from: "+15550100", delivery_methods: ["text"] };
    const res = await create({ name: "custom", credentials: {}, configuration });
    expect(res.status).toBe(201);
    expect(res.body.configuration).toEqual(configuration);
  });

  it("allows one provider per tenant: a second POST is 409 and changes nothing", async () => {
    expect((await create(vendorProvider())).status).toBe(201);
    const second = await create({ name: "custom", credentials: {} });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ statusCode: 409, error: "Conflict", message: "Custom phone provider conflict." });
    expect(ctx.emulator.state.phoneProviders.size).toBe(1);
  });

  it.each([
    ["name missing", { credentials: {} }, "Payload validation error: 'Missing required property: name'."],
    ["credentials missing", { name: "custom" }, "Payload validation error: 'Missing required property: credentials'."],
    ["unknown name", { name: "other", credentials: {} }, `Payload validation error: 'No enum match for: "other"' on property name (Name of the phone notification provider).`],
    ["empty name", { name: "", credentials: {} }, "Payload validation error: 'String is too short (0 chars), minimum 1' on property name (Name of the phone notification provider)."],
    ["name over 100", { name: "x".repeat(101), credentials: {} }, "Payload validation error: 'String is too long (101 chars), maximum 100' on property name (Name of the phone notification provider)."],
    ["extra property", { name: "custom", credentials: {}, id: "pro_x" }, "Payload validation error: 'Additional properties not allowed: id'."],
    ["disabled not boolean", { name: "custom", credentials: {}, disabled: "no" }, "Payload validation error: 'Expected type boolean but found type string' on property disabled (Whether the provider is enabled (false) or disabled (true))."],
    ["bad delivery method", vendorProvider({ configuration: { sid: "s", default_from: "+1", delivery_methods: ["fax"] } }), `Payload validation error: 'No enum match for: "fax"' on property configuration.delivery_methods[0].`],
    ["empty delivery methods", vendorProvider({ configuration: { sid: "s", default_from: "+1", delivery_methods: [] } }), "Payload validation error: 'Array is too short (0), minimum 1' on property configuration.delivery_methods (Delivery methods of the provider)."],
    ["unknown configuration key", vendorProvider({ configuration: { sid: "s", default_from: "+1", delivery_methods: ["text"], region: "eu" } }), "Payload validation error: 'Additional properties not allowed: region' on property configuration (Provider configuration)."],
    ["vendor_a without sid", vendorProvider({ configuration: { default_from: "+1", delivery_methods: ["text"] } }), "Payload validation error: 'Missing required property: sid' on property configuration (Provider configuration)."],
    ["vendor_a without auth_token", vendorProvider({ credentials: {} }), "Payload validation error: 'Missing required property: auth_token' on property credentials (Provider credentials required to authenticate to the provider)."],
  ])("POST rejects %s with 400 invalid_body and creates nothing", async (_label, body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
  });

  it.each([
    ["neither default_from nor mssid", { sid: "s", delivery_methods: ["text"] }],
    ["both default_from and mssid", { sid: "s", delivery_methods: ["text"], default_from: "+1", mssid: "MG" }],
    ["no configuration", undefined],
  ])("vendor_a with %s is 400 Bad Operation on Notification Resource (no errorCode)", async (_label, configuration) => {
    const res = await create({ name: "vendor_a", credentials: { auth_token: "t" }, ...(configuration ? { configuration } : {}) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message: "Bad Operation on Notification Resource" });
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
  });

  it("lists providers as {providers: [...]}, empty on a fresh tenant, filtered by ?disabled", async () => {
    expect((await call(ctx.emulator, "GET", PHONE_PATH, { token: ctx.token })).body).toEqual({ providers: [] });
    const created = (await create(vendorProvider({ disabled: true }))).body;
    const all = await call(ctx.emulator, "GET", PHONE_PATH, { token: ctx.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ providers: [created] });
    expect((await call(ctx.emulator, "GET", `${PHONE_PATH}?disabled=true`, { token: ctx.token })).body.providers).toHaveLength(1);
    expect((await call(ctx.emulator, "GET", `${PHONE_PATH}?disabled=false`, { token: ctx.token })).body.providers).toHaveLength(0);
    const bad = await call(ctx.emulator, "GET", `${PHONE_PATH}?disabled=maybe`, { token: ctx.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe("invalid_query_string");
  });

  it("GET by id returns the created shape; unknown id 404, malformed id 400", async () => {
    const created = (await create(vendorProvider())).body;
    const got = await call(ctx.emulator, "GET", `${PHONE_PATH}/${created.id}`, { token: ctx.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);

    const missing = await call(ctx.emulator, "GET", `${PHONE_PATH}/pro_1111111111111111111111`, { token: ctx.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, error: "Not Found", message: "Phone provider has not been configured." });

    for (const badId of ["not-an-id", `pro_${"a".repeat(252)}`, "pro_a%20b"]) {
      const malformed = await call(ctx.emulator, "GET", `${PHONE_PATH}/${badId}`, { token: ctx.token });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ statusCode: 400, error: "Bad Request", message: "Invalid id for provider." });
    }
  });

  it("PATCH replaces configuration wholesale, keeps created_at, advances updated_at", async () => {
    const created = (await create(vendorProvider())).body;
    const res = await call(ctx.emulator, "PATCH", `${PHONE_PATH}/${created.id}`, {
      token: ctx.token,
      body: { configuration: { sid: "sid2", mssid: "MG2", delivery_methods: ["voice"] }, disabled: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      disabled: true,
      configuration: { sid: "sid2", mssid: "MG2", delivery_methods: ["voice"] },
      updated_at: expect.stringMatching(ISO_MS),
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(res.body.created_at).toBe(created.created_at);
    expect(res.text).not.toContain("auth_token");
  });

  it("PATCH replaces credentials when sent and keeps them otherwise", async () => {
    const created = (await create(vendorProvider())).body;
    await call(ctx.emulator, "PATCH", `${PHONE_PATH}/${created.id}`, { token: ctx.token, body: { disabled: true } });
    expect(ctx.emulator.state.phoneProviders.get(created.id)?.credentials).toEqual({ auth_token: "sentinel-auth-token" });
    await call(ctx.emulator, "PATCH", `${PHONE_PATH}/${created.id}`, { token: ctx.token, body: { credentials: { auth_token: "rotated" } } });
    expect(ctx.emulator.state.phoneProviders.get(created.id)?.credentials).toEqual({ auth_token: "rotated" });
  });

  it.each([
    ["an empty body", {}, 400, "Payload validation error: 'Too few properties defined (0), minimum 1'."],
    ["an extra property", { disabled: true, tenant: "x" }, 400, "Payload validation error: 'Additional properties not allowed: tenant'."],
    ["a vendor_a configuration without a sender", { configuration: { sid: "s", delivery_methods: ["text"] } }, 400, "Bad Operation on Notification Resource"],
  ])("PATCH with %s is rejected and changes nothing", async (_label, body, status, message) => {
    const created = (await create(vendorProvider())).body;
    const res = await call(ctx.emulator, "PATCH", `${PHONE_PATH}/${created.id}`, { token: ctx.token, body });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    const after = await call(ctx.emulator, "GET", `${PHONE_PATH}/${created.id}`, { token: ctx.token });
    expect(after.body).toEqual(created);
  });

  it("PATCH of an unknown id is 404", async () => {
    const res = await call(ctx.emulator, "PATCH", `${PHONE_PATH}/pro_1111111111111111111111`, { token: ctx.token, body: { disabled: true } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Phone provider has not been configured.");
  });

  it("DELETE answers 204 with an empty body and JSON content type; again is 404 Notification Resource not found", async () => {
    const created = (await create(vendorProvider())).body;
    const first = await call(ctx.emulator, "DELETE", `${PHONE_PATH}/${created.id}`, { token: ctx.token });
    expect(first.status).toBe(204);
    expect(first.text).toBe("");
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const again = await call(ctx.emulator, "DELETE", `${PHONE_PATH}/${created.id}`, { token: ctx.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ statusCode: 404, error: "Not Found", message: "Notification Resource not found" });
    // With the provider gone, a new one may be created.
    expect((await create({ name: "custom", credentials: {} })).status).toBe(201);
  });

  it("rejects a form-urlencoded create with 415 (JSON only)", async () => {
    const res = await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, form: { name: "custom" } });
    expect(res.status).toBe(415);
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
  });
});
