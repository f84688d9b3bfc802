// Test controls under /__emulator/, the request log and counters, and conventions shared by every response.
import { describe, expect, it } from "vitest";
import { call, PHONE_PATH, PUSH_PATH, STREAMS_PATH, useEmulator, vendorProvider, webhookStream, type Json } from "./support";

describe("HTTP test controls", () => {
  const ctx = useEmulator();

  it("POST /__emulator/event-streams/seed seeds N streams; bad counts are 400", async () => {
    const res = await call(ctx.emulator, "POST", "/__emulator/event-streams/seed", { body: { count: 5 } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ seeded: 5, total: 5 });
    const listed = await call(ctx.emulator, "GET", `${STREAMS_PATH}?take=100`, { token: ctx.token });
    expect(listed.body.eventStreams).toHaveLength(5);
    const named = await call(ctx.emulator, "POST", "/__emulator/event-streams/seed", { body: { count: 1, namePrefix: "bulk" } });
    expect(named.body.total).toBe(6);
    expect(ctx.emulator.state.eventStreams.at(-1)?.name).toBe("bulk-1");
    for (const body of [{ count: -1 }, { count: 1.5 }, {}, { count: 1, namePrefix: 3 }]) {
      expect((await call(ctx.emulator, "POST", "/__emulator/event-streams/seed", { body })).status).toBe(400);
    }
    expect((await call(ctx.emulator, "POST", "/__emulator/event-streams/seed", { raw: "{" })).status).toBe(400);
  });

  it("POST /__emulator/event-streams/seed creates every destination type, in turn, with the status asked for", async () => {
    const destinations = ["webhook:basic", "webhook:bearer", "webhook:custom_header", "eventbridge", "action"];
    const res = await call(ctx.emulator, "POST", "/__emulator/event-streams/seed", { body: { count: 6, destinations, status: "disabled" } });
    expect(res.status).toBe(201);
    const listed = (await call(ctx.emulator, "GET", STREAMS_PATH, { token: ctx.token })).body.eventStreams as Json[];
    expect(listed.map((stream) => stream.status)).toEqual(Array(6).fill("disabled"));
    expect(listed.map((stream) => stream.destination)).toEqual([
      { type: "webhook", configuration: { webhook_endpoint: expect.stringMatching(/^https:\/\//), webhook_authorization: { method: "basic", username: "seed" } } },
      { type: "webhook", configuration: { webhook_endpoint: expect.any(String), webhook_authorization: { method: "bearer" } } },
      { type: "webhook", configuration: { webhook_endpoint: expect.any(String), webhook_authorization: { method: "custom_header", header_key: "x-seed-key" } } },
      { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1", aws_partner_event_source: expect.stringMatching(/^aws\.partner\//) } },
      { type: "action", configuration: { action_id: expect.stringMatching(/^[0-9a-f-]{36}$/) } },
      { type: "webhook", configuration: { webhook_endpoint: expect.any(String), webhook_authorization: { method: "basic", username: "seed" } } },
    ]);
    for (const body of [{ count: 1, destinations: [] }, { count: 1, destinations: ["sqs"] }, { count: 1, destinations: "action" }, { count: 1, status: "on" }]) {
      expect((await call(ctx.emulator, "POST", "/__emulator/event-streams/seed", { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(ctx.emulator.state.eventStreams).toHaveLength(6);
  });

  it("GET/PUT/DELETE /__emulator/rate-limit read, set and remove the bucket; bad settings are 400", async () => {
    expect((await call(ctx.emulator, "GET", "/__emulator/rate-limit")).body).toEqual({ bucket: null, remaining: 1000, reset: expect.any(Number) });
    const set = await call(ctx.emulator, "PUT", "/__emulator/rate-limit", { body: { size: 4, refillPerSecond: 0.5 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ bucket: { size: 4, refillPerSecond: 0.5 }, remaining: 4, reset: expect.any(Number) });
    const read = await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });
    expect(read.headers.get("x-ratelimit-limit")).toBe("4");
    expect(read.headers.get("x-ratelimit-remaining")).toBe("3");
    ctx.emulator.reset(); // reset refills the bucket but keeps its settings
    expect((await call(ctx.emulator, "GET", "/__emulator/rate-limit")).body).toMatchObject({ bucket: { size: 4, refillPerSecond: 0.5 }, remaining: 4 });
    expect((await call(ctx.emulator, "PUT", "/__emulator/rate-limit", { body: { size: 6 } })).body.bucket).toEqual({ size: 6, refillPerSecond: 6 });
    for (const body of [{}, { size: 0 }, { size: 2.5 }, { size: 5, refillPerSecond: 0 }, { size: 5, refillPerSecond: 6 }, { size: 5, burst: 1 }]) {
      expect((await call(ctx.emulator, "PUT", "/__emulator/rate-limit", { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(ctx.emulator, "DELETE", "/__emulator/rate-limit")).status).toBe(204);
    expect((await call(ctx.emulator, "GET", "/__emulator/rate-limit")).body.bucket).toBeNull();
    ctx.emulator.setRateLimit({ size: 2 });
    expect((await call(ctx.emulator, "GET", "/__emulator/rate-limit")).body.bucket).toEqual({ size: 2, refillPerSecond: 2 });
    ctx.emulator.setRateLimit(undefined);
  });

  it("POST /__emulator/faults injects, GET lists, DELETE clears", async () => {
    const added = await call(ctx.emulator, "POST", "/__emulator/faults", { body: { path: PUSH_PATH, count: 2, kind: "503" } });
    expect(added.status).toBe(201);
    expect(added.body.faults).toEqual([{ path: PUSH_PATH, count: 2, kind: "503", remaining: 2 }]);
    expect((await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token })).status).toBe(503);
    expect((await call(ctx.emulator, "GET", "/__emulator/faults")).body.faults[0].remaining).toBe(1);
    const cleared = await call(ctx.emulator, "DELETE", "/__emulator/faults");
    expect(cleared.status).toBe(204);
    expect((await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token })).status).toBe(200);
    const bad = await call(ctx.emulator, "POST", "/__emulator/faults", { body: { path: PUSH_PATH, count: 1, kind: "teapot" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/kind/);
  });

  it("GET /__emulator/requests returns the log and counters, without control requests", async () => {
    await call(ctx.emulator, "GET", `${STREAMS_PATH}?take=2`, { token: ctx.token });
    await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body: { provider: "sns" } });
    await call(ctx.emulator, "GET", "/__emulator/state");
    const res = await call(ctx.emulator, "GET", "/__emulator/requests");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.tokenRequests).toBe(0);
    expect(res.body.counts).toEqual({ [`GET ${STREAMS_PATH}`]: 1, [`PUT ${PUSH_PATH}`]: 1 });
    expect(res.body.requests).toEqual([
      { method: "GET", path: STREAMS_PATH, query: "take=2", status: 200, startedAt: expect.any(Number), durationMs: expect.any(Number) },
      { method: "PUT", path: PUSH_PATH, query: "", status: 200, startedAt: expect.any(Number), durationMs: expect.any(Number) },
    ]);
    expect(Math.abs(res.body.requests[0].startedAt - Date.now())).toBeLessThan(10_000);
  });

  it("count() filters by method and path prefix", async () => {
    await call(ctx.emulator, "GET", PHONE_PATH, { token: ctx.token });
    await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() });
    await call(ctx.emulator, "GET", `${PHONE_PATH}/pro_1111111111111111111111`, { token: ctx.token });
    await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });
    expect(ctx.emulator.count()).toBe(4);
    expect(ctx.emulator.count("GET")).toBe(3);
    expect(ctx.emulator.count("get", PHONE_PATH)).toBe(2);
    expect(ctx.emulator.count(undefined, "/api/v2/branding")).toBe(3);
    expect(ctx.emulator.count("DELETE")).toBe(0);
  });

  it("GET /__emulator/state shows the tenant in wire shapes, without secrets", async () => {
    await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() });
    await call(ctx.emulator, "POST", STREAMS_PATH, { token: ctx.token, body: webhookStream("s1") });
    const res = await call(ctx.emulator, "GET", "/__emulator/state");
    expect(res.body).toMatchObject({
      tenant: "demo-tenant",
      pushProvider: "guardian",
      phoneProviders: [{ name: "vendor_a" }],
      eventStreams: [{ name: "s1" }],
      enrollmentTickets: [],
    });
    expect(res.text).not.toContain("sentinel");
  });

  it("POST /__emulator/reset empties state, log, counters and faults; the live arrays stay the same objects", async () => {
    const requests = ctx.emulator.requests;
    const streams = ctx.emulator.state.eventStreams;
    await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() });
    await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body: { provider: "direct" } });
    ctx.emulator.seedEventStreams(3);
    ctx.emulator.injectFault({ path: PUSH_PATH, count: 1, kind: "500" });
    const res = await call(ctx.emulator, "POST", "/__emulator/reset");
    expect(res.status).toBe(200);
    expect(ctx.emulator.state.pushProvider).toBe("guardian");
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
    expect(streams).toHaveLength(0);
    expect(requests).toHaveLength(0);
    expect(ctx.emulator.count()).toBe(0);
    expect(ctx.emulator.requests).toBe(requests);
    expect((await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token })).status).toBe(200);
  });

  it("unknown control routes are 404", async () => {
    expect((await call(ctx.emulator, "GET", "/__emulator/nope")).status).toBe(404);
    expect((await call(ctx.emulator, "GET", "/__emulator/reset")).status).toBe(404);
  });
});

describe("conventions on every response", () => {
  const ctx = useEmulator();

  it("unknown routes and methods are 404 in the error envelope, with or without a token", async () => {
    for (const [method, path, token] of [
      ["GET", "/api/v2/users", ctx.token],
      ["GET", "/api/v2/users", undefined],
      ["POST", PUSH_PATH, ctx.token],
      ["GET", "/", undefined],
      ["GET", "/api/v2", ctx.token],
    ] as const) {
      const res = await call(ctx.emulator, method, path, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, error: "Not Found", message: "Not Found" });
    }
  });

  it("malformed JSON is 400 invalid_body and changes nothing", async () => {
    const res = await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, raw: '{"name":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message: "Invalid request payload JSON format", errorCode: "invalid_body" });
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
  });

  it("a body over 1 MB is 413", async () => {
    const res = await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, raw: `"${"x".repeat(1_100_000)}"` });
    expect(res.status).toBe(413);
  });

  it("every kind of response has the JSON content type and the x-ratelimit headers", async () => {
    ctx.emulator.seedEventStreams(1);
    const streamId = ctx.emulator.state.eventStreams[0].id;
    const responses = [
      await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token }), // 200
      await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() }), // 201
      await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() }), // 409
      await call(ctx.emulator, "DELETE", `${STREAMS_PATH}/${streamId}`, { token: ctx.token }), // 204
      await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body: {} }), // 400
      await call(ctx.emulator, "GET", PUSH_PATH), // 401
      await call(ctx.emulator, "GET", PUSH_PATH, { token: await ctx.emulator.issueToken("demo", { scopes: [] }) }), // 403
      await call(ctx.emulator, "GET", "/api/v2/nope", { token: ctx.token }), // 404
      await call(ctx.emulator, "GET", "/__emulator/state"), // control
    ];
    expect(responses.map((res) => res.status)).toEqual([200, 201, 409, 204, 400, 401, 403, 404, 200]);
    const tokenError = await call(ctx.emulator, "POST", "/oauth/token", { body: {} });
    expect(tokenError.status).toBe(400);
    // The token endpoint answers `application/json` without a charset, as recorded.
    expect(tokenError.headers.get("content-type")).toBe("application/json");
    for (const res of [...responses, tokenError]) {
      if (res !== tokenError) expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
        expect(res.headers.get(name)).toMatch(/^\d+$/);
      }
    }
  });

  it("keeps connections alive between requests", async () => {
    const res = await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });
    expect(res.headers.get("connection")).not.toBe("close");
    expect(res.headers.get("keep-alive")).toMatch(/timeout=\d+/);
  });
});
