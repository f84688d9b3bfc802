// Operation 4 (list, paged) and the management a stream's lifecycle needs: POST, GET, PATCH and DELETE by id.
//
// Paging, as the service pages its other checkpoint-paged endpoints: streams in creation order; on a request
// that pages (`from` or `take` given) every non-empty page carries `next`, an opaque cursor of its last stream
// (a short final page too); `from=<next>` resumes after that stream; the page after the last stream is empty
// and has no `next`. A listing without either had no `next` in the recordings, so none is sent then.
import { apiError, noContent, ok, type ApiResult } from "../http";
import { describeIssue, validate, type ObjectSchema } from "../schema";
import { eventStreamView, type DestinationType, type EmulatorState, type NewEventStream, type StoredDestination } from "../state";
import type { Route } from "./route";
import { decodeCursor, encodeCursor, startAfter } from "./streamCursor";

const ID_FORMAT = /^est_[A-Za-z0-9]{22}$/;
const DEFAULT_TAKE = 50;
const MAX_TAKE = 100;

// The user name's and header name's shapes are the API description's (EventStreamWebhookBasicAuth,
// EventStreamWebhookCustomHeaderAuth).
const authorizationSchemas: Record<string, ObjectSchema> = {
  basic: {
    type: "object",
    required: ["method", "username", "password"],
    properties: { method: { type: "string" }, username: { type: "string", minLength: 1, maxLength: 128, pattern: "^[^:]+$", description: "Username" }, password: { type: "string", minLength: 1 } },
  },
  bearer: { type: "object", required: ["method", "token"], properties: { method: { type: "string" }, token: { type: "string", minLength: 1 } } },
  custom_header: {
    type: "object",
    required: ["method", "header_key", "header_value"],
    properties: {
      method: { type: "string" },
      header_key: { type: "string", minLength: 1, pattern: "^[a-zA-Z0-9!#$%&'*+.^_`|~-]+$", description: "HTTP header name." },
      header_value: { type: "string", minLength: 1 },
    },
  },
};

// The regions the service offers for EventBridge destinations: the enum of its OpenAPI description
// (EventStreamEventBridgeAWSRegionEnum), as its official SDKs carry it.
const AWS_REGIONS = [
  "af-south-1", "ap-east-1", "ap-east-2", "ap-northeast-1", "ap-northeast-2", "ap-northeast-3", "ap-south-1", "ap-south-2",
  "ap-southeast-1", "ap-southeast-2", "ap-southeast-3", "ap-southeast-4", "ap-southeast-5", "ap-southeast-6", "ap-southeast-7",
  "ca-central-1", "ca-west-1", "eu-central-1", "eu-central-2", "eu-north-1", "eu-south-1", "eu-south-2", "eu-west-1", "eu-west-2",
  "eu-west-3", "il-central-1", "me-central-1", "me-south-1", "mx-central-1", "sa-east-1", "us-gov-east-1", "us-gov-west-1",
  "us-east-1", "us-east-2", "us-west-1", "us-west-2",
];

/** Each destination type's configuration as a client sends it (aws_partner_event_source is the service's). */
const configurationSchemas: Record<DestinationType, ObjectSchema> = {
  webhook: {
    type: "object",
    required: ["webhook_endpoint", "webhook_authorization"],
    properties: {
      webhook_endpoint: { type: "string", pattern: "^https://", description: "Target HTTP endpoint URL" },
      webhook_authorization: {
        type: "object",
        required: ["method"],
        additionalProperties: true,
        properties: { method: { type: "string", enum: Object.keys(authorizationSchemas) } },
      },
    },
  },
  eventbridge: {
    type: "object",
    required: ["aws_account_id", "aws_region"],
    properties: {
      aws_account_id: { type: "string", pattern: "^\\d{12}$", description: "AWS Account ID for EventBridge destination" },
      aws_region: { type: "string", enum: AWS_REGIONS, description: "AWS Region for EventBridge destination" },
    },
  },
  action: {
    type: "object",
    required: ["action_id"],
    properties: { action_id: { type: "string", minLength: 1, description: "Action ID for the action destination" } },
  },
};

const streamFields: ObjectSchema["properties"] = {
    name: { type: "string", minLength: 1, maxLength: 128, description: "Name of the event stream" },
    subscriptions: {
      type: "array",
      minItems: 1,
      items: { type: "object", required: ["event_type"], properties: { event_type: { type: "string", minLength: 1 } } },
      description: "List of event types subscribed to in this stream",
    },
    destination: {
      type: "object",
      required: ["type", "configuration"],
      properties: {
        type: { type: "string", enum: Object.keys(configurationSchemas) },
        configuration: { type: "object", additionalProperties: true },
      },
    },
    status: { type: "string", enum: ["enabled", "disabled"], description: "Indicates whether the event stream is actively forwarding events" },
};

const createSchema: ObjectSchema = { type: "object", required: ["name", "subscriptions", "destination"], properties: streamFields };
const updateSchema: ObjectSchema = { type: "object", minProperties: 1, properties: streamFields };

const badPaging = (): ApiResult => apiError(400, "Invalid query string paging options", "invalid_query_string");

function takeIssue(message: string): ApiResult {
  const text = describeIssue("Query", { message, property: "take", description: "Number of results per page. Defaults to 50" });
  return apiError(400, text, "invalid_query_string");
}

/** Parses `take`: an integer 1..100, 50 when absent. */
function parseTake(raw: string | null): number | ApiResult {
  if (raw === null) return DEFAULT_TAKE;
  if (!/^-?\d+$/.test(raw)) return takeIssue("Expected type integer but found type string");
  const take = Number(raw);
  if (take < 1) return takeIssue(`Value ${take} is less than minimum 1`);
  if (take > MAX_TAKE) return takeIssue(`Value ${take} is greater than maximum ${MAX_TAKE}`);
  return take;
}

type DestinationInput = { type: DestinationType; configuration: Record<string, unknown> };

/** Checks the configuration its type needs; returns the destination to store, or the 400. */
function destinationFrom(input: DestinationInput, state: EmulatorState): StoredDestination | ApiResult {
  const invalid = (issue: Parameters<typeof describeIssue>[1]): ApiResult => apiError(400, describeIssue("Payload", issue), "invalid_body");
  const issue = validate(input.configuration, configurationSchemas[input.type], "destination.configuration");
  if (issue) return invalid(issue);
  const configuration = structuredClone(input.configuration);
  switch (input.type) {
    case "webhook": {
      const authorization = configuration.webhook_authorization as { method: string };
      const authorizationIssue = validate(
        authorization,
        authorizationSchemas[authorization.method],
        "destination.configuration.webhook_authorization",
      );
      if (authorizationIssue) return invalid(authorizationIssue);
      return { type: "webhook", configuration } as StoredDestination;
    }
    case "eventbridge":
      return { type: "eventbridge", configuration: { ...configuration, aws_partner_event_source: state.partnerEventSource() } } as StoredDestination;
    case "action":
      return { type: "action", configuration } as StoredDestination;
  }
}

/**
 * An action stream's destination is refused on update (the service's deploy CLI strips it for that reason), and
 * a destination's type never changes in place (the recorded clients replace the stream). Texts are ours.
 */
function destinationChangeRefusal(current: DestinationType, requested: DestinationType): ApiResult | undefined {
  const refuse = (message: string): ApiResult =>
    apiError(400, describeIssue("Payload", { message, property: "destination", description: "Destination of the event stream" }), "invalid_body");
  if (current === "action") return refuse("The destination of an action stream cannot be updated");
  if (requested !== current) return refuse(`The destination type cannot be changed from ${current} to ${requested}`);
  return undefined;
}

function checkId(id: string): ApiResult | undefined {
  if (ID_FORMAT.test(id)) return undefined;
  const message = describeIssue("Path", {
    message: `Object didn't pass validation for format event-stream-id: ${id}`,
    property: "id",
    description: "Unique identifier for the event stream",
  });
  return apiError(400, message, "invalid_uri");
}

export const eventStreamRoutes: Route[] = [
  {
    method: "GET",
    path: "/event-streams",
    scope: "read:event_streams",
    handle: ({ state, query }) => {
      const take = parseTake(query.get("take"));
      if (typeof take !== "number") return take;
      const from = query.get("from");
      const cursor = from === null ? undefined : decodeCursor(from);
      if (from !== null && cursor === undefined) return badPaging();
      const start = cursor === undefined ? 0 : startAfter(state.eventStreams, cursor);
      const page = state.eventStreams.slice(start, start + take);
      const last = page.at(-1);
      const eventStreams = page.map(eventStreamView);
      const paging = from !== null || query.get("take") !== null;
      return ok(last && paging ? { eventStreams, next: encodeCursor(last) } : { eventStreams });
    },
  },
  {
    method: "POST",
    path: "/event-streams",
    scope: "create:event_streams",
    body: "json",
    handle: ({ state, body }) => {
      const issue = validate(body, createSchema);
      if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
      const input = body as Omit<NewEventStream, "status" | "destination"> & { status?: NewEventStream["status"]; destination: DestinationInput };
      const destination = destinationFrom(input.destination, state);
      if ("status" in destination) return destination;
      if (state.eventStreams.some((stream) => stream.name === input.name)) {
        return apiError(409, "Event stream name already in use.");
      }
      const stream = state.addEventStream({ ...input, destination, status: input.status ?? state.eventStreamStatusDefault });
      return ok(eventStreamView(stream), 201);
    },
  },
  {
    method: "GET",
    path: "/event-streams/:id",
    scope: "read:event_streams",
    handle: ({ state, params }) => {
      const invalid = checkId(params.id);
      if (invalid) return invalid;
      const stream = state.findEventStream(params.id);
      return stream ? ok(eventStreamView(stream)) : apiError(404, "The requested stream does not exist.");
    },
  },
  {
    method: "PATCH",
    path: "/event-streams/:id",
    scope: "update:event_streams",
    body: "json",
    handle: ({ state, params, body }) => {
      const invalid = checkId(params.id);
      if (invalid) return invalid;
      const issue = validate(body, updateSchema);
      if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
      const stream = state.findEventStream(params.id);
      if (!stream) return apiError(404, "The requested stream does not exist.");
      const input = body as Partial<Omit<NewEventStream, "destination">> & { destination?: DestinationInput };
      const { destination: destinationInput, ...changes } = input;
      let destination: StoredDestination | undefined;
      if (destinationInput !== undefined) {
        const refused = destinationChangeRefusal(stream.destination.type, destinationInput.type);
        if (refused) return refused;
        const checked = destinationFrom(destinationInput, state);
        if ("status" in checked) return checked;
        destination = checked;
      }
      if (changes.name !== undefined && state.eventStreams.some((other) => other !== stream && other.name === changes.name)) {
        return apiError(409, "Event stream name already in use.");
      }
      const updated = state.updateEventStream(stream, { ...changes, ...(destination ? { destination } : {}) });
      return ok(eventStreamView(updated));
    },
  },
  {
    method: "DELETE",
    path: "/event-streams/:id",
    scope: "delete:event_streams",
    handle: ({ state, params }) => {
      const invalid = checkId(params.id);
      if (invalid) return invalid;
      state.removeEventStream(params.id); // a missing stream is fine: DELETE is idempotent
      return noContent();
    },
  },
];
