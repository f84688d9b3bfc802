// Operation 4 (list, paged) and the companions tests need: POST to seed, GET by id, DELETE (idempotent).
//
// Paging: streams are listed in creation order; `from` is the id of the page's first stream and `next`
// the id of the first stream of the following page, present only while more streams exist.
import { apiError, noContent, ok, type ApiResult } from "../http";
import { describeIssue, validate, type ObjectSchema } from "../schema";
import { eventStreamView, type NewEventStream } from "../state";
import type { Route } from "./route";

const ID_FORMAT = /^est_[A-Za-z0-9]{22}$/;
const DEFAULT_TAKE = 50;
const MAX_TAKE = 100;

const authorizationSchemas: Record<string, ObjectSchema> = {
  basic: { type: "object", required: ["method", "username", "password"], properties: { method: { type: "string" }, username: { type: "string", minLength: 1 }, password: { type: "string", minLength: 1 } } },
  bearer: { type: "object", required: ["method", "token"], properties: { method: { type: "string" }, token: { type: "string", minLength: 1 } } },
  custom_header: {
    type: "object",
    required: ["method", "header_key", "header_value"],
    properties: { method: { type: "string" }, header_key: { type: "string", minLength: 1 }, header_value: { type: "string", minLength: 1 } },
  },
};

const createSchema: ObjectSchema = {
  type: "object",
  required: ["name", "subscriptions", "destination"],
  properties: {
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
        type: { type: "string", enum: ["webhook"] },
        configuration: {
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
      },
    },
    status: { type: "string", enum: ["enabled", "disabled"], description: "Indicates whether the event stream is actively forwarding events" },
  },
};

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
      const start = from === null ? 0 : state.eventStreams.findIndex((stream) => stream.id === from);
      if (start < 0) return badPaging();
      const page = state.eventStreams.slice(start, start + take).map(eventStreamView);
      const following = state.eventStreams[start + take];
      return ok(following ? { eventStreams: page, next: following.id } : { eventStreams: page });
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
      const input = body as Omit<NewEventStream, "status"> & { status?: NewEventStream["status"] };
      const authorization = input.destination.configuration.webhook_authorization;
      const authorizationIssue = validate(
        authorization,
        authorizationSchemas[authorization.method],
        "destination.configuration.webhook_authorization",
      );
      if (authorizationIssue) return apiError(400, describeIssue("Payload", authorizationIssue), "invalid_body");
      if (state.eventStreams.some((stream) => stream.name === input.name)) {
        return apiError(409, "Event stream name already in use.");
      }
      const stream = state.addEventStream({ ...input, status: input.status ?? "enabled" });
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
