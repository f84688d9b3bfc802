// EventStream handlers against the emulator over real HTTP: one call per operation, write-only webhook secrets
// kept from the inputs and never shown, replace vs update, refresh and drift, ids checked before any call,
// 409s with the service's message and the stream's name (and the id of a stream of that name, to adopt), and check failures that never name `destination`.
import { describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/eventStream/handler";
import { apiRequests, leakedSentinels, rejectionOf, UNKNOWN, useConfiguredTenant } from "./harness";
import { failurePath } from "../support/checkFailures";

const tenant = useConfiguredTenant(handler);

const TOKEN = "sentinel-webhook-token-Yt62Pq";
const ROTATED = "sentinel-webhook-token-rotated-Lm41";
const STREAMS = "/api/v2/event-streams";

const webhook = (token = TOKEN) => ({
  type: "webhook",
  configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: { method: "bearer", token } },
});
const eventBridge = (awsRegion = "us-east-1") => ({ type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion } });
const inputs = (overrides: Record<string, unknown> = {}) => ({
  name: "audit",
  subscriptions: [{ eventType: "user.created" }, { eventType: "user.deleted" }],
  destination: webhook(),
  ...overrides,
});

async function createStream(desired: Record<string, unknown>) {
  const checked = await handler.check({}, desired);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

const sentinels = (text: string) => leakedSentinels(text, [TOKEN, ROTATED]);

describe("EventStream lifecycle", () => {
  it("creates with one POST that always sends status; outputs keep the token the service never returns", async () => {
    const before = apiRequests(tenant());
    const created = await createStream(inputs());
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(created.id).toMatch(/^est_/);
    const sent = tenant().state.findEventStream(created.id);
    expect(sent?.status).toBe("enabled");
    expect(created.outs).toMatchObject({
      name: "audit",
      status: "enabled",
      destination: { type: "webhook", configuration: { webhookAuthorization: { method: "bearer", token: TOKEN } } },
      schemaVersion: 1,
    });
  });

  it("exports the EventBridge partner event source the service assigns", async () => {
    const created = await createStream(inputs({ destination: eventBridge() }));
    expect(created.outs?.destination).toEqual({
      type: "eventbridge",
      configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1", awsPartnerEventSource: expect.any(String) },
    });
  });

  it("refresh is one GET: drift shows, the token stays from state, a stream gone leaves the state", async () => {
    const created = await createStream(inputs());
    tenant().state.findEventStream(created.id)!.status = "disabled";
    const before = apiRequests(tenant());
    const read = await handler.read(created.id, created.outs);
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(read.props).toMatchObject({ status: "disabled", destination: { configuration: { webhookAuthorization: { token: TOKEN } } } });
    const diff = await handler.diff(created.id, read.props, inputs());
    expect(diff).toMatchObject({ changes: true, replaces: [], diffs: ["status"] });
    tenant().state.removeEventStream(created.id);
    expect(await handler.read(created.id, created.outs)).toEqual({ id: "" });
  });

  it("a rotated token is an in-place update that re-sends the webhook destination with it", async () => {
    const created = await createStream(inputs());
    const desired = inputs({ destination: webhook(ROTATED) });
    const diff = await handler.diff(created.id, created.outs, desired);
    expect(diff).toMatchObject({ changes: true, replaces: [], diffs: ["destination"] });
    expect(sentinels(JSON.stringify(diff))).toEqual([]);
    const updated = await handler.update(created.id, created.outs, desired);
    const stored = tenant().state.findEventStream(created.id)!;
    expect(stored.destination.configuration).toMatchObject({ webhook_authorization: { token: ROTATED } });
    expect(updated.outs?.destination).toMatchObject({ configuration: { webhookAuthorization: { token: ROTATED } } });
  });

  it("an action stream's update goes through (the service refuses one that sends destination)", async () => {
    const destination = { type: "action", configuration: { actionId: "act_1" } };
    const created = await createStream(inputs({ destination }));
    const before = apiRequests(tenant());
    const updated = await handler.update(created.id, created.outs, inputs({ name: "renamed", destination, status: "disabled" }));
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(tenant().count("PATCH", STREAMS)).toBe(1);
    expect(updated.outs).toMatchObject({ name: "renamed", status: "disabled", destination });
  });

  it.each([
    ["a type change", webhook(), eventBridge()],
    ["another region", eventBridge(), eventBridge("eu-west-1")],
    ["another action", { type: "action", configuration: { actionId: "a" } }, { type: "action", configuration: { actionId: "b" } }],
  ])("%s replaces the stream", async (_label, before, after) => {
    const outs = { ...inputs({ destination: before }), status: "enabled" };
    expect(await handler.diff("est_x", outs, inputs({ destination: after }))).toMatchObject({
      changes: true,
      replaces: ["destination"],
      deleteBeforeReplace: true, // the name is unique in the tenant
    });
  });

  it("subscriptions are a set, and an omitted status is enabled: no diff", async () => {
    const created = await createStream(inputs());
    const reordered = inputs({ subscriptions: [{ eventType: "user.deleted" }, { eventType: "user.created" }] });
    expect(await handler.diff(created.id, created.outs, reordered)).toMatchObject({ changes: false });
  });

  it("delete is one DELETE, and a stream already gone is success", async () => {
    const created = await createStream(inputs());
    await handler.delete(created.id, created.outs);
    expect(tenant().state.findEventStream(created.id)).toBeUndefined();
    await handler.delete(created.id, created.outs);
  });

  it("a 409 fails with the service's message and the stream's name, the id of the stream there and how to adopt it, without the token", async () => {
    const existing = await createStream(inputs());
    const error = await rejectionOf(createStream(inputs()));
    expect(error.message).toBe(
      'EventStream "audit": the service refused it (409): Event stream name already in use. The tenant\'s stream of this ' +
        `name is "${existing.id}": to manage it with this resource, set adoptExisting: true (it is then updated only where ` +
        `these inputs differ); to only read it, use EventStream.get(name, "${existing.id}") (or "pulumi import" with the ` +
        "native tenant plugin).",
    );
    expect(sentinels(error.message)).toEqual([]);
  });

  it("a 409 whose stream the listing cannot show fails with the service's message alone", async () => {
    await createStream(inputs());
    tenant().injectFault({ method: "GET", path: STREAMS, count: 1, kind: "not_entitled" });
    const error = await rejectionOf(createStream(inputs()));
    expect(error.message).toBe('EventStream "audit": the service refused it (409): Event stream name already in use.');
  });
});

describe("EventStream ids", () => {
  it("refuses an id that cannot be a path segment before any call", async () => {
    const before = tenant().count();
    for (const id of ["", "..", "est/../x", "a b"]) {
      const error = await rejectionOf(handler.read(id, {}));
      expect(error.message).toContain("is not a valid event stream id");
    }
    expect(tenant().count()).toBe(before);
  });

  it("reports the service's 400 invalid_uri as not a valid event stream id, naming it", async () => {
    const error = await rejectionOf(handler.read("est_short", {}));
    expect(error.message).toBe('"est_short" is not a valid event stream id: an id is the service\'s, such as "est_jmj7QpymGFqmysiCpWAcZe".');
  });

  it(".get of an unknown id fails naming it", async () => {
    const error = await rejectionOf(handler.read("est_3UzyS4veHQLMTCt3EzXgTt", {}));
    expect(error.message).toContain('EventStream.get("est_3UzyS4veHQLMTCt3EzXgTt")');
  });
});

describe("EventStream check", () => {
  const failuresOf = async (desired: Record<string, unknown>) => (await handler.check({}, desired)).failures ?? [];

  it("names nested paths, never destination, and shows no secret", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [inputs({ destination: { ...webhook(), configuration: { ...webhook().configuration, webhookEndpoint: "http://plain.example.com" } } }), "destination.configuration.webhookEndpoint"],
      [inputs({ destination: { type: "kafka", configuration: { token: TOKEN } } }), "destination.type"],
      [inputs({ destination: { type: "webhook", configuration: { webhookEndpoint: "https://h.example.com", webhookAuthorization: { method: "bearer" } } } }), "destination.configuration.webhookAuthorization.token"],
      [inputs({ destination: { ...eventBridge(), configuration: { awsAccountId: "12", awsRegion: "us-east-1" } } }), "destination.configuration.awsAccountId"],
      // A secret given where the object holding it belongs, or under a misspelt key: the value is not said.
      [inputs({ destination: { type: "webhook", configuration: { webhookEndpoint: "https://h.example.com", webhookAuthorization: TOKEN } } }), "destination.configuration.webhookAuthorization"],
      [
        inputs({ destination: { type: "webhook", configuration: { webhookEndpoint: "https://h.example.com", webhookAuthorization: { method: "bearer", tokn: TOKEN } } } }),
        "destination.configuration.webhookAuthorization.tokn",
      ],
      [inputs({ destination: { type: "webhook", configuration: { webhookEndpoint: "https://h.example.com", bearerToken: TOKEN } } }), "destination.configuration.bearerToken"],
    ];
    for (const [desired, path] of cases) {
      const failures = await failuresOf(desired);
      expect(failures.map(failurePath)).toContain(path);
      expect(failures.map((failure) => failure.property)).not.toContain("destination");
      expect(sentinels(JSON.stringify(failures))).toEqual([]);
    }
    // The engine would print `value {<nil>}` for a nested path: the reason says the value given instead.
    const [endpoint] = await failuresOf(cases[0][0]);
    expect(endpoint).toEqual({ property: "", reason: 'destination.configuration.webhookEndpoint must be an https:// URL (got "http://plain.example.com")' });
    expect(await failuresOf({ name: "x", subscriptions: [{ eventType: "a" }] })).toEqual([{ property: "", reason: "destination is required" }]);
  });

  it("skips values unknown during preview", async () => {
    expect(await failuresOf(inputs({ destination: UNKNOWN }))).toEqual([]);
  });

  it("refuses an AWS region the service does not offer, naming the ones it does, before any call", async () => {
    const before = apiRequests(tenant());
    for (const region of ["mars-north-1", "us-est-1", "US-EAST-1", ""]) {
      const [failure] = await failuresOf(inputs({ destination: eventBridge(region) }));
      expect(failure.property).toBe("");
      expect(failure.reason).toMatch(/^destination\.configuration\.awsRegion must be one of the AWS regions the service offers EventBridge destinations in: "af-south-1", .*"us-east-1", .*"us-west-2"/);
    }
    expect(await failuresOf(inputs({ destination: eventBridge("ap-southeast-7") }))).toEqual([]);
    expect(apiRequests(tenant()) - before).toBe(0);
  });

  it("refuses a webhook user name or header name the service would refuse, before any call", async () => {
    const authorization = (webhookAuthorization: Record<string, string>) =>
      inputs({ destination: { ...webhook(), configuration: { ...webhook().configuration, webhookAuthorization } } });
    const before = apiRequests(tenant());
    const basic = (username: string) => authorization({ method: "basic", username, password: TOKEN });
    const header = (headerKey: string) => authorization({ method: "custom_header", headerKey, headerValue: TOKEN });
    // A user name with a colon may be a user:password pair: it is not quoted back.
    expect(await failuresOf(basic("deliveries:hunter22"))).toEqual([
      { property: "", reason: "destination.configuration.webhookAuthorization.username must not contain a colon (Basic authorization joins the user name and the password with one)" },
    ]);
    expect(await failuresOf(basic("u".repeat(129)))).toEqual([
      { property: "", reason: expect.stringMatching(/^destination\.configuration\.webhookAuthorization\.username must be at most 128 character\(s\) long/) },
    ]);
    for (const name of ["X Hook Key", "X-Hook-Key:", ""]) {
      expect(await failuresOf(header(name))).toEqual([
        { property: "", reason: expect.stringMatching(/^destination\.configuration\.webhookAuthorization\.headerKey must be an HTTP header name: ASCII letters, digits and !#\$%&'\*\+\.\^_`\|~- only \(no space or colon\)/) },
      ]);
    }
    expect(await failuresOf(header("X-Hook_Key.v2"))).toEqual([]);
    expect(await failuresOf(basic("deliveries"))).toEqual([]);
    expect(apiRequests(tenant()) - before).toBe(0);
  });

  it("never quotes back a value shaped like a credential: a URL's query, user info or fragment", async () => {
    const endpoint = (webhookEndpoint: string) => inputs({ destination: { ...webhook(), configuration: { ...webhook().configuration, webhookEndpoint } } });
    for (const given of [`http://hooks.example.org/?token=${TOKEN}`, `http://deliveries:${TOKEN}@hooks.example.org/in`, `ftp://hooks.example.org/#${TOKEN}`]) {
      expect(await failuresOf(endpoint(given))).toEqual([{ property: "", reason: "destination.configuration.webhookEndpoint must be an https:// URL" }]);
    }
  });
});

describe("EventStream replacement, which deletes the old stream first", () => {
  /** What the handler printed on stderr (where a warning goes outside a provider host) while `run` ran. */
  async function stderrOf(run: () => Promise<unknown>): Promise<string> {
    let written = "";
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => ((written += String(chunk)), true));
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return written;
  }

  it("the diff that plans it warns so, and of the partner event source an EventBridge stream loses", async () => {
    const created = await createStream(inputs({ destination: eventBridge() }));
    const source = (created.outs?.destination as { configuration: { awsPartnerEventSource: string } }).configuration.awsPartnerEventSource;
    const warned = await stderrOf(async () => {
      expect(await handler.diff(created.id, created.outs, inputs({ destination: eventBridge("eu-west-1") }))).toMatchObject({ deleteBeforeReplace: true });
    });
    expect(warned).toBe(
      'warning: This change replaces the event stream "audit" by deleting it first (a stream\'s name is unique in the tenant), then ' +
        `creating the new one: no event is delivered until the new stream exists, and its EventBridge partner event source (${source}) ` +
        "goes with it: the new stream gets a new one, which must be associated with an event bus in the AWS account again. If the " +
        "create fails, the old one is gone all the same.\n",
    );
    expect(await stderrOf(() => handler.diff(created.id, created.outs, inputs({ destination: eventBridge(), status: "disabled" })))).toBe("");
  });

  it("a create that fails after the delete says what is gone and how to recover; a later create does not", async () => {
    const created = await createStream(inputs({ destination: eventBridge() }));
    const source = (created.outs?.destination as { configuration: { awsPartnerEventSource: string } }).configuration.awsPartnerEventSource;
    await handler.delete(created.id, created.outs);
    tenant().injectFault({ method: "POST", path: STREAMS, count: 2, kind: "not_entitled" });
    const checked = await handler.check({}, inputs({ destination: eventBridge("eu-west-1") }));
    const error = await rejectionOf(handler.create(checked.inputs));
    expect(error.message).toContain(
      `Before this create, the event stream "audit" it replaces (${created.id}) was deleted (a stream's name is unique in the tenant) and is ` +
        `gone: no event is delivered until the new stream exists, and its EventBridge partner event source (${source}) goes with it`,
    );
    expect(error.message).toMatch(/Putting the old inputs back does not bring it back; fix the cause and run "pulumi up" again to create the new one\.$/);
    expect((await rejectionOf(handler.create(checked.inputs))).message).not.toContain("Before this create");
  });
});

describe("EventStream diff after create", () => {
  it("an EventBridge stream's stored outputs (with the partner event source) make no diff against the same inputs", async () => {
    const desired = inputs({ destination: eventBridge() });
    const created = await createStream(desired);
    expect(await handler.diff(created.id, created.outs, desired)).toMatchObject({ changes: false });
  });
});

describe("EventStream after an import: the webhook secret cannot be read back", () => {
  /** The inputs an import reads back: everything but the secret. */
  const imported = () => inputs({ destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: { method: "bearer" } } } });

  it("a create without the token fails its check, naming the nested field, never destination", async () => {
    const checked = await handler.check({}, imported());
    expect(checked.failures?.map(failurePath)).toEqual(["destination.configuration.webhookAuthorization.token"]);
  });

  it("an existing stream may leave the token out (or give an empty one): check passes, nothing changes, the service keeps it", async () => {
    const created = await createStream(inputs());
    const read = await handler.read(created.id, {});
    for (const given of [imported(), inputs({ destination: webhook("") })]) {
      const checked = await handler.check(read.inputs, given);
      expect(checked.failures).toEqual([]);
      expect(JSON.stringify(checked.inputs)).not.toContain('"token"');
      await expect(handler.diff(created.id, read.props, checked.inputs)).resolves.toMatchObject({ changes: false });
    }
  });

  it("an update without the token sends no destination, and the service keeps its token", async () => {
    const created = await createStream(inputs());
    const read = await handler.read(created.id, {});
    const renamed = { ...imported(), name: "audit-renamed" };
    const checked = await handler.check(read.inputs, renamed);
    const updated = await handler.update(created.id, read.props, checked.inputs);
    expect(updated.outs).toMatchObject({ name: "audit-renamed" });
    expect(sentinels(JSON.stringify(updated.outs))).toEqual([]);
    // A destination sent without its token would have replaced the service's authorization: it still holds the token.
    expect(JSON.stringify(tenant().state.findEventStream(created.id)?.destination)).toContain(TOKEN);
  });

  it("a changed webhook destination without the token fails before any call, saying which secret it needs", async () => {
    const created = await createStream(inputs());
    const read = await handler.read(created.id, {});
    const moved = inputs({ destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/moved", webhookAuthorization: { method: "bearer" } } } });
    const checked = await handler.check(read.inputs, moved);
    const before = apiRequests(tenant());
    const error = await rejectionOf(handler.update(created.id, read.props, checked.inputs));
    expect(error.message).toContain("needs its token");
    expect(apiRequests(tenant()) - before).toBe(0);
  });
});
