// getEventStreams over real HTTP against the emulator: completeness, order, request counts, limit/from,
// and recovery from throttling and server errors in the middle of a listing.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../provider/client/errors";
import { getEventStreams, getEventStreamsOutput } from "../../provider/functions/getEventStreams";
import { DEFAULT_CLIENT, eventStreamCursor, SEED_DESTINATIONS, startEmulator, type Emulator } from "../../tools/emulator";
import { settle } from "./settle";
import { useTenantEnv } from "./tenantEnv";

const LIST_PATH = "/api/v2/event-streams";
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
  useTenantEnv(emulator.url, DEFAULT_CLIENT.id, DEFAULT_CLIENT.secret);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await emulator.close();
});

beforeEach(() => emulator.reset());

function seededIds(): string[] {
  return emulator.state.eventStreams.map((stream) => stream.id);
}

/** The `next` the service sends on a page ending at the stream at `index`: passed as `from`, the listing resumes after it. */
function cursorAfter(index: number): string {
  return eventStreamCursor(emulator.state.eventStreams[index]);
}

/** The query of every list request the emulator answered (or faulted), in order. */
function listQueries(): Record<string, string>[] {
  return emulator.requests
    .filter((entry) => entry.method === "GET" && entry.path === LIST_PATH)
    .map((entry) => Object.fromEntries(new URLSearchParams(entry.query)));
}

describe("getEventStreams reads every stream exactly once, in order, with the fewest requests", () => {
  it.each([0, 1, 99, 100, 101, 1_000, 10_000])("%i streams with the default page size", async (n) => {
    emulator.seedEventStreams(n);
    const { eventStreams } = await getEventStreams();

    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds());
    // One request per full or partial page, plus the empty page the service sends after the last stream.
    const pages = Math.ceil(n / 100) + 1;
    expect(emulator.count("GET", LIST_PATH)).toBe(pages);
    const queries = listQueries();
    expect(queries.every((query) => query.take === "100")).toBe(true);
    // Each page resumes after the previous page's last stream: the cursor chain never skips or repeats.
    expect(queries.map((query) => query.from)).toEqual(
      Array.from({ length: pages }, (_, page) => (page === 0 ? undefined : cursorAfter(Math.min(page * 100, n) - 1))),
    );
    expect(emulator.tokenRequests()).toBeLessThanOrEqual(1);
  });

  it.each([
    [99, 7, 16],
    [100, 10, 11],
    [101, 50, 4],
    [5, 1, 6],
  ])("%i streams with take %i in %i requests", async (n, take, requests) => {
    emulator.seedEventStreams(n);
    const { eventStreams } = await getEventStreams({ take });
    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds());
    expect(emulator.count("GET", LIST_PATH)).toBe(requests);
  });

  it("reports progress every 20 pages when run by the Pulumi engine", async () => {
    emulator.seedEventStreams(4_100);
    const hasEngine = vi.spyOn(pulumi.runtime, "hasEngine").mockReturnValue(true);
    const info = vi.spyOn(pulumi.log, "info").mockResolvedValue(undefined);
    try {
      await getEventStreams();
      expect(info.mock.calls.map(([message]) => message)).toEqual([
        "getEventStreams: 2000 event streams read so far (20 pages)",
        "getEventStreams: 4000 event streams read so far (40 pages)",
      ]);
    } finally {
      hasEngine.mockRestore();
      info.mockRestore();
    }
  });

  it("translates every field to camelCase", async () => {
    emulator.seedEventStreams(1);
    const [stored] = emulator.state.eventStreams;
    const { eventStreams } = await getEventStreams();
    expect(eventStreams).toEqual([
      {
        id: stored.id,
        name: stored.name,
        status: "enabled",
        subscriptions: stored.subscriptions.map((subscription) => ({ eventType: subscription.event_type })),
        destination: {
          type: "webhook",
          configuration: {
            webhookEndpoint: `https://hooks.example.com/${stored.name}`,
            webhookAuthorization: { method: "basic", username: "seed" },
          },
        },
        createdAt: stored.created_at,
        updatedAt: stored.updated_at,
      },
    ]);
  });

  it("reads every destination type the service lists, with each stream's status", async () => {
    emulator.seedEventStreams(5, { destinations: SEED_DESTINATIONS, status: "disabled" });
    const stored = emulator.state.eventStreams;
    const { eventStreams } = await getEventStreams();
    expect(eventStreams.map((stream) => stream.status)).toEqual(Array(5).fill("disabled"));
    const wire = (index: number): Record<string, unknown> => stored[index].destination.configuration;
    expect(eventStreams.map((stream) => stream.destination)).toEqual([
      { type: "webhook", configuration: { webhookEndpoint: wire(0).webhook_endpoint, webhookAuthorization: { method: "basic", username: "seed" } } },
      { type: "webhook", configuration: { webhookEndpoint: wire(1).webhook_endpoint, webhookAuthorization: { method: "bearer" } } },
      { type: "webhook", configuration: { webhookEndpoint: wire(2).webhook_endpoint, webhookAuthorization: { method: "custom_header", headerKey: "x-seed-key" } } },
      { type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1", awsPartnerEventSource: wire(3).aws_partner_event_source } },
      { type: "action", configuration: { actionId: wire(4).action_id } },
    ]);
  });
});

describe("limit and from", () => {
  beforeEach(() => emulator.seedEventStreams(250));

  it("stops at the limit, the last page asking only for what is still needed", async () => {
    const { eventStreams } = await getEventStreams({ limit: 150 });
    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds().slice(0, 150));
    expect(listQueries()).toEqual([{ take: "100" }, { from: cursorAfter(99), take: "50" }]);
  });

  it.each([
    [100, 1],
    [1, 1],
    [1_000, 4],
  ])("limit %i takes %i requests", async (limit, requests) => {
    const { eventStreams } = await getEventStreams({ limit });
    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds().slice(0, limit));
    expect(emulator.count("GET", LIST_PATH)).toBe(requests);
  });

  it("resumes after the stream whose `next` value is given as from", async () => {
    const from = cursorAfter(39);
    const { eventStreams } = await getEventStreams({ from });
    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds().slice(40));
    expect(listQueries()).toEqual([
      { from, take: "100" },
      { from: cursorAfter(139), take: "100" },
      { from: cursorAfter(239), take: "100" },
      { from: cursorAfter(249), take: "100" },
    ]);
  });

  it("combines from and limit in one request", async () => {
    const from = cursorAfter(39);
    const { eventStreams } = await getEventStreams({ from, limit: 60, take: 80 });
    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds().slice(40, 100));
    expect(listQueries()).toEqual([{ from, take: "60" }]);
  });

  it("reports a from the API does not accept (a stream id is not a cursor) as the API's error", async () => {
    const error = await getEventStreams({ from: seededIds()[0] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain("list event streams");
  });

  it("takes Inputs in the Output form", async () => {
    const result = await settle(getEventStreamsOutput({ take: pulumi.output(50), limit: Promise.resolve(120) }));
    expect(result.value?.eventStreams.map((stream) => stream.id)).toEqual(seededIds().slice(0, 120));
    expect(listQueries().map((query) => query.take)).toEqual(["50", "50", "20"]);
  });
});

describe("faults in the middle of a listing", () => {
  /** Lets `pagesBefore` list requests through untouched, so the next fault lands mid-way. */
  function afterPages(pagesBefore: number): void {
    emulator.injectFault({ method: "GET", path: LIST_PATH, count: pagesBefore, kind: "delay", delayMs: 0 });
  }

  function expectResumedInPlace(faultedAt: number, retries: number): void {
    const queries = listQueries();
    const faulted = emulator.requests.filter((entry) => entry.path === LIST_PATH).map((entry) => entry.faulted);
    expect(faulted.slice(faultedAt, faultedAt + retries).every((kind) => kind !== undefined && kind !== "delay")).toBe(true);
    // Each retry asks for the very page that failed, then paging carries on from there.
    for (let retry = 1; retry <= retries; retry++) expect(queries[faultedAt + retry]).toEqual(queries[faultedAt]);
    expect(queries[faultedAt].from).toBe(cursorAfter(faultedAt * 100 - 1));
  }

  it("waits out a 429 and resumes where it was", async () => {
    emulator.seedEventStreams(1_000);
    afterPages(3);
    emulator.injectFault({ method: "GET", path: LIST_PATH, count: 1, kind: "429", resetSeconds: 1 });
    const { eventStreams } = await getEventStreams();
    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds());
    expect(emulator.count("GET", LIST_PATH)).toBe(12); // 10 pages, the empty last page, 1 retry
    expectResumedInPlace(3, 1);
  });

  it("retries 503s and loses or repeats nothing", async () => {
    emulator.seedEventStreams(1_000);
    afterPages(5);
    emulator.injectFault({ method: "GET", path: LIST_PATH, count: 2, kind: "503" });
    const { eventStreams } = await getEventStreams();
    expect(eventStreams.map((stream) => stream.id)).toEqual(seededIds());
    expect(emulator.count("GET", LIST_PATH)).toBe(13); // 10 pages, the empty last page, 2 retries
    expectResumedInPlace(5, 2);
  });
});
