// The tenant's bucket: x-ratelimit-* on every response; with a limit, real 429s once spent, recovery at reset.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { call, PUSH_PATH, STREAMS_PATH, useEmulator } from "./support";

const LIMIT = 3;

/** Waits until early in an epoch second, so a short burst cannot straddle a refill. */
async function startOfSecond(): Promise<void> {
  const intoSecond = Date.now() % 1000;
  if (intoSecond > 500) await sleep(1010 - intoSecond);
}

/**
 * Runs a burst inside one epoch second, from a fresh bucket: on a loaded machine a burst can still cross a
 * refill, and then it is run again (the assertions come after, on the burst that stayed within its second).
 */
async function burstInOneSecond<T>(emulator: { reset(): void }, burst: () => Promise<T>): Promise<{ second: number; result: T }> {
  for (let attempt = 1; ; attempt++) {
    await startOfSecond();
    emulator.reset();
    const second = Math.floor(Date.now() / 1000);
    const result = await burst();
    if (Math.floor(Date.now() / 1000) === second || attempt === 5) return { second, result };
  }
}

const header = (res: { headers: Headers }, name: string): number => Number(res.headers.get(name));

describe.each([false, true])(`rate limit of ${LIMIT} req/s, retryAfter %s`, (retryAfter) => {
  const ctx = useEmulator({ rateLimit: LIMIT, retryAfter });
  const get = () => call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });

  it("counts down, answers 429 once spent, and recovers at x-ratelimit-reset", async () => {
    const { second, result: responses } = await burstInOneSecond(ctx.emulator, async () => {
      const answered = [];
      for (let i = 0; i < LIMIT; i++) answered.push(await get());
      answered.push(await call(ctx.emulator, "PUT", PUSH_PATH, { token: ctx.token, body: { provider: "sns" } }));
      return answered;
    });
    const limited = responses.pop()!;
    for (const [index, res] of responses.entries()) {
      expect(res.status).toBe(200);
      expect(header(res, "x-ratelimit-limit")).toBe(LIMIT);
      expect(header(res, "x-ratelimit-remaining")).toBe(LIMIT - 1 - index);
      expect(header(res, "x-ratelimit-reset")).toBe(second + 1);
    }
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "Global limit has been reached",
      errorCode: "too_many_requests",
    });
    expect(header(limited, "x-ratelimit-remaining")).toBe(0);
    const reset = header(limited, "x-ratelimit-reset");
    expect(reset).toBe(second + 1);
    expect(limited.headers.get("retry-after")).toBe(retryAfter ? "1" : null);
    expect(ctx.emulator.state.pushProvider).toBe("guardian"); // the throttled PUT changed nothing

    await sleep(Math.max(0, reset * 1000 - Date.now()) + 20);
    const recovered = await get();
    expect(recovered.status).toBe(200);
    expect(header(recovered, "x-ratelimit-remaining")).toBe(LIMIT - 1);
  });

  it("token requests and test controls neither spend the budget nor get throttled", async () => {
    const { result } = await burstInOneSecond(ctx.emulator, async () => {
      for (let i = 0; i < LIMIT; i++) await get();
      const limited = await get();
      const token = await call(ctx.emulator, "POST", "/oauth/token", {
        form: { grant_type: "client_credentials", client_id: "demo", client_secret: "demo-secret", audience: "/api/v2/" },
      });
      return { limited, token };
    });
    expect(result.limited.status).toBe(429);
    const { token } = result;
    expect(token.status).toBe(200);
    expect(header(token, "x-ratelimit-remaining")).toBe(0);
    expect((await call(ctx.emulator, "GET", "/__emulator/state")).status).toBe(200);
  });

  it("reset() refills the bucket", async () => {
    await startOfSecond();
    for (let i = 0; i < LIMIT; i++) await get();
    ctx.emulator.reset();
    expect((await call(ctx.emulator, "GET", STREAMS_PATH, { token: ctx.token })).status).toBe(200);
  });
});

describe("a bucket that refills slower than its size per second", () => {
  const ctx = useEmulator({ rateLimit: 3, refillPerSecond: 1, retryAfter: true });
  const get = () => call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });

  it("returns one token per second; x-ratelimit-reset is when the bucket is full again, Retry-After the next token", async () => {
    const { second, result: responses } = await burstInOneSecond(ctx.emulator, async () => [await get(), await get(), await get(), await get()]);
    const limited = responses.pop()!;
    for (const [index, res] of responses.entries()) {
      const remaining = 2 - index;
      expect(res.status).toBe(200);
      expect(header(res, "x-ratelimit-remaining")).toBe(remaining);
      expect(header(res, "x-ratelimit-reset")).toBe(second + 3 - remaining); // full after (3 - remaining) tokens at 1/s
    }
    expect(limited.status).toBe(429);
    expect(header(limited, "x-ratelimit-reset")).toBe(second + 3);
    expect(limited.headers.get("retry-after")).toBe("1");

    await sleep((second + 1) * 1000 - Date.now() + 20);
    const refilled = await get();
    expect(refilled.status).toBe(200); // one token came back, not three
    expect(header(refilled, "x-ratelimit-remaining")).toBe(0);
    expect(header(refilled, "x-ratelimit-reset")).toBe(second + 4);
    expect((await get()).status).toBe(429);
  });

  it("a fractional refill (0.5 per second) returns a token every other second", async () => {
    ctx.emulator.setRateLimit({ size: 2, refillPerSecond: 0.5 });
    const { second, result } = await burstInOneSecond(ctx.emulator, async () => [await get(), await get(), await get()]);
    const [, last, limited] = result;
    expect(header(last, "x-ratelimit-remaining")).toBe(0);
    expect(header(last, "x-ratelimit-reset")).toBe(second + 4);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    ctx.emulator.setRateLimit({ size: 3, refillPerSecond: 1 });
  });
});

describe("without a rate limit", () => {
  const ctx = useEmulator();

  it("every response still carries x-ratelimit-limit, -remaining and -reset (epoch seconds)", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await call(ctx.emulator, "GET", PUSH_PATH, { token: ctx.token });
      expect(res.status).toBe(200);
      expect(header(res, "x-ratelimit-limit")).toBeGreaterThan(0);
      expect(header(res, "x-ratelimit-remaining")).toBeGreaterThan(0);
      expect(Math.abs(header(res, "x-ratelimit-reset") - Date.now() / 1000)).toBeLessThan(5);
    }
  });
});
