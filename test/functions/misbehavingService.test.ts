// getEventStreams against a service that breaks the paging rules or adds to the contract's shape.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResponseShapeError } from "../../provider/client/errors";
import { EventStreamsPagingError, getEventStreams } from "../../provider/functions/getEventStreams";
import {
  SCRIPTED_CLIENT_ID,
  SCRIPTED_CLIENT_SECRET,
  startScriptedServer,
  wireStream,
  type PageScript,
  type ScriptedServer,
} from "./scriptedServer";
import { useTenantEnv } from "./tenantEnv";

let server: ScriptedServer | undefined;

async function serve(script: PageScript): Promise<ScriptedServer> {
  server = await startScriptedServer(script);
  useTenantEnv(server.url, SCRIPTED_CLIENT_ID, SCRIPTED_CLIENT_SECRET);
  return server;
}

/** Pages keyed by the `from` they answer ("" = the first page). */
function pages(byCursor: Record<string, { ids: string[]; next?: string | null }>): PageScript {
  return (from) => {
    const page = byCursor[from ?? ""];
    if (!page) return { status: 400, body: { statusCode: 400, error: "Bad Request", message: `no page ${from}` } };
    return { body: { eventStreams: page.ids.map((id) => wireStream(id)), next: page.next } };
  };
}

async function pagingError(promise: Promise<unknown>): Promise<EventStreamsPagingError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EventStreamsPagingError);
  return error as EventStreamsPagingError;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

describe("getEventStreams never loops on a misbehaving service", () => {
  it("stops with an error naming a next cursor that comes back", async () => {
    const scripted = await serve(
      pages({ "": { ids: ["a", "b"], next: "c" }, c: { ids: ["c", "d"], next: "c" } }),
    );
    const error = await pagingError(getEventStreams());
    expect(error.cursor).toBe("c");
    expect(error.message).toContain('"c"');
    expect(scripted.listQueries).toEqual([{ take: "100" }, { from: "c", take: "100" }]);
  });

  it("catches a cycle through several cursors", async () => {
    const scripted = await serve(
      pages({ "": { ids: ["a"], next: "b" }, b: { ids: ["b"], next: "c" }, c: { ids: ["c"], next: "b" } }),
    );
    const error = await pagingError(getEventStreams({ take: 1 }));
    expect(error.cursor).toBe("b");
    expect(scripted.listQueries).toHaveLength(3);
  });

  it("stops when a page brings nothing while next stays set, even with fresh cursors", async () => {
    let cursorsHandedOut = 0;
    const scripted = await serve((from) => {
      if (from === undefined) return { body: { eventStreams: [wireStream("a")], next: "p0" } };
      cursorsHandedOut++;
      return { body: { eventStreams: [], next: `p${cursorsHandedOut}` } };
    });
    const error = await pagingError(getEventStreams());
    expect(error.cursor).toBe("p1");
    expect(error.message).toContain('"p0"');
    expect(scripted.listQueries).toHaveLength(2);
  });

  it("stops when a page repeats only streams already read", async () => {
    const scripted = await serve(
      pages({ "": { ids: ["a", "b"], next: "n1" }, n1: { ids: ["a", "b"], next: "n2" }, n2: { ids: ["c"] } }),
    );
    const error = await pagingError(getEventStreams());
    expect(error.cursor).toBe("n2");
    expect(scripted.listQueries).toHaveLength(2);
  });
});

describe("getEventStreams tolerates what the contract leaves open", () => {
  it("reads each stream once when pages overlap", async () => {
    await serve(pages({ "": { ids: ["a", "b"], next: "b" }, b: { ids: ["b", "c"] } }));
    const { eventStreams } = await getEventStreams();
    expect(eventStreams.map((stream) => stream.id)).toEqual(["a", "b", "c"]);
  });

  it.each([
    ["an empty string", ""],
    ["null", null],
  ])("treats a next of %s as the last page", async (_label, next) => {
    const scripted = await serve(pages({ "": { ids: ["a"], next } }));
    const { eventStreams } = await getEventStreams();
    expect(eventStreams.map((stream) => stream.id)).toEqual(["a"]);
    expect(scripted.listQueries).toHaveLength(1);
  });

  it("reads an empty tenant whose page has neither key", async () => {
    const scripted = await serve(() => ({ body: {} }));
    await expect(getEventStreams()).resolves.toEqual({ eventStreams: [] });
    expect(scripted.listQueries).toEqual([{ take: "100" }]);
  });

  it("accepts an empty last page after a full one that still said next", async () => {
    const scripted = await serve(pages({ "": { ids: ["a", "b"], next: "z" }, z: { ids: [] } }));
    const { eventStreams } = await getEventStreams({ take: 2 });
    expect(eventStreams.map((stream) => stream.id)).toEqual(["a", "b"]);
    expect(scripted.listQueries).toEqual([{ take: "2" }, { from: "z", take: "2" }]);
  });

  it("ignores unknown fields, reads every known destination type, and passes unknown types and methods through", async () => {
    await serve(() => ({
      body: {
        eventStreams: [
          wireStream("hook", { status: "enabled", owner: { team: "x" } }),
          {
            ...wireStream("bridge", { status: "disabled" }),
            destination: {
              type: "eventbridge",
              configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1", aws_partner_event_source: "aws.partner/x/y" },
            },
          },
          {
            ...wireStream("bearer"),
            destination: {
              type: "webhook",
              configuration: {
                webhook_endpoint: "https://hooks.example.com/b",
                webhook_authorization: { method: "bearer", token_hint: "****" },
              },
            },
          },
          {
            ...wireStream("header"),
            destination: {
              type: "webhook",
              configuration: {
                webhook_endpoint: "https://hooks.example.com/h",
                webhook_authorization: { method: "custom_header", header_key: "x-api-key" },
              },
            },
          },
          { ...wireStream("action"), destination: { type: "action", configuration: { action_id: "act-1", extra: true } } },
          { ...wireStream("queue", { status: "paused" }), destination: { type: "sqs", configuration: { queue_url: "https://sqs.example/q", nested: { a: 1 } } } },
          { ...wireStream("bare"), destination: { type: "pubsub", configuration: null } },
          // A known type without a field it always has cannot be read as that type: passed through as other.
          { ...wireStream("broken"), destination: { type: "action", configuration: { actionId: "camel" } } },
        ],
        total: 8,
      },
    }));
    const { eventStreams } = await getEventStreams();
    expect(eventStreams).toEqual([
      {
        id: "hook",
        name: "stream-hook",
        status: "enabled",
        subscriptions: [{ eventType: "user.created" }],
        destination: {
          type: "webhook",
          configuration: {
            webhookEndpoint: "https://hooks.example.com/hook",
            webhookAuthorization: { method: "basic", username: "admin" },
          },
        },
        createdAt: "2026-01-16T08:50:33.955Z",
        updatedAt: "2026-01-16T08:50:33.955Z",
      },
      expect.objectContaining({
        id: "bridge",
        status: "disabled",
        destination: {
          type: "eventbridge",
          configuration: { awsAccountId: "123456789012", awsRegion: "eu-west-1", awsPartnerEventSource: "aws.partner/x/y" },
        },
      }),
      expect.objectContaining({
        id: "bearer",
        destination: {
          type: "webhook",
          configuration: { webhookEndpoint: "https://hooks.example.com/b", webhookAuthorization: { method: "bearer" } },
        },
      }),
      expect.objectContaining({
        id: "header",
        destination: {
          type: "webhook",
          configuration: { webhookEndpoint: "https://hooks.example.com/h", webhookAuthorization: { method: "custom_header", headerKey: "x-api-key" } },
        },
      }),
      expect.objectContaining({ id: "action", destination: { type: "action", configuration: { actionId: "act-1" } } }),
      expect.objectContaining({
        id: "queue",
        status: "paused",
        destination: { type: "other", serviceType: "sqs", configuration: { queue_url: "https://sqs.example/q", nested: { a: 1 } } },
      }),
      expect.objectContaining({ id: "bare", destination: { type: "other", serviceType: "pubsub", configuration: {} } }),
      expect.objectContaining({ id: "broken", destination: { type: "other", serviceType: "action", configuration: { actionId: "camel" } } }),
    ]);
    expect(eventStreams[2]).not.toHaveProperty("status"); // left out when the API leaves it out
  });

  it("fails with a shape error naming the field when a stream lacks its id", async () => {
    const { id: _dropped, ...withoutId } = wireStream("x");
    await serve(() => ({ body: { eventStreams: [wireStream("a"), withoutId] } }));
    const error = await getEventStreams().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues.map((issue) => issue.path)).toContain("eventStreams.1.id");
  });

  it.each([
    ["an array", ["webhook_endpoint"]],
    ["a string", "webhook_endpoint=https://hooks.example.com/h"],
  ])("fails with a shape error naming the field when a destination's configuration is %s", async (_what, configuration) => {
    const stream = wireStream("x");
    await serve(() => ({ body: { eventStreams: [{ ...stream, destination: { type: "webhook", configuration } }] } }));
    const error = await getEventStreams().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues).toEqual([{ path: "eventStreams.0.destination.configuration", message: "expected an object" }]);
  });
});
