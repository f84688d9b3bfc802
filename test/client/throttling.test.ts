// The proactive throttle over real HTTP: against the emulator's per-second bucket the client draws no 429 of
// its own, a cold process probes with one request, a server without rate-limit headers is not slowed, and a
// 429 caused by someone else spending the budget is waited out without a failure or a duplicate create.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, TenantClient } from "../../provider/client";
import { startEmulator, type Emulator, type EmulatorOptions, type RequestLogEntry } from "../../tools/emulator";
import { FAST, PUSH_API_PATH, PUSH_PATH, clientCredentials, pushSelectionSchema, rejectionOf, staticToken } from "./helpers";

const TICKET_PATH = "/guardian/enrollments/ticket";

const emulators: Emulator[] = [];
const clients: TenantClient[] = [];
const servers: Server[] = [];

/** Every test gets its own emulator port, hence its own per-base-URL budget starting cold. */
async function setup(options: EmulatorOptions, clientOptions = FAST): Promise<{ emu: Emulator; tenant: TenantClient }> {
  const emu = await startEmulator(options);
  emulators.push(emu);
  const tenant = new TenantClient(clientCredentials(emu.url), clientOptions);
  clients.push(tenant);
  return { emu, tenant };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((tenant) => tenant.close()));
  await Promise.all(emulators.splice(0).map((emu) => emu.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const readPush = (tenant: TenantClient): Promise<unknown> =>
  tenant.request("GET", PUSH_PATH, { operation: "read push provider", schema: pushSelectionSchema });
const createTicket = (tenant: TenantClient, index: number): Promise<unknown> =>
  tenant.request("POST", TICKET_PATH, { operation: "create enrollment ticket", body: { user_id: `auth0|throttle-${index}`, factor: "otp" } });

const apiRequests = (emu: Emulator): RequestLogEntry[] => emu.requests.filter((entry) => entry.path.startsWith("/api/v2/"));

/** Requests that arrived in each epoch second, keyed by second. */
function arrivalsPerSecond(entries: RequestLogEntry[]): number[] {
  const perSecond = new Map<number, number>();
  for (const entry of entries) {
    const second = Math.floor(entry.startedAt / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return [...perSecond.values()];
}

describe("proactive throttle", () => {
  it("sends 80 concurrent calls through a 20-per-second bucket without one 429, at the bucket's pace", async () => {
    const { emu, tenant } = await setup({ rateLimit: 20 }, { deadlineMs: 30_000 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 80 }, () => readPush(tenant)));
    const elapsed = Date.now() - started;

    const api = apiRequests(emu);
    expect(api.map((entry) => entry.status)).toEqual(Array(80).fill(200));
    expect(Math.max(...arrivalsPerSecond(api))).toBeLessThanOrEqual(20);
    // 80 requests at 20 per second span at least three resets; waiting for the budget must not add a second.
    expect(elapsed).toBeGreaterThanOrEqual(3 * 1000 - 1000);
    expect(elapsed).toBeLessThan(5 * 1000);
  });

  it("sends one request first in a cold process, and the rest only once its answer set the pace", async () => {
    const { emu, tenant } = await setup({ rateLimit: 50 });
    await Promise.all(Array.from({ length: 10 }, () => readPush(tenant)));
    const [first, ...rest] = apiRequests(emu);
    expect(rest).toHaveLength(9);
    for (const later of rest) expect(later.startedAt).toBeGreaterThanOrEqual(first.startedAt + first.durationMs);
  });

  it("creates 60 tickets while a neighbour spends the same budget: 429s are waited out, none fails or repeats", async () => {
    const { emu, tenant } = await setup({ rateLimit: 15 }, { deadlineMs: 60_000 });
    const neighbourToken = await emu.issueToken("demo");
    let neighbourRunning = true;
    // Another process of the same tenant: it knows nothing of our budget and sends 5 reads every 200 ms.
    const neighbour = (async () => {
      while (neighbourRunning) {
        await Promise.all(
          Array.from({ length: 5 }, () =>
            fetch(emu.url + PUSH_API_PATH, { headers: { authorization: `Bearer ${neighbourToken}` } }).then((response) => response.text()),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    // And the service rejects some creates outright, as it does when a neighbour got there first.
    emu.injectFault({ method: "POST", path: `/api/v2${TICKET_PATH}`, count: 5, kind: "429", resetSeconds: 1 });
    try {
      await Promise.all(Array.from({ length: 60 }, (_, index) => createTicket(tenant, index)));
    } finally {
      neighbourRunning = false;
      await neighbour;
    }
    const posts = apiRequests(emu).filter((entry) => entry.method === "POST");
    expect(posts.filter((entry) => entry.status === 429).length).toBeGreaterThanOrEqual(5);
    expect(posts.filter((entry) => entry.status === 200)).toHaveLength(60);
    expect(emu.state.enrollmentTickets).toHaveLength(60);
    expect(new Set(emu.state.enrollmentTickets.map((ticket) => ticket.request.user_id)).size).toBe(60);
  });

  it("fails a call at once when a 429 holds the tenant past its deadline", async () => {
    const { emu, tenant } = await setup({});
    await readPush(tenant);
    emu.injectFault({ method: "GET", path: PUSH_API_PATH, count: 1, kind: "429", retryAfterSeconds: 30 });
    // The 429'd call itself gives up (its wait would pass its deadline) and holds everyone for 30 s.
    await rejectionOf(readPush(tenant));
    const started = Date.now();
    const error = await rejectionOf(readPush(tenant));
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain("the rate limit stays exhausted past the call's deadline");
  });

  it("does not slow a server that sends no rate-limit headers: after the first answer, calls go out together", async () => {
    let open = 0;
    let mostOpen = 0;
    const server = createServer((_request, response) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      setTimeout(() => {
        open--;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ provider: "guardian" }));
      }, 50);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const tenant = new TenantClient(staticToken(url, "header-less-token"), FAST);
    clients.push(tenant);
    await Promise.all(Array.from({ length: 20 }, () => readPush(tenant)));
    expect(mostOpen).toBeGreaterThanOrEqual(10);
  });
});
