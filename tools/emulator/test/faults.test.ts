// Injected faults: each kind, the count honoured, method/path matching, and afterHandling.
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { call, PHONE_PATH, PUSH_PATH, useEmulator, vendorProvider } from "./support";

describe("fault injection", () => {
  const ctx = useEmulator();
  const get = () => call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });
  const putSns = () => call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body: { provider: "sns" } });

  it("429: the next `count` matching requests get the global-limit body with reset = now + resetSeconds", async () => {
    ctx.emulator.injectFault({ path: PUSH_PATH, count: 2, kind: "429", resetSeconds: 7 });
    for (let i = 0; i < 2; i++) {
      const before = Math.floor(Date.now() / 1000);
      const res = await get();
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        statusCode: 429,
        error: "Too Many Requests",
        message: "Global limit has been reached",
        errorCode: "too_many_requests",
      });
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
      const reset = Number(res.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThanOrEqual(before + 7);
      expect(reset).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 7);
      expect(res.headers.get("retry-after")).toBeNull();
    }
    expect((await get()).status).toBe(200);
    expect(ctx.emulator.requests.map((entry) => entry.faulted)).toEqual(["429", "429", undefined]);
  });

  it("429 with retryAfterSeconds sends Retry-After", async () => {
    ctx.emulator.injectFault({ path: PUSH_PATH, count: 1, kind: "429", retryAfterSeconds: 3 });
    const res = await get();
    expect(res.headers.get("retry-after")).toBe("3");
  });

  it.each([
    ["500", "Internal Server Error"],
    ["502", "Bad Gateway"],
    ["503", "Service Unavailable"],
  ] as const)("%s: an error envelope, the request not applied, then normal service", async (kind, phrase) => {
    ctx.emulator.injectFault({ method: "PUT", path: PUSH_PATH, count: 1, kind, retryAfterSeconds: 2 });
    const res = await putSns();
    expect(res.status).toBe(Number(kind));
    expect(res.body).toEqual({ statusCode: Number(kind), error: phrase, message: phrase });
    expect(res.headers.get("retry-after")).toBe("2");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(ctx.emulator.state.pushProvider).toBe("guardian");
    expect((await putSns()).status).toBe(200);
    expect(ctx.emulator.state.pushProvider).toBe("sns");
  });

  it("matches the method: a PUT fault leaves GETs alone", async () => {
    ctx.emulator.injectFault({ method: "put", path: PUSH_PATH, count: 1, kind: "500" });
    expect((await get()).status).toBe(200);
    expect((await putSns()).status).toBe(500);
  });

  it("matches a path prefix ending in *, and not other paths", async () => {
    ctx.emulator.injectFault({ path: `${PHONE_PATH}*`, count: 2, kind: "503" });
    expect((await get()).status).toBe(200);
    expect((await call(ctx.emulator, "GET", PHONE_PATH, { token: ctx.token })).status).toBe(503);
    expect((await call(ctx.emulator, "GET", `${PHONE_PATH}/pro_1111111111111111111111?x=1`, { token: ctx.token })).status).toBe(503);
    expect((await call(ctx.emulator, "GET", PHONE_PATH, { token: ctx.token })).status).toBe(200);
  });

  it("an exact path does not match longer paths", async () => {
    ctx.emulator.injectFault({ path: PHONE_PATH, count: 1, kind: "500" });
    expect((await call(ctx.emulator, "GET", `${PHONE_PATH}/pro_1111111111111111111111`, { token: ctx.token })).status).toBe(404);
    expect((await call(ctx.emulator, "GET", PHONE_PATH, { token: ctx.token })).status).toBe(500);
  });

  it("drop: the connection closes without a response, then service resumes", async () => {
    ctx.emulator.injectFault({ path: PUSH_PATH, count: 1, kind: "drop" });
    await expect(putSns()).rejects.toThrow();
    expect(ctx.emulator.state.pushProvider).toBe("guardian");
    expect(ctx.emulator.requests.at(-1)).toMatchObject({ method: "PUT", path: PUSH_PATH, status: 0, faulted: "drop" });
    expect((await get()).status).toBe(200);
  });

  it("delay: responds normally after delayMs", async () => {
    ctx.emulator.injectFault({ path: PUSH_PATH, count: 1, kind: "delay", delayMs: 300 });
    const started = performance.now();
    const res = await putSns();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
    expect(ctx.emulator.requests.at(-1)).toMatchObject({ status: 200, faulted: "delay" });
    expect(ctx.emulator.requests.at(-1)!.durationMs).toBeGreaterThanOrEqual(290);
  });

  /** The requests held now, once `count` are (a delay fault holds a request only once it has arrived). */
  async function held(count: number) {
    for (let waited = 0; ctx.emulator.heldRequests().length < count; waited += 10) {
      if (waited > 5_000) throw new Error(`${count} held request(s) expected, ${ctx.emulator.heldRequests().length} held`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return ctx.emulator.heldRequests();
  }

  it("delay, released to be handled: the request is applied and answered at once, long before delayMs", async () => {
    ctx.emulator.injectFault({ method: "POST", path: PHONE_PATH, count: 1, kind: "delay", delayMs: 60_000 });
    const started = performance.now();
    const answer = call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() });
    const [request] = await held(1);
    expect(request).toMatchObject({ method: "POST", path: PHONE_PATH });
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
    request.release("handle");
    expect((await answer).status).toBe(201);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(ctx.emulator.state.phoneProviders.size).toBe(1);
    expect(ctx.emulator.heldRequests()).toEqual([]);
    expect(ctx.emulator.requests.at(-1)).toMatchObject({ method: "POST", status: 201, faulted: "delay" });
  });

  it("delay, released to be dropped: the connection closes and the request is never applied", async () => {
    ctx.emulator.injectFault({ method: "POST", path: PHONE_PATH, count: 1, kind: "delay", delayMs: 60_000 });
    const answer = call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() }).then(
      () => "answered",
      () => "connection lost",
    );
    const [request] = await held(1);
    request.release("drop");
    expect(await answer).toBe("connection lost");
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
    expect(ctx.emulator.requests.at(-1)).toMatchObject({ method: "POST", path: PHONE_PATH, status: 0, faulted: "delay, dropped" });
    // Released once: a second release changes nothing.
    request.release("handle");
    expect(ctx.emulator.state.phoneProviders.size).toBe(0);
  });

  it("delay, its client gone before the release: a handled request is still applied", async () => {
    ctx.emulator.injectFault({ method: "POST", path: PHONE_PATH, count: 1, kind: "delay", delayMs: 60_000 });
    const abort = new AbortController();
    const body = JSON.stringify(vendorProvider());
    const answer = fetch(`${ctx.emulator.url}${PHONE_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ctx.token}`, "content-type": "application/json" },
      body,
      signal: abort.signal,
    }).catch(() => "aborted");
    const [request] = await held(1);
    abort.abort();
    expect(await answer).toBe("aborted");
    request.release("handle");
    for (let waited = 0; ctx.emulator.state.phoneProviders.size === 0 && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ctx.emulator.state.phoneProviders.size).toBe(1);
  });

  it("503 afterHandling: the create is applied, then the call fails (an ambiguous failure)", async () => {
    ctx.emulator.injectFault({ method: "POST", path: PHONE_PATH, count: 1, kind: "503", afterHandling: true });
    const res = await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() });
    expect(res.status).toBe(503);
    expect(ctx.emulator.state.phoneProviders.size).toBe(1);
    expect(ctx.emulator.requests.at(-1)).toMatchObject({ status: 503, faulted: "503 after handling" });
    // A blind retry now meets the one-per-tenant rule.
    expect((await call(ctx.emulator, "POST", PHONE_PATH, { token: ctx.token, body: vendorProvider() })).status).toBe(409);
  });

  it("drop afterHandling: the change is applied and the connection closes", async () => {
    ctx.emulator.injectFault({ method: "PUT", path: PUSH_PATH, count: 1, kind: "drop", afterHandling: true });
    await expect(putSns()).rejects.toThrow();
    expect(ctx.emulator.state.pushProvider).toBe("sns");
  });

  it("faults the token endpoint too, with OAuth-shaped bodies", async () => {
    ctx.emulator.injectFault({ path: "/oauth/token/", count: 2, kind: "429", resetSeconds: 1 });
    const params = { grant_type: "client_credentials", client_id: "demo", client_secret: "demo-secret", audience: "/api/v2/" };
    const first = await call(ctx.emulator, "POST", "/oauth/token/", { form: params });
    expect(first.status).toBe(429);
    expect(first.body).toEqual({ error: "too_many_requests", error_description: "Global limit has been reached" });
    expect((await call(ctx.emulator, "POST", "/oauth/token", { form: params })).status).toBe(429);
    expect((await call(ctx.emulator, "POST", "/oauth/token", { form: params })).status).toBe(200);
    expect(ctx.emulator.tokenRequests()).toBe(3);
  });

  it("clearFaults drops pending faults", async () => {
    ctx.emulator.injectFault({ path: PUSH_PATH, count: 5, kind: "500" });
    ctx.emulator.clearFaults();
    expect((await get()).status).toBe(200);
  });

  it("the first pending matching fault wins; the next one follows", async () => {
    ctx.emulator.injectFault({ path: PUSH_PATH, count: 1, kind: "502" });
    ctx.emulator.injectFault({ path: "/api/v2/*", count: 1, kind: "503" });
    expect((await get()).status).toBe(502);
    expect((await get()).status).toBe(503);
    expect((await get()).status).toBe(200);
  });

  it.each([
    [{ path: PUSH_PATH, count: 0, kind: "500" }, /count/],
    [{ path: "no-slash", count: 1, kind: "500" }, /path/],
    [{ path: PUSH_PATH, count: 1, kind: "418" }, /kind/],
    [{ path: PUSH_PATH, count: 1, kind: "delay" }, /delayMs/],
    [{ path: PUSH_PATH, count: 1, kind: "429", afterHandling: true }, /afterHandling/],
  ])("rejects the bad spec %j", (spec, message) => {
    expect(() => ctx.emulator.injectFault(spec as never)).toThrow(message);
  });
});
