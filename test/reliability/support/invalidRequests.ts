/**
 * fast-check generators of invalid requests to the emulator's /api/v2, each with the status the contract
 * and the service's observed behaviour make it: bodies that break the operation's schema (400), unsupported
 * media types (415), bad query values and ids (400), unknown ids and users (404), conflicts (409), unknown routes (404),
 * missing or unusable credentials (401) and tokens without the operation's scope (403).
 */
import fc from "fast-check";

export interface InvalidRequest {
  category: string;
  method: string;
  path: string;
  /** "admin" = a token with every scope; "none" = no Authorization header; otherwise the header value. */
  auth: "admin" | "none" | { header: string } | { scopesExcept: string };
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
  expectedStatus: number;
}

/** Ids of objects that exist on the fuzzed tenant (seeded before the run). */
export interface Existing {
  phoneProviderId: string;
  eventStreamId: string;
  eventStreamName: string;
}

const PUSH = "/api/v2/guardian/factors/push-notification/selected-provider";
const PHONES = "/api/v2/branding/phone/providers";
const TICKET = "/api/v2/guardian/enrollments/ticket";
const STREAMS = "/api/v2/event-streams";

const json = (value: unknown): string => JSON.stringify(value);
const notIn = (allowed: readonly string[]) => fc.string({ maxLength: 12 }).filter((value) => !allowed.includes(value));
const nonString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.constant({}));
const nonBoolean = fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null), fc.constant([]));
const nonObject = fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }));
const extraKey = (allowed: readonly string[]) => fc.stringMatching(/^[a-z][a-z_]{0,10}$/).filter((key) => !allowed.includes(key));

const vendorBody = () => ({
  name: "vendor_a",
  credentials: { auth_token: "fuzz-token" },
  configuration: { sid: "AC1", delivery_methods: ["text"], default_from: "+15550100" },
});
const streamBody = (name: string) => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: { webhook_endpoint: "https://hooks.example.com/x", webhook_authorization: { method: "bearer", token: "fuzz-bearer" } },
  },
});

/** A JSON body for `path` with one defect; every one is a 400. */
function badBody(method: string, path: string, bodies: fc.Arbitrary<unknown>, category: string): fc.Arbitrary<InvalidRequest> {
  return bodies.map((body) => ({ category, method, path, auth: "admin", contentType: "application/json", body: json(body), expectedStatus: 400 }));
}

function pushRequests(): fc.Arbitrary<InvalidRequest> {
  const bodies = fc.oneof(
    notIn(["guardian", "sns", "direct"]).map((provider) => ({ provider })),
    nonString.map((provider) => ({ provider })),
    fc.constant({}),
    extraKey(["provider"]).map((key) => ({ provider: "sns", [key]: 1 })),
    nonObject,
  );
  const form = notIn(["guardian", "sns", "direct"]).map(
    (provider): InvalidRequest => ({
      category: "PUT selection: bad form body",
      method: "PUT",
      path: PUSH,
      auth: "admin",
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ provider }).toString(),
      expectedStatus: 400,
    }),
  );
  return fc.oneof(badBody("PUT", PUSH, bodies, "PUT selection: bad JSON body"), form);
}

function phoneRequests(existing: Existing): fc.Arbitrary<InvalidRequest> {
  const createBodies = fc.oneof(
    notIn(["vendor_a", "custom"]).map((name) => ({ ...vendorBody(), name })),
    nonObject.map((credentials) => ({ ...vendorBody(), credentials })),
    fc.constant({ ...vendorBody(), credentials: { auth_token: "" } }),
    nonBoolean.map((disabled) => ({ ...vendorBody(), disabled })),
    fc.constant({ ...vendorBody(), configuration: { ...vendorBody().configuration, delivery_methods: [] } }),
    notIn(["text", "voice"]).map((method) => ({ ...vendorBody(), configuration: { ...vendorBody().configuration, delivery_methods: [method] } })),
    fc.constant({ ...vendorBody(), configuration: { sid: "AC1", delivery_methods: ["text"] } }),
    fc.constant({ name: "custom", credentials: {}, configuration: { delivery_methods: ["text"], region: "eu" } }),
    extraKey(["name", "credentials", "disabled", "configuration"]).map((key) => ({ ...vendorBody(), [key]: "x" })),
    fc.constant({ name: "vendor_a" }),
  );
  const patchBodies = fc.oneof(
    fc.constant({}),
    notIn(["vendor_a", "custom"]).map((name) => ({ name })),
    nonBoolean.map((disabled) => ({ disabled })),
    fc.constant({ configuration: {} }),
    fc.constant({ configuration: { sid: "AC1", delivery_methods: ["text"] } }), // vendor_a with no sender
    extraKey(["name", "credentials", "disabled", "configuration"]).map((key) => ({ [key]: true })),
  );
  const badIds = fc.oneof(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.constant("pro_"), fc.stringMatching(/^pro_[a-z]{0,4}[-.~][a-z]{1,4}$/));
  const unknownIds = fc.stringMatching(/^pro_[A-Za-z0-9]{22}$/).filter((id) => id !== existing.phoneProviderId);
  const byId = (method: string, status: number, ids: fc.Arbitrary<string>, category: string, body?: unknown) =>
    ids.map((id): InvalidRequest => ({
      category,
      method,
      path: `${PHONES}/${encodeURIComponent(id)}`,
      auth: "admin",
      ...(body === undefined ? {} : { contentType: "application/json", body: json(body) }),
      expectedStatus: status,
    }));
  return fc.oneof(
    badBody("POST", PHONES, createBodies, "POST phone provider: bad body"),
    fc.constant<InvalidRequest>({ category: "POST phone provider: second one (409)", method: "POST", path: PHONES, auth: "admin", contentType: "application/json", body: json(vendorBody()), expectedStatus: 409 }),
    badBody("PATCH", `${PHONES}/${existing.phoneProviderId}`, patchBodies, "PATCH phone provider: bad body"),
    fc.string({ maxLength: 6 }).filter((value) => value !== "true" && value !== "false").map((value): InvalidRequest => ({
      category: "GET phone providers: bad disabled filter",
      method: "GET",
      path: `${PHONES}?disabled=${encodeURIComponent(value)}`,
      auth: "admin",
      expectedStatus: 400,
    })),
    byId("GET", 400, badIds, "phone provider: malformed id"),
    byId("DELETE", 400, badIds, "phone provider: malformed id"),
    byId("GET", 404, unknownIds, "phone provider: unknown id"),
    byId("DELETE", 404, unknownIds, "phone provider: unknown id"),
    byId("PATCH", 404, unknownIds, "phone provider: unknown id", { disabled: true }),
  );
}

function ticketRequests(): fc.Arbitrary<InvalidRequest> {
  const valid = { user_id: "auth0|fuzz", factor: "otp" };
  const bodies = fc.oneof(
    fc.constant({ factor: "otp" }),
    fc.constant({ user_id: "" }),
    nonString.map((user_id) => ({ user_id })),
    fc.string({ maxLength: 20 }).filter((email) => !email.includes("@")).map((email) => ({ ...valid, email })),
    nonBoolean.map((send_mail) => ({ ...valid, send_mail })),
    notIn(["push-notification", "phone", "email", "otp", "webauthn-roaming", "webauthn-platform"]).map((factor) => ({ ...valid, factor })),
    extraKey(["user_id", "email", "send_mail", "email_locale", "factor", "allow_multiple_enrollments"]).map((key) => ({ ...valid, [key]: 1 })),
  );
  const unknownUsers = fc.oneof(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^auth0\|unknown[a-z0-9]{0,6}$/));
  const badDomains = fc.oneof(fc.string({ minLength: 1, maxLength: 2 }), fc.string({ minLength: 256, maxLength: 300 }))
    .filter((value) => /^[\x21-\x7e]+$/.test(value));
  return fc.oneof(
    badBody("POST", TICKET, bodies, "POST ticket: bad body"),
    unknownUsers.map((user_id): InvalidRequest => ({ category: "POST ticket: unknown user", method: "POST", path: TICKET, auth: "admin", contentType: "application/json", body: json({ user_id }), expectedStatus: 404 })),
    badDomains.map((domain): InvalidRequest => ({
      category: "POST ticket: bad custom-domain header",
      method: "POST",
      path: TICKET,
      auth: "admin",
      contentType: "application/json",
      body: json(valid),
      headers: { "service-custom-domain": domain },
      expectedStatus: 400,
    })),
  );
}

function streamRequests(existing: Existing): fc.Arbitrary<InvalidRequest> {
  const valid = streamBody("fuzz-new-stream");
  const bodies = fc.oneof(
    fc.constant({ name: "x" }),
    fc.string({ minLength: 129, maxLength: 140 }).map((name) => ({ ...valid, name })),
    fc.constant({ ...valid, subscriptions: [] }),
    notIn(["webhook", "eventbridge", "action"]).map((type) => ({ ...valid, destination: { ...valid.destination, type } })),
    fc.constant({ ...valid, destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012" } } }),
    fc.constant({ ...valid, destination: { type: "action", configuration: {} } }),
    fc.webUrl({ validSchemes: ["http", "ftp", "wss"] }).map((url) => ({
      ...valid,
      destination: { type: "webhook", configuration: { ...valid.destination.configuration, webhook_endpoint: url } },
    })),
    notIn(["basic", "bearer", "custom_header"]).map((method) => ({
      ...valid,
      destination: { type: "webhook", configuration: { ...valid.destination.configuration, webhook_authorization: { method } } },
    })),
    fc.constant({ ...valid, destination: { type: "webhook", configuration: { ...valid.destination.configuration, webhook_authorization: { method: "basic", username: "u" } } } }),
  );
  const takes = fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.constantFrom("abc", "1.5", "", " 5"));
  return fc.oneof(
    badBody("POST", STREAMS, bodies, "POST event stream: bad body"),
    fc.constant<InvalidRequest>({ category: "POST event stream: name in use (409)", method: "POST", path: STREAMS, auth: "admin", contentType: "application/json", body: json(streamBody(existing.eventStreamName)), expectedStatus: 409 }),
    takes.map((take): InvalidRequest => ({ category: "GET event streams: bad take", method: "GET", path: `${STREAMS}?take=${encodeURIComponent(String(take))}`, auth: "admin", expectedStatus: 400 })),
    fc.stringMatching(/^[a-z0-9_]{0,26}$/).filter((from) => from !== existing.eventStreamId).map((from): InvalidRequest => ({
      category: "GET event streams: bad from",
      method: "GET",
      path: `${STREAMS}?from=${from}`,
      auth: "admin",
      expectedStatus: 400,
    })),
    fc.stringMatching(/^[a-z0-9]{1,12}$/).map((id): InvalidRequest => ({ category: "event stream: malformed id", method: "GET", path: `${STREAMS}/${id}`, auth: "admin", expectedStatus: 400 })),
    fc.stringMatching(/^est_[A-Za-z0-9]{22}$/).filter((id) => id !== existing.eventStreamId).map((id): InvalidRequest => ({
      category: "event stream: unknown id",
      method: "GET",
      path: `${STREAMS}/${id}`,
      auth: "admin",
      expectedStatus: 404,
    })),
  );
}

/** Every route with a body that would succeed if it were not for the credentials. */
const PROTECTED: { method: string; path: string; scope: string }[] = [
  { method: "GET", path: PUSH, scope: "read:guardian_factors" },
  { method: "PUT", path: PUSH, scope: "update:guardian_factors" },
  { method: "GET", path: PHONES, scope: "read:phone_providers" },
  { method: "POST", path: TICKET, scope: "create:guardian_enrollment_tickets" },
  { method: "GET", path: STREAMS, scope: "read:event_streams" },
];

function transportRequests(): fc.Arbitrary<InvalidRequest> {
  const unknownRoutes = fc.oneof(
    fc.stringMatching(/^\/[a-z]{1,10}(\/[a-z0-9]{1,8}){0,2}$/).filter((path) => !["/event-streams", "/branding", "/guardian"].some((p) => path.startsWith(p))).map((path) => ({ method: "GET", path: `/api/v2${path}` })),
    fc.constantFrom({ method: "DELETE", path: PUSH }, { method: "POST", path: PUSH }, { method: "PUT", path: PHONES }, { method: "GET", path: TICKET }, { method: "PATCH", path: STREAMS }),
  );
  const badHeaders = fc.oneof(
    fc.string({ minLength: 1, maxLength: 20 }).filter((value) => /^[\x21-\x7e]+$/.test(value) && !/^bearer$/i.test(value)).map((value) => `Bearer ${value}`),
    fc.constantFrom("Basic ZGVtbzpkZW1v", "Bearer", "Token abc", "Bearer a b"),
  );
  return fc.oneof(
    unknownRoutes.map(({ method, path }): InvalidRequest => ({ category: "unknown route", method, path, auth: "admin", expectedStatus: 404 })),
    fc.constantFrom(...PROTECTED).map((route): InvalidRequest => ({ category: "no credentials", method: route.method, path: route.path, auth: "none", expectedStatus: 401 })),
    fc.tuple(fc.constantFrom(...PROTECTED), badHeaders).map(([route, header]): InvalidRequest => ({ category: "unusable credentials", method: route.method, path: route.path, auth: { header }, expectedStatus: 401 })),
    fc.constantFrom(...PROTECTED).map((route): InvalidRequest => ({
      category: "token without the scope",
      method: route.method,
      path: route.path,
      auth: { scopesExcept: route.scope },
      contentType: "application/json",
      body: route.method === "PUT" ? json({ provider: "direct" }) : route.method === "POST" ? json({ user_id: "auth0|fuzz" }) : undefined,
      expectedStatus: 403,
    })),
    fc.constantFrom(
      { method: "PUT", path: PUSH },
      { method: "POST", path: PHONES },
      { method: "POST", path: TICKET },
      { method: "POST", path: STREAMS },
    ).chain((route) =>
      fc.oneof(
        fc.constantFrom("{", "{\"provider\":", "[1,", "nul", "\"unterminated").map((body): InvalidRequest => ({ category: "malformed JSON", ...route, auth: "admin", contentType: "application/json", body, expectedStatus: 400 })),
        fc.constantFrom("text/plain", "application/xml", "multipart/form-data").map((contentType): InvalidRequest => ({
          category: "unsupported media type",
          ...route,
          auth: "admin",
          contentType,
          body: "provider=direct",
          expectedStatus: 415,
        })),
      ),
    ),
  );
}

export function invalidRequests(existing: Existing): fc.Arbitrary<InvalidRequest> {
  return fc.oneof(pushRequests(), phoneRequests(existing), ticketRequests(), streamRequests(existing), transportRequests());
}
