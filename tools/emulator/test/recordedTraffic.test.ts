// One test per fact that recorded traffic of the real service adds to the contract (event-stream paging and
// destinations, webhook authorization, stream status, custom phone providers, tenant names, list items,
// ticket URLs, token answers): the emulator answers the way the service was recorded answering.
import { describe, expect, it } from "vitest";
import { call, PHONE_PATH, STREAMS_PATH, TICKET_PATH, useEmulator, vendorProvider, webhookStream, type Json } from "./support";

const TENANT = "go-tenant-dev.eu.identity.example";

describe("as recorded on the real service", () => {
  const ctx = useEmulator({ tenant: TENANT });
  const post = (path: string, body: Json) => call(ctx.emulator, "POST", path, { token: ctx.token, body });
  const listStreams = async (query = ""): Promise<Json> => (await call(ctx.emulator, "GET", `${STREAMS_PATH}${query}`, { token: ctx.token })).body;

  it("event-stream paging: an opaque cursor of each page's last stream, on a short final page too, then an empty page without next", async () => {
    ctx.emulator.seedEventStreams(3);
    const [, , last] = ctx.emulator.state.eventStreams;
    const first = await listStreams("?take=2");
    const final = await listStreams(`?take=2&from=${encodeURIComponent(first.next as string)}`);
    expect(final.eventStreams.map((stream: Json) => stream.id)).toEqual([last.id]);
    expect(Buffer.from(final.next as string, "base64").toString("utf8")).toMatch(new RegExp(`UTC,${last.id}$`));
    expect(await listStreams(`?take=2&from=${encodeURIComponent(final.next as string)}`)).toEqual({ eventStreams: [] });
  });

  it("event-stream destinations: eventbridge and action streams are created (201) and listed with their configuration", async () => {
    const bridge = { aws_account_id: "123456789012", aws_region: "us-east-1" };
    const action = { action_id: "0f5a7c3e-2b1d-4e6f-9a8b-7c6d5e4f3a2b" };
    expect((await post(STREAMS_PATH, webhookStream("bridge", { destination: { type: "eventbridge", configuration: bridge } }))).status).toBe(201);
    expect((await post(STREAMS_PATH, webhookStream("act", { destination: { type: "action", configuration: action } }))).status).toBe(201);
    const { eventStreams } = await listStreams();
    expect(eventStreams.map((stream: Json) => stream.destination)).toEqual([
      { type: "eventbridge", configuration: { ...bridge, aws_partner_event_source: expect.stringMatching(/^aws\.partner\/.+\.events$/) } },
      { type: "action", configuration: action },
    ]);
  });

  it("webhook authorization: basic shows username, bearer only its method, custom_header its header_key; no secret is ever listed", async () => {
    const authorizations = [
      { method: "basic", username: "admin", password: "sentinel-password" },
      { method: "bearer", token: "sentinel-token" },
      { method: "custom_header", header_key: "x-api-key", header_value: "sentinel-header-value" },
    ];
    for (const [index, webhook_authorization] of authorizations.entries()) {
      const destination = { type: "webhook", configuration: { webhook_endpoint: "https://hooks.example.com/in", webhook_authorization } };
      expect((await post(STREAMS_PATH, webhookStream(`hook-${index}`, { destination }))).status).toBe(201);
    }
    const res = await call(ctx.emulator, "GET", STREAMS_PATH, { token: ctx.token });
    expect(res.body.eventStreams.map((stream: Json) => stream.destination.configuration.webhook_authorization)).toEqual([
      { method: "basic", username: "admin" },
      { method: "bearer" },
      { method: "custom_header", header_key: "x-api-key" },
    ]);
    expect(res.text).not.toContain("sentinel");
  });

  it("stream status: enabled when the POST leaves it out, kept as sent otherwise, and present in list items", async () => {
    expect((await post(STREAMS_PATH, webhookStream("default"))).body.status).toBe("enabled");
    expect((await post(STREAMS_PATH, webhookStream("off", { status: "disabled" }))).body.status).toBe("disabled");
    expect((await listStreams()).eventStreams.map((stream: Json) => stream.status)).toEqual(["enabled", "disabled"]);
  });

  it("custom phone provider: a PATCH switching to custom while still sending sid and default_from is 200 and echoes them", async () => {
    const created = (await post(PHONE_PATH, vendorProvider())).body;
    const configuration = { sid: "sid1", default_from: "+15550100", delivery_methods: ["text"] };
    const res = await call(ctx.emulator, "PATCH", `${PHONE_PATH}/${created.id}`, { token: ctx.token, body: { name: "custom", configuration } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "custom", configuration });
  });

  it("phone provider tenant: an opaque string, here a full domain as some recordings show", async () => {
    expect((await post(PHONE_PATH, vendorProvider())).body.tenant).toBe(TENANT);
  });

  it("phone provider list items: never the credentials (recordings show them as null at most)", async () => {
    await post(PHONE_PATH, vendorProvider());
    const res = await call(ctx.emulator, "GET", PHONE_PATH, { token: ctx.token });
    expect(res.body.providers).toHaveLength(1);
    expect(res.body.providers[0].credentials ?? null).toBeNull();
    expect(res.text).not.toContain("sentinel-auth-token");
  });

  it("ticket URLs: <tenant host>/mfa/enrollment?ticket=<32 characters>", async () => {
    const res = await post(TICKET_PATH, { user_id: "email|68998c2d684ac37fcd52bfbe" });
    expect(res.body.ticket_url).toMatch(new RegExp(`^${ctx.emulator.url}/mfa/enrollment\\?ticket=[A-Za-z0-9]{32}$`));
  });

  it("token answers: application/json without a charset, and access_token, expires_in, token_type without scope", async () => {
    const res = await call(ctx.emulator, "POST", "/oauth/token", {
      form: { grant_type: "client_credentials", client_id: "demo", client_secret: "demo-secret", audience: `${ctx.emulator.url}/api/v2/` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(Object.keys(res.body).sort()).toEqual(["access_token", "expires_in", "token_type"]);
  });
});
