// Event streams: POST (seeding), GET by id, DELETE, and the list's query validation. Paging is in paging.test.ts.
import { describe, expect, it } from "vitest";
import { call, ISO_MS, STREAMS_PATH, useEmulator, webhookStream, type Json } from "./support";

describe("event streams", () => {
  const ctx = useEmulator();
  const create = (body: Json) => call(ctx.emulator, "POST", STREAMS_PATH, { token: ctx.token, body });

  it("POST answers 201 with the contract's fields and omits the webhook secret", async () => {
    const res = await create(webhookStream("user-hook"));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^est_[A-Za-z0-9]{22}$/),
      name: "user-hook",
      status: "enabled",
      subscriptions: [{ event_type: "user.created" }],
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://hooks.example.com/in",
          webhook_authorization: { method: "basic", username: "admin" },
        },
      },
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    expect(res.text).not.toContain("sentinel-password");
    expect(ctx.emulator.state.eventStreams[0].destination.configuration).toMatchObject({ webhook_authorization: { password: "sentinel-password" } });
  });

  it.each([
    [{ method: "bearer", token: "sentinel-token" }, { method: "bearer" }],
    [{ method: "custom_header", header_key: "x-key", header_value: "sentinel-value" }, { method: "custom_header", header_key: "x-key" }],
  ])("omits the secret of %j", async (authorization, shown) => {
    const body = webhookStream("s", {
      destination: { type: "webhook", configuration: { webhook_endpoint: "https://h.example.com", webhook_authorization: authorization } },
      status: "disabled",
    });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("disabled");
    expect(res.body.destination.configuration.webhook_authorization).toEqual(shown);
    expect(res.text).not.toContain("sentinel");
  });

  it("POST accepts an eventbridge destination (201) and answers with the partner event source the service assigns", async () => {
    const configuration = { aws_account_id: "123456789012", aws_region: "us-east-1" };
    const res = await create(webhookStream("bridge", { destination: { type: "eventbridge", configuration } }));
    expect(res.status).toBe(201);
    expect(res.body.destination).toEqual({
      type: "eventbridge",
      configuration: { ...configuration, aws_partner_event_source: expect.stringMatching(/^aws\.partner\/.+\.events$/) },
    });
    const got = await call(ctx.emulator, "GET", `${STREAMS_PATH}/${res.body.id}`, { token: ctx.token });
    expect(got.body.destination).toEqual(res.body.destination);
  });

  it("POST accepts an action destination (201) and answers with its configuration", async () => {
    const actionId = "a4c6e3f0-1b2c-4d5e-8f90-123456789abc";
    const res = await create(webhookStream("act", { destination: { type: "action", configuration: { action_id: actionId } } }));
    expect(res.status).toBe(201);
    expect(res.body.destination).toEqual({ type: "action", configuration: { action_id: actionId } });
  });

  it.each([
    ["name missing", { subscriptions: [{ event_type: "a" }] }, "Payload validation error: 'Missing required property: name'."],
    ["a 129-character name", webhookStream("n".repeat(129)), "Payload validation error: 'String is too long (129 chars), maximum 128' on property name (Name of the event stream)."],
    ["no subscriptions", webhookStream("s", { subscriptions: [] }), "Payload validation error: 'Array is too short (0), minimum 1' on property subscriptions (List of event types subscribed to in this stream)."],
    ["an empty event_type", webhookStream("s", { subscriptions: [{ event_type: "" }] }), "Payload validation error: 'String is too short (0 chars), minimum 1' on property subscriptions[0].event_type."],
    ["a plain-http endpoint", webhookStream("s", { destination: { type: "webhook", configuration: { webhook_endpoint: "http://h", webhook_authorization: { method: "bearer", token: "t" } } } }), "Payload validation error: 'String does not match pattern ^https://: http://h' on property destination.configuration.webhook_endpoint (Target HTTP endpoint URL)."],
    ["basic without password", webhookStream("s", { destination: { type: "webhook", configuration: { webhook_endpoint: "https://h", webhook_authorization: { method: "basic", username: "u" } } } }), "Payload validation error: 'Missing required property: password' on property destination.configuration.webhook_authorization."],
    ["a user name with a colon", webhookStream("s", { destination: { type: "webhook", configuration: { webhook_endpoint: "https://h", webhook_authorization: { method: "basic", username: "u:p", password: "secret" } } } }), "Payload validation error: 'String does not match pattern ^[^:]+$: u:p' on property destination.configuration.webhook_authorization.username (Username)."],
    ["a header name with a space", webhookStream("s", { destination: { type: "webhook", configuration: { webhook_endpoint: "https://h", webhook_authorization: { method: "custom_header", header_key: "X Key", header_value: "v" } } } }), "Payload validation error: 'String does not match pattern ^[a-zA-Z0-9!#$%&'*+.^_`|~-]+$: X Key' on property destination.configuration.webhook_authorization.header_key (HTTP header name.)."],
    ["an unknown destination type", webhookStream("s", { destination: { type: "sqs", configuration: {} } }), `Payload validation error: 'No enum match for: "sqs"' on property destination.type.`],
    ["eventbridge without a region", webhookStream("s", { destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012" } } }), "Payload validation error: 'Missing required property: aws_region' on property destination.configuration."],
    ["eventbridge with an unknown region", webhookStream("s", { destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "mars-1" } } }), `Payload validation error: 'No enum match for: "mars-1"' on property destination.configuration.aws_region (AWS Region for EventBridge destination).`],
    ["eventbridge with a short account id", webhookStream("s", { destination: { type: "eventbridge", configuration: { aws_account_id: "123", aws_region: "us-east-1" } } }), "Payload validation error: 'String does not match pattern ^\\d{12}$: 123' on property destination.configuration.aws_account_id (AWS Account ID for EventBridge destination)."],
    ["eventbridge with the service's own partner event source", webhookStream("s", { destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1", aws_partner_event_source: "x" } } }), "Payload validation error: 'Additional properties not allowed: aws_partner_event_source' on property destination.configuration."],
    ["action without an action id", webhookStream("s", { destination: { type: "action", configuration: {} } }), "Payload validation error: 'Missing required property: action_id' on property destination.configuration."],
    ["a webhook setting on an action", webhookStream("s", { destination: { type: "action", configuration: { action_id: "a", webhook_endpoint: "https://h" } } }), "Payload validation error: 'Additional properties not allowed: webhook_endpoint' on property destination.configuration."],
    ["an extra property", webhookStream("s", { id: "est_x" }), "Payload validation error: 'Additional properties not allowed: id'."],
  ])("POST rejects %s with 400 invalid_body and creates nothing", async (_label, body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.eventStreams).toHaveLength(0);
  });

  it("POST with a name in use is 409", async () => {
    expect((await create(webhookStream("dup"))).status).toBe(201);
    const res = await create(webhookStream("dup"));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, error: "Conflict", message: "Event stream name already in use." });
    expect(ctx.emulator.state.eventStreams).toHaveLength(1);
  });

  it("GET by id returns the stream; a missing one is 404, a malformed id 400 invalid_uri", async () => {
    const created = (await create(webhookStream("one"))).body;
    const got = await call(ctx.emulator, "GET", `${STREAMS_PATH}/${created.id}`, { token: ctx.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    const missing = await call(ctx.emulator, "GET", `${STREAMS_PATH}/est_1111111111111111111111`, { token: ctx.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, error: "Not Found", message: "The requested stream does not exist." });
    const malformed = await call(ctx.emulator, "GET", `${STREAMS_PATH}/est_x`, { token: ctx.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "Path validation error: 'Object didn't pass validation for format event-stream-id: est_x' on property id (Unique identifier for the event stream).",
      errorCode: "invalid_uri",
    });
  });

  it("DELETE is 204 with an empty body, twice", async () => {
    const created = (await create(webhookStream("gone"))).body;
    for (let i = 0; i < 2; i++) {
      const res = await call(ctx.emulator, "DELETE", `${STREAMS_PATH}/${created.id}`, { token: ctx.token });
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
    }
    expect(ctx.emulator.state.eventStreams).toHaveLength(0);
  });

  it.each([
    ["take=0", "Query validation error: 'Value 0 is less than minimum 1' on property take (Number of results per page. Defaults to 50)."],
    ["take=101", "Query validation error: 'Value 101 is greater than maximum 100' on property take (Number of results per page. Defaults to 50)."],
    ["take=abc", "Query validation error: 'Expected type integer but found type string' on property take (Number of results per page. Defaults to 50)."],
    ["take=", "Query validation error: 'Expected type integer but found type string' on property take (Number of results per page. Defaults to 50)."],
    ["from=est_1111111111111111111111", "Invalid query string paging options"],
    ["from=", "Invalid query string paging options"],
  ])("GET ?%s is 400 invalid_query_string", async (query, message) => {
    ctx.emulator.seedEventStreams(3);
    const res = await call(ctx.emulator, "GET", `${STREAMS_PATH}?${query}`, { token: ctx.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_query_string" });
  });

  it("seeding numbers names on across calls, per prefix, skipping names in use", async () => {
    await create(webhookStream("seeded-stream-2"));
    ctx.emulator.seedEventStreams(1);
    ctx.emulator.seedEventStreams(1);
    ctx.emulator.seedEventStreams(1, { namePrefix: "bulk" });
    expect(ctx.emulator.state.eventStreams.map((s) => s.name)).toEqual(["seeded-stream-2", "seeded-stream-1", "seeded-stream-3", "bulk-1"]);
  });
});
