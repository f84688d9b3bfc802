// Event-stream management beyond the listing: PATCH by id (any subset of fields; a webhook's destination with
// its secret; an action stream's destination refused; a type never changed in place), GET/DELETE on malformed
// ids, DELETE idempotent, and POST's configurable status default.
import { describe, expect, it } from "vitest";
import { call, STREAMS_PATH, useEmulator, webhookStream, type Json } from "./support";

const MALFORMED_IDS = ["est_x", "pro_3UzyS4veHQLMTCt3EzXgTt", "est_3UzyS4veHQLMTCt3EzXgT!"];

const eventBridge = (name: string): Json => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } },
});
const action = (name: string): Json => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: { type: "action", configuration: { action_id: "act_1" } },
});

describe("event stream updates", () => {
  const ctx = useEmulator();
  const send = (method: string, path: string, body?: Json) => call(ctx.emulator, method, path, { token: ctx.token, body });
  const create = async (body: Json): Promise<Json> => {
    const res = await send("POST", STREAMS_PATH, body);
    expect(res.status).toBe(201);
    return res.body as Json;
  };

  it("PATCH changes only the fields sent, answers the whole object and advances updated_at", async () => {
    const stream = await create(webhookStream("hook"));
    const res = await send("PATCH", `${STREAMS_PATH}/${stream.id}`, { status: "disabled", subscriptions: [{ event_type: "user.deleted" }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...stream,
      status: "disabled",
      subscriptions: [{ event_type: "user.deleted" }],
      updated_at: expect.any(String),
    });
    expect(res.body.updated_at > stream.updated_at).toBe(true);
    expect((await send("GET", `${STREAMS_PATH}/${stream.id}`)).body).toEqual(res.body);
  });

  it("PATCH of a webhook destination stores the new secret and never returns it", async () => {
    const stream = await create(webhookStream("hook"));
    const destination = {
      type: "webhook",
      configuration: { webhook_endpoint: "https://new.example.com/in", webhook_authorization: { method: "bearer", token: "sentinel-rotated" } },
    };
    const res = await send("PATCH", `${STREAMS_PATH}/${stream.id}`, { destination });
    expect(res.status).toBe(200);
    expect(res.body.destination).toEqual({
      type: "webhook",
      configuration: { webhook_endpoint: "https://new.example.com/in", webhook_authorization: { method: "bearer" } },
    });
    expect(res.text).not.toContain("sentinel-rotated");
    expect(ctx.emulator.state.findEventStream(stream.id as string)?.destination.configuration).toMatchObject({
      webhook_authorization: { token: "sentinel-rotated" },
    });
  });

  it("PATCH of an eventbridge stream without destination keeps the partner event source", async () => {
    const stream = await create(eventBridge("bridge"));
    expect(stream.destination.configuration.aws_partner_event_source).toEqual(expect.any(String));
    const res = await send("PATCH", `${STREAMS_PATH}/${stream.id}`, { name: "bridge-renamed" });
    expect(res.status).toBe(200);
    expect(res.body.destination).toEqual(stream.destination);
  });

  it("refuses an action stream's PATCH that sends destination, and accepts one without", async () => {
    const stream = await create(action("act"));
    const refused = await send("PATCH", `${STREAMS_PATH}/${stream.id}`, { destination: stream.destination });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe("invalid_body");
    expect((await send("GET", `${STREAMS_PATH}/${stream.id}`)).body).toEqual(stream);
    expect((await send("PATCH", `${STREAMS_PATH}/${stream.id}`, { status: "disabled" })).status).toBe(200);
  });

  it("refuses a change of destination type in place", async () => {
    const stream = await create(webhookStream("hook"));
    const res = await send("PATCH", `${STREAMS_PATH}/${stream.id}`, { destination: eventBridge("x").destination });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/from webhook to eventbridge/);
  });

  it("PATCH: an empty body or an unknown field is 400, a name in use 409, an unknown stream 404", async () => {
    const first = await create(webhookStream("first"));
    await create(webhookStream("second"));
    const path = `${STREAMS_PATH}/${first.id}`;
    expect((await send("PATCH", path, {})).status).toBe(400);
    expect((await send("PATCH", path, { id: first.id })).status).toBe(400);
    const conflict = await send("PATCH", path, { name: "second" });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe("Event stream name already in use.");
    expect((await send("PATCH", path, { name: "first" })).status).toBe(200); // its own name is no conflict
    const missing = await send("PATCH", `${STREAMS_PATH}/est_3UzyS4veHQLMTCt3EzXgTt`, { name: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("The requested stream does not exist.");
  });

  it.each(["GET", "PATCH", "DELETE"])("%s of a malformed id is 400 invalid_uri naming the id", async (method) => {
    for (const id of MALFORMED_IDS) {
      const res = await send(method, `${STREAMS_PATH}/${encodeURIComponent(id)}`, method === "PATCH" ? { name: "x" } : undefined);
      expect(res.status, id).toBe(400);
      expect(res.body.errorCode).toBe("invalid_uri");
      expect(res.body.message).toContain(`format event-stream-id: ${id}`);
    }
  });

  it("DELETE answers 204 twice", async () => {
    const stream = await create(webhookStream("hook"));
    expect((await send("DELETE", `${STREAMS_PATH}/${stream.id}`)).status).toBe(204);
    expect((await send("DELETE", `${STREAMS_PATH}/${stream.id}`)).status).toBe(204);
    expect((await send("GET", `${STREAMS_PATH}/${stream.id}`)).status).toBe(404);
  });

  it("POST without status gives enabled by default; with it, the status sent", async () => {
    expect((await create(webhookStream("hook"))).status).toBe("enabled");
    expect((await create({ ...webhookStream("other"), status: "disabled" })).status).toBe("disabled");
  });
});

describe("event streams on an emulator recording early 2025", () => {
  const ctx = useEmulator({ eventStreamStatusDefault: "disabled" });

  it("POST without status gives disabled; an explicit enabled is kept", async () => {
    const created = await call(ctx.emulator, "POST", STREAMS_PATH, { token: ctx.token, body: webhookStream("hook") });
    expect(created.body.status).toBe("disabled");
    const enabled = await call(ctx.emulator, "POST", STREAMS_PATH, { token: ctx.token, body: { ...webhookStream("on"), status: "enabled" } });
    expect(enabled.body.status).toBe("enabled");
  });
});
