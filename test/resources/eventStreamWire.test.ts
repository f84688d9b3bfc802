// EventStream's wire mapping as tables: inputs → POST and PATCH bodies (status always sent; an update sends the
// destination only for a webhook, secret included), and responses → outputs with the write-only secret kept.
import { describe, expect, it } from "vitest";
import { eventStreamDefinition } from "../../provider/resources/eventStream/definition";
import { expandCreate, expandUpdate, flattenEventStreamResponse, streamPath } from "../../provider/resources/eventStream/wire";

const subscriptions = [{ eventType: "user.created" }];
/** expand receives checked inputs, defaults filled in (status "enabled"). */
const checked = (given: unknown) => eventStreamDefinition.inputs.parse(given);
const authorizations = [
  [{ method: "bearer", token: "t" }, { method: "bearer", token: "t" }],
  [{ method: "basic", username: "u", password: "p" }, { method: "basic", username: "u", password: "p" }],
  [{ method: "custom_header", headerKey: "k", headerValue: "v" }, { method: "custom_header", header_key: "k", header_value: "v" }],
] as const;

describe("expand", () => {
  it.each(authorizations)("webhook %j: create and update both send the authorization with its secret", (authorization, wire) => {
    const inputs = checked({
      name: "n",
      subscriptions,
      destination: { type: "webhook", configuration: { webhookEndpoint: "https://h", webhookAuthorization: authorization } },
    });
    const destination = { type: "webhook", configuration: { webhook_endpoint: "https://h", webhook_authorization: wire } };
    expect(expandCreate(inputs)).toEqual({ name: "n", subscriptions: [{ event_type: "user.created" }], destination, status: "enabled" });
    expect(expandUpdate({ ...inputs, status: "disabled" })).toEqual({ name: "n", subscriptions: [{ event_type: "user.created" }], destination, status: "disabled" });
  });

  it.each([
    [{ type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1" } }, { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } }],
    [{ type: "action", configuration: { actionId: "a" } }, { type: "action", configuration: { action_id: "a" } }],
  ] as const)("%j: create sends the destination, an update never does", (destination, wire) => {
    const inputs = checked({ name: "n", subscriptions, destination });
    expect(expandCreate(inputs).destination).toEqual(wire);
    expect(expandUpdate(inputs)).toEqual({ name: "n", subscriptions: [{ event_type: "user.created" }], status: "enabled" });
  });
});

describe("flatten", () => {
  const response = (destination: { type: string; configuration: Record<string, unknown> }, status?: string) => ({
    id: "est_1",
    name: "n",
    ...(status ? { status } : {}),
    subscriptions: [{ event_type: "user.created" }],
    destination,
    created_at: "c",
    updated_at: "u",
  });

  it("keeps the secret of the same method from the inputs, and none of another method", () => {
    const kept = { type: "webhook", configuration: { webhookEndpoint: "https://h", webhookAuthorization: { method: "bearer", token: "t" } } } as const;
    const wire = response({ type: "webhook", configuration: { webhook_endpoint: "https://h", webhook_authorization: { method: "bearer" } } }, "disabled");
    expect(flattenEventStreamResponse(wire, kept, "get")).toEqual({
      id: "est_1",
      name: "n",
      status: "disabled",
      subscriptions,
      destination: { type: "webhook", configuration: { webhookEndpoint: "https://h", webhookAuthorization: { method: "bearer", token: "t" } } },
      createdAt: "c",
      updatedAt: "u",
    });
    const basic = response({ type: "webhook", configuration: { webhook_endpoint: "https://h", webhook_authorization: { method: "basic", username: "x" } } });
    expect(flattenEventStreamResponse(basic, kept, "get").destination).toEqual({
      type: "webhook",
      configuration: { webhookEndpoint: "https://h", webhookAuthorization: { method: "basic", username: "x" } },
    });
  });

  it("reads an EventBridge destination with its partner event source; refuses a type it cannot manage", () => {
    const wire = response({ type: "eventbridge", configuration: { aws_account_id: "1", aws_region: "r", aws_partner_event_source: "aws.partner/x" } });
    expect(flattenEventStreamResponse(wire, undefined, "get").destination).toEqual({
      type: "eventbridge",
      configuration: { awsAccountId: "1", awsRegion: "r", awsPartnerEventSource: "aws.partner/x" },
    });
    expect(() => flattenEventStreamResponse(response({ type: "kafka", configuration: {} }), undefined, "get event stream")).toThrow(
      /get event stream failed: the service answered with a destination of type "kafka"/,
    );
  });
});

describe("streamPath", () => {
  it.each(["est_jmj7QpymGFqmysiCpWAcZe", "a.b~c-d_e"])("takes %s as one segment", (id) => {
    expect(streamPath(id)).toBe(`/event-streams/${id}`);
  });
  it.each(["", ".", "..", "a/b", "a%2Fb", "a b", "é"])("refuses %j before any call", (id) => {
    expect(() => streamPath(id)).toThrow(/is not a valid event stream id/);
  });
});
