// The public result types of getEventStreams narrow on `destination.type`: each known variant exposes its own
// configuration, and `other` keeps narrowing intact (its type is the literal "other", never a plain string).
// The type assertions are checked by `npm run typecheck`; the runtime part checks the translation feeds them.
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  ActionDestination,
  EventBridgeDestination,
  EventStreamInfo,
  EventStreamDestination,
  OtherDestination,
  WebhookDestination,
} from "../../provider";
import { flattenDestination } from "../../provider/resources/eventStream/wire";

/** What a user writes: one branch per variant, and the compiler proves every variant is handled. */
function describeDestination(destination: EventStreamDestination): string {
  switch (destination.type) {
    case "webhook": {
      expectTypeOf(destination).toEqualTypeOf<WebhookDestination>();
      const { webhookEndpoint, webhookAuthorization } = destination.configuration;
      const who = webhookAuthorization.username ?? webhookAuthorization.headerKey ?? "-";
      return `webhook ${webhookEndpoint} ${webhookAuthorization.method} ${who}`;
    }
    case "eventbridge": {
      expectTypeOf(destination).toEqualTypeOf<EventBridgeDestination>();
      const { awsAccountId, awsRegion, awsPartnerEventSource } = destination.configuration;
      return `eventbridge ${awsAccountId} ${awsRegion} ${awsPartnerEventSource ?? "-"}`;
    }
    case "action":
      expectTypeOf(destination).toEqualTypeOf<ActionDestination>();
      return `action ${destination.configuration.actionId}`;
    case "other":
      expectTypeOf(destination).toEqualTypeOf<OtherDestination>();
      return `other ${destination.serviceType} ${JSON.stringify(destination.configuration)}`;
    default: {
      const unhandled: never = destination;
      return unhandled;
    }
  }
}

describe("EventStreamDestination", () => {
  it("narrows to each variant on `type`, and only there", () => {
    expectTypeOf<EventStreamDestination["type"]>().toEqualTypeOf<"webhook" | "eventbridge" | "action" | "other">();
    expectTypeOf<EventStreamInfo["destination"]>().toEqualTypeOf<EventStreamDestination>();
    const destination = flattenDestination({ type: "action", configuration: { action_id: "a" } });
    // @ts-expect-error a variant's configuration is out of reach until `type` is narrowed
    void destination.configuration.actionId;
    // @ts-expect-error `serviceType` belongs to the other variant alone
    void destination.serviceType;
  });

  it("gives each wire destination the variant its branch expects", () => {
    const described = [
      { type: "webhook", configuration: { webhook_endpoint: "https://h", webhook_authorization: { method: "custom_header", header_key: "k" } } },
      { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } },
      { type: "action", configuration: { action_id: "a1" } },
      { type: "kafka", configuration: { topic: "t" } },
    ].map((wire) => describeDestination(flattenDestination(wire)));
    expect(described).toEqual([
      "webhook https://h custom_header k",
      "eventbridge 123456789012 us-east-1 -",
      "action a1",
      'other kafka {"topic":"t"}',
    ]);
  });
});
