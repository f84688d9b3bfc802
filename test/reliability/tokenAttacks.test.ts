// Token attacks on the emulator, as one table across every /api/v2 route the emulator
// serves. tools/emulator/test/bearer.test.ts tries each attack on one route and scopes.test.ts removes each
// operation's own scope; this table covers the rest: every attack on every route, a token from another
// tenant, a header with `alg: none` over a genuine signature, the neighbouring scopes of the same resource,
// and a real client-credentials token whose grant lacks the scope. Each attack must be refused (401, or
// 403 for scopes) with the service's message, change nothing, and the same request must succeed with a
// genuine token afterwards (so the refusal is the token's doing).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { apiRoutes, type Route } from "../../tools/emulator/routes";
import { loadJose, type Jose } from "../../tools/emulator/test/support";
import { printTable } from "./support/table";

const ADMIN = { id: "attack-admin", secret: "attack-admin-secret" };
/** A client whose grant holds every scope but the ones a test takes away. */
const LIMITED = { id: "attack-limited", secret: "attack-limited-secret" };

const INVALID_TOKEN = "Invalid token";
const BAD_SIGNATURE = "Invalid signature received for JSON Web Token validation.";
const EXPIRED = "Expired token received for JSON Web Token validation";
const BAD_HEADER = "Bad HTTP authentication header format";
const MISSING = "Missing authentication";

interface Prepared {
  path: string;
  body?: unknown;
  success: number;
}

interface Attack {
  name: string;
  status: 401 | 403;
  message: string | ((route: Route) => string);
  /** The Authorization header value, or undefined to send none. */
  header(route: Route): Promise<string | undefined>;
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("token attacks on every /api/v2 route", () => {
  let emulator: Emulator;
  let otherTenant: Emulator;
  let jose: Jose;
  let genuine: string;
  const outcomes = new Map<string, Map<string, number>>();

  const claims = () => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: `${emulator.url}/`,
      sub: `${ADMIN.id}@clients`,
      aud: `${emulator.url}/api/v2/`,
      azp: ADMIN.id,
      scope: apiRoutes.map((route) => route.scope).join(" "),
      gty: "client-credentials",
      iat: now,
      exp: now + 600,
    };
  };

  const resourceOf = (scope: string): string => scope.slice(scope.indexOf(":") + 1);

  async function tokenFromEndpoint(scopes: string[]): Promise<string> {
    const response = await fetch(`${emulator.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials", client_id: LIMITED.id, client_secret: LIMITED.secret, audience: `${emulator.url}/api/v2/`, scope: scopes.join(" ") }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const ATTACKS: Attack[] = [
    { name: "no Authorization header", status: 401, message: MISSING, header: async () => undefined },
    { name: "Basic credentials", status: 401, message: BAD_HEADER, header: async () => `Basic ${Buffer.from(`${ADMIN.id}:${ADMIN.secret}`).toString("base64")}` },
    { name: "bare token, no scheme", status: 401, message: BAD_HEADER, header: async () => genuine },
    { name: "Bearer with two values", status: 401, message: BAD_HEADER, header: async () => `Bearer ${genuine} ${genuine}` },
    { name: "not a JWT", status: 401, message: INVALID_TOKEN, header: async () => "Bearer opaque-token-value" },
    { name: "alg none, unsigned", status: 401, message: INVALID_TOKEN, header: async () => `Bearer ${new jose.UnsecuredJWT(claims()).encode()}` },
    {
      name: "alg none header over a genuine signature",
      status: 401,
      message: INVALID_TOKEN,
      header: async () => {
        const [, payload, signature] = genuine.split(".");
        return `Bearer ${b64({ alg: "none", typ: "JWT" })}.${payload}.${signature}`;
      },
    },
    {
      name: "genuine token, signature removed",
      status: 401,
      message: BAD_SIGNATURE,
      header: async () => `Bearer ${genuine.slice(0, genuine.lastIndexOf(".") + 1)}`,
    },
    {
      name: "tampered payload (sub changed)",
      status: 401,
      message: BAD_SIGNATURE,
      header: async () => {
        const [header, , signature] = genuine.split(".");
        return `Bearer ${header}.${b64({ ...jose.decodeJwt(genuine), sub: "root@clients" })}.${signature}`;
      },
    },
    {
      name: "signed by another RS256 key",
      status: 401,
      message: BAD_SIGNATURE,
      header: async () => {
        const { privateKey } = await jose.generateKeyPair("RS256");
        return `Bearer ${await new jose.SignJWT(claims()).setProtectedHeader({ alg: "RS256", typ: "JWT" }).sign(privateKey)}`;
      },
    },
    {
      name: "HS256 with a guessed secret",
      status: 401,
      message: INVALID_TOKEN,
      header: async () => {
        const secret = new TextEncoder().encode("a-guessed-shared-secret-of-32-bytes!");
        return `Bearer ${await new jose.SignJWT(claims()).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret)}`;
      },
    },
    { name: "another tenant's genuine token", status: 401, message: BAD_SIGNATURE, header: async () => `Bearer ${await otherTenant.issueToken(ADMIN.id)}` },
    { name: "wrong audience", status: 401, message: INVALID_TOKEN, header: async () => `Bearer ${await emulator.issueToken(ADMIN.id, { audience: "https://other.example.com/api/v2/" })}` },
    { name: "wrong issuer", status: 401, message: INVALID_TOKEN, header: async () => `Bearer ${await emulator.issueToken(ADMIN.id, { issuer: "https://other.example.com/" })}` },
    { name: "expired", status: 401, message: EXPIRED, header: async () => `Bearer ${await emulator.issueToken(ADMIN.id, { expiresInSeconds: -1 })}` },
    { name: "not yet valid (nbf +120 s)", status: 401, message: INVALID_TOKEN, header: async () => `Bearer ${await emulator.issueToken(ADMIN.id, { notBeforeSeconds: 120 })}` },
    {
      name: "other actions on the same resource only",
      status: 403,
      message: (route) => `Insufficient scope, expected any of: ${route.scope}`,
      header: async (route) => {
        const siblings = ["create", "read", "update", "delete"].map((action) => `${action}:${resourceOf(route.scope)}`);
        return `Bearer ${await emulator.issueToken(ADMIN.id, { scopes: siblings.filter((scope) => scope !== route.scope) })}`;
      },
    },
    {
      name: "token from /oauth/token without the scope",
      status: 403,
      message: (route) => `Insufficient scope, expected any of: ${route.scope}`,
      header: async (route) => `Bearer ${await tokenFromEndpoint(apiRoutes.map((other) => other.scope).filter((scope) => scope !== route.scope))}`,
    },
  ];

  beforeAll(async () => {
    jose = await loadJose();
    emulator = await startEmulator({ clients: [ADMIN, LIMITED] });
    otherTenant = await startEmulator({ clients: [ADMIN] });
  });

  afterAll(async () => {
    const routes = [...outcomes.keys()];
    printTable(
      "Token attacks: status per route (every cell must be the attack's expected 401/403)",
      ["attack", ...routes.map((route, index) => `r${index + 1}`)],
      ATTACKS.map((attack) => [attack.name, ...routes.map((route) => outcomes.get(route)?.get(attack.name) ?? "-")]),
    );
    console.log(routes.map((route, index) => `r${index + 1} = ${route}`).join("\n"));
    await Promise.all([emulator?.close(), otherTenant?.close()]);
  });

  const send = (method: string, path: string, header: string | undefined, body: unknown) =>
    fetch(`${emulator.url}${path}`, {
      method,
      headers: { ...(header === undefined ? {} : { authorization: header }), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const SNS = "/guardian/factors/push-notification/providers/sns";
  const APNS = "/guardian/factors/push-notification/providers/apns";
  const FCM = "/guardian/factors/push-notification/providers/fcmv1";
  const snsBody = { aws_access_key_id: "AKIAATTACK", aws_secret_access_key: "attack-secret", aws_region: "us-east-1", sns_apns_platform_application_arn: null, sns_gcm_platform_application_arn: null };
  const pushCredentialPlans: Record<string, Omit<Prepared, "path">> = {
    [`GET ${SNS}`]: { success: 200 },
    [`PUT ${SNS}`]: { body: snsBody, success: 200 },
    [`PATCH ${SNS}`]: { body: { aws_region: "eu-west-1" }, success: 200 },
    [`GET ${APNS}`]: { success: 200 },
    [`PUT ${APNS}`]: { body: { bundle_id: "com.example.attack", sandbox: false, p12: "QUJD" }, success: 200 },
    [`PATCH ${APNS}`]: { body: { sandbox: true }, success: 200 },
    [`PUT ${FCM}`]: { body: { server_credentials: "{}" }, success: 200 },
    [`PATCH ${FCM}`]: { body: { server_credentials: "{}" }, success: 200 },
  };

  const guardianSettings = { display_remember_me_checkbox: false, remember_me_default_value: false, mfa_session_inactivity_timeout: 3600, mfa_session_overall_timeout: 7200 };
  const otp = { otp_length: 8, otp_expiration_time: 300 };
  const factorSettingPlans: Record<string, Omit<Prepared, "path">> = {
    "GET /guardian/factors/duo/settings": { success: 200 },
    "PUT /guardian/factors/duo/settings": { body: { ikey: "DIATTACK", skey: "attack-duo-secret", host: "api-attack.duosecurity.com" }, success: 200 },
    "PATCH /guardian/factors/duo/settings": { body: { host: "api-attack.duosecurity.com" }, success: 200 },
    "GET /guardian/factors/webauthn-roaming/settings": { success: 200 },
    "PUT /guardian/factors/webauthn-roaming/settings": { body: { userVerification: "required" }, success: 200 },
    "GET /guardian/factors/webauthn-platform/settings": { success: 200 },
    "PUT /guardian/factors/webauthn-platform/settings": { body: { overrideRelyingParty: false }, success: 200 },
    "GET /prompts/mfa-push": { success: 200 },
    "PATCH /prompts/mfa-push": { body: { app_name: "Attack" }, success: 200 },
    "GET /guardian/settings": { success: 200 },
    "PUT /guardian/settings": { body: guardianSettings, success: 200 },
    "GET /guardian/factors/phone/settings": { success: 200 },
    "PUT /guardian/factors/phone/settings": { body: otp, success: 200 },
    "GET /guardian/factors/email/settings": { success: 200 },
    "PUT /guardian/factors/email/settings": { body: otp, success: 200 },
    // The deprecated paths refuse a genuine token too (§11): the attacks must still be refused for the token first.
    "GET /guardian/factors/sms/settings": { success: 403 },
    "PUT /guardian/factors/sms/settings": { body: otp, success: 403 },
  };

  /** Resets the tenant and builds a request that succeeds for this route with a genuine token. */
  async function prepare(route: Route): Promise<Prepared> {
    emulator.reset();
    genuine = await emulator.issueToken(ADMIN.id);
    const path = `/api/v2${route.path}`;
    const phone = { name: "vendor_a", credentials: { auth_token: "attack-auth-token" }, configuration: { sid: "AC1", delivery_methods: ["text"], default_from: "+15550100" } };
    const template = { type: "otp_verify", content: { body: { text: "{{ code }}" } } };
    const withId = async (): Promise<string> => {
      if (route.path.startsWith("/branding/phone/providers")) {
        const created = await send("POST", "/api/v2/branding/phone/providers", `Bearer ${genuine}`, phone);
        return ((await created.json()) as { id: string }).id;
      }
      if (route.path.startsWith("/branding/phone/templates")) {
        const created = await send("POST", "/api/v2/branding/phone/templates", `Bearer ${genuine}`, template);
        return ((await created.json()) as { id: string }).id;
      }
      return emulator.state.seedEventStreams(1, "attack")[0].id;
    };
    const resolved = route.path.includes(":id") ? path.replace(":id", await withId()) : path.replace(":name", "sms");
    const key = `${route.method} ${route.path}`;
    const plans: Record<string, Omit<Prepared, "path">> = {
      "GET /guardian/factors/push-notification/selected-provider": { success: 200 },
      "PUT /guardian/factors/push-notification/selected-provider": { body: { provider: "direct" }, success: 200 },
      "POST /branding/phone/providers": { body: phone, success: 201 },
      "GET /branding/phone/providers": { success: 200 },
      "GET /branding/phone/providers/:id": { success: 200 },
      "PATCH /branding/phone/providers/:id": { body: { disabled: true }, success: 200 },
      "DELETE /branding/phone/providers/:id": { success: 204 },
      "GET /branding/phone/templates": { success: 200 },
      "POST /branding/phone/templates": { body: { ...template, type: "otp_enroll" }, success: 201 },
      "GET /branding/phone/templates/:id": { success: 200 },
      "PATCH /branding/phone/templates/:id": { body: { disabled: true }, success: 200 },
      "DELETE /branding/phone/templates/:id": { success: 204 },
      "PATCH /branding/phone/templates/:id/reset": { success: 200 },
      "POST /branding/phone/templates/:id/try": { body: { to: "+15550100", delivery_method: "text" }, success: 202 },
      "POST /guardian/enrollments/ticket": { body: { user_id: "auth0|attacker-target" }, success: 200 },
      "GET /event-streams": { success: 200 },
      "POST /event-streams": {
        body: { name: "attack-stream", subscriptions: [{ event_type: "user.created" }], destination: { type: "webhook", configuration: { webhook_endpoint: "https://hooks.example.com/a", webhook_authorization: { method: "bearer", token: "t" } } } },
        success: 201,
      },
      "GET /event-streams/:id": { success: 200 },
      "PATCH /event-streams/:id": { body: { name: "attack-renamed" }, success: 200 },
      "DELETE /event-streams/:id": { success: 204 },
      "GET /guardian/factors": { success: 200 },
      "PUT /guardian/factors/:name": { body: { enabled: true }, success: 200 },
      "GET /guardian/policies": { success: 200 },
      "PUT /guardian/policies": { body: ["all-applications"], success: 200 },
      "GET /guardian/factors/phone/message-types": { success: 200 },
      "PUT /guardian/factors/phone/message-types": { body: { message_types: ["sms", "voice"] }, success: 200 },
      ...pushCredentialPlans,
      ...factorSettingPlans,
      "GET /risk-assessments/settings": { success: 200 },
      "PATCH /risk-assessments/settings": { body: { enabled: true }, success: 200 },
      "GET /risk-assessments/settings/new-device": { success: 200 },
      "PATCH /risk-assessments/settings/new-device": { body: { remember_for: 90 }, success: 200 },
      "GET /tenants/settings": { success: 200 },
      "PATCH /tenants/settings": { body: { customize_mfa_in_postlogin_action: true, flags: { mfa_show_factor_list_on_enrollment: true } }, success: 200 },
    };
    const plan = plans[key];
    if (!plan) throw new Error(`no request for route ${key}: add one so the attack table covers it`);
    return { path: resolved, ...plan };
  }

  it.each(apiRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: every attack is refused with the service's message and changes nothing",
    async (label, route) => {
      const request = await prepare(route);
      const before = JSON.stringify(emulator.state.snapshot());
      const results = new Map<string, number>();
      const wrong: string[] = [];
      for (const attack of ATTACKS) {
        const response = await send(route.method, request.path, await attack.header(route), request.body);
        const body = (await response.json()) as { statusCode?: number; message?: string; attributes?: { error?: string } };
        const message = typeof attack.message === "function" ? attack.message(route) : attack.message;
        results.set(attack.name, response.status);
        if (response.status !== attack.status || body.statusCode !== attack.status || body.message !== message) {
          wrong.push(`${attack.name}: ${response.status} ${JSON.stringify(body)}`);
        }
        if (attack.status === 401 && attack.message !== MISSING && body.attributes?.error !== message) wrong.push(`${attack.name}: attributes.error`);
        if (JSON.stringify(emulator.state.snapshot()) !== before) wrong.push(`${attack.name}: changed the tenant`);
      }
      outcomes.set(label, results);
      expect(wrong).toEqual([]);
      // Control: the very same request with a genuine token goes through.
      const control = await send(route.method, request.path, `Bearer ${genuine}`, request.body);
      expect(control.status).toBe(request.success);
    },
  );
});
