// The scope matrix: each operation with only its scope succeeds; with every scope but its own, 403.
import { describe, expect, it } from "vitest";
import { CONTRACT_SCOPES, NEW_DEVICE_PATH, RISK_ASSESSMENT_PATH, TENANT_SETTINGS_PATH, type Emulator } from "..";
import {
  call,
  PHONE_PATH,
  phoneTemplate,
  PUSH_PATH,
  STREAMS_PATH,
  TEMPLATES_PATH,
  TICKET_PATH,
  useEmulator,
  vendorProvider,
  webhookStream,
  type CallOptions,
} from "./support";

interface Operation {
  method: string;
  scope: string;
  success: number;
  /** Tells apart operations of the same method and scope. */
  name?: string;
  /** Creates what the call needs and returns its path and body. */
  prepare(emulator: Emulator, adminToken: string): Promise<{ path: string } & CallOptions>;
}

async function createPhoneProvider(emulator: Emulator, token: string): Promise<string> {
  const res = await call(emulator, "POST", PHONE_PATH, { token, body: vendorProvider() });
  return res.body.id as string;
}

async function templatePath(emulator: Emulator, token: string, suffix = ""): Promise<string> {
  const res = await call(emulator, "POST", TEMPLATES_PATH, { token, body: phoneTemplate("otp_verify") });
  return `${TEMPLATES_PATH}/${res.body.id as string}${suffix}`;
}

const OPERATIONS: Operation[] = [
  { method: "GET", scope: "read:guardian_factors", success: 200, prepare: async () => ({ path: PUSH_PATH }) },
  { method: "PUT", scope: "update:guardian_factors", success: 200, prepare: async () => ({ path: PUSH_PATH, body: { provider: "sns" } }) },
  { method: "POST", scope: "create:phone_providers", success: 201, prepare: async () => ({ path: PHONE_PATH, body: vendorProvider() }) },
  { method: "GET", scope: "read:phone_providers", success: 200, prepare: async () => ({ path: PHONE_PATH }) },
  {
    method: "GET",
    scope: "read:phone_providers",
    success: 200,
    prepare: async (emulator, token) => ({ path: `${PHONE_PATH}/${await createPhoneProvider(emulator, token)}` }),
  },
  {
    method: "PATCH",
    scope: "update:phone_providers",
    success: 200,
    prepare: async (emulator, token) => ({ path: `${PHONE_PATH}/${await createPhoneProvider(emulator, token)}`, body: { disabled: true } }),
  },
  {
    method: "DELETE",
    scope: "delete:phone_providers",
    success: 204,
    prepare: async (emulator, token) => ({ path: `${PHONE_PATH}/${await createPhoneProvider(emulator, token)}` }),
  },
  {
    method: "POST",
    scope: "create:guardian_enrollment_tickets",
    success: 200,
    prepare: async () => ({ path: TICKET_PATH, body: { user_id: "email|1" } }),
  },
  { method: "GET", scope: "read:event_streams", success: 200, prepare: async () => ({ path: STREAMS_PATH }) },
  { method: "POST", scope: "create:event_streams", success: 201, prepare: async () => ({ path: STREAMS_PATH, body: webhookStream("s") }) },
  {
    method: "GET",
    scope: "read:event_streams",
    success: 200,
    prepare: async (emulator) => {
      emulator.seedEventStreams(1);
      return { path: `${STREAMS_PATH}/${emulator.state.eventStreams[0].id}` };
    },
  },
  {
    method: "DELETE",
    scope: "delete:event_streams",
    success: 204,
    prepare: async (emulator) => {
      emulator.seedEventStreams(1);
      return { path: `${STREAMS_PATH}/${emulator.state.eventStreams[0].id}` };
    },
  },
  { method: "GET", scope: "read:phone_templates", success: 200, prepare: async () => ({ path: TEMPLATES_PATH }) },
  { method: "POST", scope: "create:phone_templates", success: 201, prepare: async () => ({ path: TEMPLATES_PATH, body: phoneTemplate("otp_verify") }) },
  { method: "GET", scope: "read:phone_templates", success: 200, prepare: async (emulator, token) => ({ path: await templatePath(emulator, token) }) },
  {
    method: "PATCH",
    scope: "update:phone_templates",
    success: 200,
    prepare: async (emulator, token) => ({ path: await templatePath(emulator, token), body: { disabled: true } }),
  },
  { method: "DELETE", scope: "delete:phone_templates", success: 204, prepare: async (emulator, token) => ({ path: await templatePath(emulator, token) }) },
  {
    method: "PATCH",
    name: "template reset",
    scope: "update:phone_templates",
    success: 200,
    prepare: async (emulator, token) => ({ path: await templatePath(emulator, token, "/reset") }),
  },
  {
    method: "POST",
    name: "template try",
    scope: "create:phone_templates",
    success: 202,
    prepare: async (emulator, token) => ({ path: await templatePath(emulator, token, "/try"), body: { to: "+15550100" } }),
  },
  { method: "GET", scope: "read:attack_protection", success: 200, prepare: async () => ({ path: `/api/v2${RISK_ASSESSMENT_PATH}` }) },
  {
    method: "PATCH",
    scope: "update:attack_protection",
    success: 200,
    prepare: async () => ({ path: `/api/v2${RISK_ASSESSMENT_PATH}`, body: { enabled: true } }),
  },
  { method: "GET", name: "new device", scope: "read:attack_protection", success: 200, prepare: async () => ({ path: `/api/v2${NEW_DEVICE_PATH}` }) },
  {
    method: "PATCH",
    name: "new device",
    scope: "update:attack_protection",
    success: 200,
    prepare: async () => ({ path: `/api/v2${NEW_DEVICE_PATH}`, body: { remember_for: 90 } }),
  },
  { method: "GET", scope: "read:tenant_settings", success: 200, prepare: async () => ({ path: `/api/v2${TENANT_SETTINGS_PATH}` }) },
  {
    method: "PATCH",
    scope: "update:tenant_settings",
    success: 200,
    prepare: async () => ({ path: `/api/v2${TENANT_SETTINGS_PATH}`, body: { customize_mfa_in_postlogin_action: true } }),
  },
];

const label = (op: Operation): string => `${op.method}${op.name ? ` (${op.name})` : ""} ${op.scope} (${op.success})`;

describe("scope matrix", () => {
  const ctx = useEmulator();

  it.each(OPERATIONS.map((op) => [label(op), op] as const))("%s succeeds with only its scope", async (_label, op) => {
    const { path, ...options } = await op.prepare(ctx.emulator, ctx.token);
    const token = await ctx.emulator.issueToken("demo", { scopes: [op.scope] });
    const res = await call(ctx.emulator, op.method, path, { ...options, token });
    expect(res.status).toBe(op.success);
  });

  it.each(OPERATIONS.map((op) => [label(op), op] as const))("%s is 403 without its scope and changes nothing", async (_label, op) => {
    const { path, ...options } = await op.prepare(ctx.emulator, ctx.token);
    const before = JSON.stringify(ctx.emulator.state.snapshot());
    const token = await ctx.emulator.issueToken("demo", { scopes: CONTRACT_SCOPES.filter((scope) => scope !== op.scope) });
    const res = await call(ctx.emulator, op.method, path, { ...options, token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: "Forbidden",
      message: `Insufficient scope, expected any of: ${op.scope}`,
      errorCode: "insufficient_scope",
    });
    expect(JSON.stringify(ctx.emulator.state.snapshot())).toBe(before);
  });

  it("a token with no scopes at all is 403 everywhere", async () => {
    const token = await ctx.emulator.issueToken("demo", { scopes: [] });
    for (const op of OPERATIONS) {
      const { path, ...options } = await op.prepare(ctx.emulator, ctx.token);
      expect((await call(ctx.emulator, op.method, path, { ...options, token })).status).toBe(403);
    }
  });
});
