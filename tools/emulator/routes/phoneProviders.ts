// Operation 2 and the companions a lifecycle needs: list, GET, PATCH, DELETE. One provider per tenant.
import { apiError, noContent, ok, type ApiResult } from "../http";
import { describeIssue, validate, type ObjectSchema, type Schema } from "../schema";
import { phoneProviderView, type PhoneProviderName, type StoredPhoneProvider } from "../state";
import type { Route } from "./route";

const ID_FORMAT = /^pro_[A-Za-z0-9]{1,251}$/;

const fieldSchemas: Record<string, Schema> = {
  name: { type: "string", enum: ["vendor_a", "custom"], minLength: 1, maxLength: 100, description: "Name of the phone notification provider" },
  credentials: {
    type: "object",
    additionalProperties: true,
    properties: { auth_token: { type: "string", minLength: 1, description: "Provider auth token" } },
    description: "Provider credentials required to authenticate to the provider",
  },
  disabled: { type: "boolean", description: "Whether the provider is enabled (false) or disabled (true)" },
  configuration: {
    type: "object",
    properties: {
      sid: { type: "string", description: "Account SID" },
      delivery_methods: {
        type: "array",
        minItems: 1,
        items: { type: "string", enum: ["text", "voice"] },
        description: "Delivery methods of the provider",
      },
      default_from: { type: "string", description: "Default sender" },
      mssid: { type: "string", description: "Messaging service SID" },
    },
    description: "Provider configuration",
  },
};

const createSchema: ObjectSchema = { type: "object", required: ["name", "credentials"], properties: fieldSchemas };
const updateSchema: ObjectSchema = { type: "object", minProperties: 1, properties: fieldSchemas };

const badOperation = (): ApiResult => apiError(400, "Bad Operation on Notification Resource");
const invalidId = (): ApiResult => apiError(400, "Invalid id for provider.");
const notConfigured = (): ApiResult => apiError(404, "Phone provider has not been configured.");
const payloadError = (message: string, property?: string, description?: string): ApiResult =>
  apiError(400, describeIssue("Payload", { message, property, description }), "invalid_body");

/** Rules that depend on the provider name, checked on the provider as it would be after the request. */
function vendorRuleViolation(
  name: PhoneProviderName,
  configuration: Record<string, unknown> | undefined,
  credentials: Record<string, unknown>,
): ApiResult | undefined {
  const configurationDescription = (fieldSchemas.configuration as ObjectSchema).description;
  // The service accepted and echoed sid and default_from on a custom provider: no vendor rules apply.
  if (name === "custom") return undefined;
  if (typeof credentials.auth_token !== "string") {
    return payloadError("Missing required property: auth_token", "credentials", (fieldSchemas.credentials as ObjectSchema).description);
  }
  if (configuration === undefined || Object.keys(configuration).length === 0) return badOperation();
  for (const required of ["sid", "delivery_methods"]) {
    if (configuration[required] === undefined) {
      return payloadError(`Missing required property: ${required}`, "configuration", configurationDescription);
    }
  }
  // Exactly one sender: a default number or a messaging service.
  if ((configuration.default_from === undefined) === (configuration.mssid === undefined)) return badOperation();
  return undefined;
}

function findProvider(providers: Map<string, StoredPhoneProvider>, id: string): StoredPhoneProvider | ApiResult {
  if (!ID_FORMAT.test(id)) return invalidId();
  return providers.get(id) ?? notConfigured();
}

interface ProviderInput {
  name?: PhoneProviderName;
  credentials?: Record<string, unknown>;
  disabled?: boolean;
  configuration?: Record<string, unknown>;
}

export const phoneProviderRoutes: Route[] = [
  {
    method: "POST",
    path: "/branding/phone/providers",
    scope: "create:phone_providers",
    body: "json",
    handle: ({ state, body }) => {
      const issue = validate(body, createSchema);
      if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
      const input = body as Required<Pick<ProviderInput, "name" | "credentials">> & ProviderInput;
      const violation = vendorRuleViolation(input.name, input.configuration, input.credentials);
      if (violation) return violation;
      if (state.phoneProviders.size > 0) return apiError(409, "Custom phone provider conflict.");
      const now = state.timestamp();
      const provider: StoredPhoneProvider = {
        id: state.ids.phoneProviderId(),
        tenant: state.tenant,
        name: input.name,
        channel: "phone",
        disabled: input.disabled ?? false,
        configuration: structuredClone(input.configuration ?? {}),
        credentials: structuredClone(input.credentials),
        created_at: now,
        updated_at: now,
      };
      state.phoneProviders.set(provider.id, provider);
      return ok(phoneProviderView(provider), 201);
    },
  },
  {
    method: "GET",
    path: "/branding/phone/providers",
    scope: "read:phone_providers",
    handle: ({ state, query }) => {
      const disabled = query.get("disabled");
      if (disabled !== null && disabled !== "true" && disabled !== "false") {
        const message = describeIssue("Query", {
          message: "Expected type boolean but found type string",
          property: "disabled",
          description: "Whether the provider is enabled (false) or disabled (true)",
        });
        return apiError(400, message, "invalid_query_string");
      }
      const providers = [...state.phoneProviders.values()].filter(
        (provider) => disabled === null || provider.disabled === (disabled === "true"),
      );
      return ok({ providers: providers.map(phoneProviderView) });
    },
  },
  {
    method: "GET",
    path: "/branding/phone/providers/:id",
    scope: "read:phone_providers",
    handle: ({ state, params }) => {
      const found = findProvider(state.phoneProviders, params.id);
      return "status" in found ? found : ok(phoneProviderView(found));
    },
  },
  {
    method: "PATCH",
    path: "/branding/phone/providers/:id",
    scope: "update:phone_providers",
    body: "json",
    handle: ({ state, params, body }) => {
      if (!ID_FORMAT.test(params.id)) return invalidId();
      const issue = validate(body, updateSchema);
      if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
      const existing = state.phoneProviders.get(params.id);
      if (!existing) return notConfigured();
      const input = body as ProviderInput;
      const next: StoredPhoneProvider = {
        ...existing,
        name: input.name ?? existing.name,
        disabled: input.disabled ?? existing.disabled,
        // Replaced wholesale, as the service does: omitted keys disappear.
        configuration: structuredClone(input.configuration ?? existing.configuration),
        credentials: structuredClone(input.credentials ?? existing.credentials),
      };
      const violation = vendorRuleViolation(next.name, next.configuration, next.credentials);
      if (violation) return violation;
      next.updated_at = state.timestamp();
      state.phoneProviders.set(next.id, next);
      return ok(phoneProviderView(next));
    },
  },
  {
    method: "DELETE",
    path: "/branding/phone/providers/:id",
    scope: "delete:phone_providers",
    handle: ({ state, params }) => {
      if (!ID_FORMAT.test(params.id)) return invalidId();
      if (!state.phoneProviders.delete(params.id)) return apiError(404, "Notification Resource not found");
      return noContent();
    },
  },
];
