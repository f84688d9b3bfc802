// Phone notification templates (beyond the contract): list, POST, GET, PATCH, DELETE by id, reset and try.
// One customized template per type; a type not customized lists its default, which has no id. What the
// recordings never showed (see the README's choices) is the emulator's own: bodies merge into `content` but a
// `body` sent replaces the stored one, any id not found is 404, and reset needs update:phone_templates.
import { apiError, noContent, ok, type ApiResult } from "../http";
import {
  PHONE_TEMPLATE_TYPES,
  phoneTemplateView,
  type PhoneTemplateBody,
  type PhoneTemplateType,
  type StoredPhoneTemplate,
} from "../phoneTemplates";
import { describeIssue, validate, type ObjectSchema, type Schema, type StringSchema } from "../schema";
import type { EmulatorState } from "../state";
import type { Route } from "./route";

const PATH = "/branding/phone/templates";
/** The OAS gives template ids no format, so an id of any other shape is simply not found. */
const ID_FORMAT = /^tem_[A-Za-z0-9]+$/;
const DISABLED_DESCRIPTION = "Whether the template is enabled (false) or disabled (true)";

const bodyText = (description: string): StringSchema => ({ type: "string", minLength: 1, maxLength: 20_000, description });
const fields: Record<"type" | "disabled" | "from" | "body", Schema> = {
  type: { type: "string", enum: PHONE_TEMPLATE_TYPES, description: "Type of the phone notification template" },
  disabled: { type: "boolean", description: DISABLED_DESCRIPTION },
  from: {
    type: "string",
    minLength: 1,
    maxLength: 16,
    description: "Default phone number to be used as 'from' when sending a phone notification",
  },
  body: {
    type: "object",
    minProperties: 1,
    properties: {
      text: bodyText("Content of the phone template for text notifications"),
      voice: bodyText("Content of the phone template for voice notifications"),
    },
    description: "The text and voice bodies of the phone template",
  },
};
const CONTENT_DESCRIPTION = "The content of the phone template";

const createSchema: ObjectSchema = {
  type: "object",
  required: ["type", "content"],
  properties: {
    type: fields.type,
    disabled: fields.disabled,
    content: {
      type: "object",
      required: ["body"],
      properties: { syntax: { type: "string", enum: ["liquid"], description: "The template's syntax" }, from: fields.from, body: fields.body },
      description: CONTENT_DESCRIPTION,
    },
  },
};

/** PATCH takes neither `type` nor `content.syntax`: sending them is an additional property. */
const updateSchema: ObjectSchema = {
  type: "object",
  minProperties: 1,
  properties: {
    disabled: fields.disabled,
    content: { type: "object", minProperties: 1, properties: { from: fields.from, body: fields.body }, description: CONTENT_DESCRIPTION },
  },
};

const resetSchema: ObjectSchema = { type: "object", properties: {} };

const trySchema: ObjectSchema = {
  type: "object",
  required: ["to"],
  additionalProperties: true,
  properties: {
    to: { type: "string", minLength: 1, maxLength: 16, description: "Destination of the testing phone notification" },
    delivery_method: { type: "string", enum: ["text", "voice"], description: "Medium to use to send the notification" },
  },
};

interface CreateInput {
  type: PhoneTemplateType;
  disabled?: boolean;
  content: { syntax?: "liquid"; from?: string; body: PhoneTemplateBody };
}

interface UpdateInput {
  disabled?: boolean;
  content?: { from?: string; body?: PhoneTemplateBody };
}

const notFound = (): ApiResult => apiError(404, "Notification Resource not found");

/** Checks the body against the schema; returns the 400 the service's validator would send, if any. */
function invalid(body: unknown, schema: ObjectSchema): ApiResult | undefined {
  const issue = validate(body, schema);
  return issue ? apiError(400, describeIssue("Payload", issue), "invalid_body") : undefined;
}

function findTemplate(state: EmulatorState, id: string): StoredPhoneTemplate | undefined {
  return ID_FORMAT.test(id) ? state.phoneTemplates.custom.get(id) : undefined;
}

/** Only the two bodies a template has, copied. */
const bodyOf = ({ text, voice }: PhoneTemplateBody): PhoneTemplateBody => ({
  ...(text !== undefined ? { text } : {}),
  ...(voice !== undefined ? { voice } : {}),
});

export const phoneTemplateRoutes: Route[] = [
  {
    method: "GET",
    path: PATH,
    scope: "read:phone_templates",
    handle: ({ state, query }) => {
      const disabled = query.get("disabled");
      if (disabled !== null && disabled !== "true" && disabled !== "false") {
        const message = describeIssue("Query", {
          message: "Expected type boolean but found type string",
          property: "disabled",
          description: DISABLED_DESCRIPTION,
        });
        return apiError(400, message, "invalid_query_string");
      }
      const templates = state.phoneTemplates.list({
        disabled: disabled === null ? undefined : disabled === "true",
        readAt: new Date().toISOString(),
      });
      return ok({ templates });
    },
  },
  {
    method: "POST",
    path: PATH,
    scope: "create:phone_templates",
    body: "json",
    handle: ({ state, body }) => {
      const refused = invalid(body, createSchema);
      if (refused) return refused;
      const input = body as CreateInput;
      if (state.phoneTemplates.findByType(input.type)) return apiError(409, "Phone template already configured for tenant");
      const now = state.timestamp();
      const template: StoredPhoneTemplate = {
        id: state.ids.phoneTemplateId(),
        tenant: state.tenant,
        channel: "phone",
        type: input.type,
        disabled: input.disabled ?? false,
        created_at: now,
        updated_at: now,
        content: {
          syntax: "liquid",
          body: bodyOf(input.content.body),
          ...(input.content.from !== undefined ? { from: input.content.from } : {}),
        },
      };
      state.phoneTemplates.custom.set(template.id, template);
      return ok(phoneTemplateView(template), 201);
    },
  },
  {
    method: "GET",
    path: `${PATH}/:id`,
    scope: "read:phone_templates",
    handle: ({ state, params }) => {
      const template = findTemplate(state, params.id);
      return template ? ok(phoneTemplateView(template)) : notFound();
    },
  },
  {
    method: "PATCH",
    path: `${PATH}/:id`,
    scope: "update:phone_templates",
    body: "json",
    handle: ({ state, params, body }) => {
      const refused = invalid(body, updateSchema);
      if (refused) return refused;
      const template = findTemplate(state, params.id);
      if (!template) return notFound();
      const { disabled, content } = body as UpdateInput;
      if (disabled !== undefined) template.disabled = disabled;
      if (content?.from !== undefined) template.content.from = content.from;
      // A body sent replaces the stored one whole (a body left out of it is gone); one not sent stays.
      if (content?.body !== undefined) template.content.body = bodyOf(content.body);
      template.updated_at = state.timestamp();
      return ok(phoneTemplateView(template));
    },
  },
  {
    method: "DELETE",
    path: `${PATH}/:id`,
    scope: "delete:phone_templates",
    handle: ({ state, params }) => {
      const template = findTemplate(state, params.id);
      if (!template) return notFound();
      state.phoneTemplates.custom.delete(template.id);
      return noContent();
    },
  },
  {
    method: "PATCH",
    path: `${PATH}/:id/reset`,
    scope: "update:phone_templates",
    body: "json",
    handle: ({ state, params, body }) => {
      // Sent without a body (as recorded) or with `{}`.
      const refused = body === null ? undefined : invalid(body, resetSchema);
      if (refused) return refused;
      const template = findTemplate(state, params.id);
      if (!template) return notFound();
      // Back to the type's default body; `from` and `disabled` stay, as recorded.
      template.content.body = state.phoneTemplates.defaultBody(template.type);
      template.updated_at = state.timestamp();
      return ok(phoneTemplateView(template));
    },
  },
  {
    method: "POST",
    path: `${PATH}/:id/try`,
    scope: "create:phone_templates",
    body: "json",
    handle: ({ state, params, body }) => {
      const refused = invalid(body, trySchema);
      if (refused) return refused;
      if (!findTemplate(state, params.id)) return notFound();
      // Accepted for asynchronous delivery: nothing is sent, whatever the template or the tenant's provider.
      return ok({ code: 202, message: "Test notification successfully sent for processing" }, 202);
    },
  },
];
