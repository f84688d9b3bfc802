// Helpers for the emulator's own tests: real HTTP over loopback with fetch.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "..";

// Response bodies are asserted field by field; an index type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent verbatim with contentType (default application/json). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or {} for an empty body. */
  body: Json;
}

export async function call(emulator: { url: string }, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.raw !== undefined) {
    headers["content-type"] = options.contentType ?? "application/json";
    body = options.raw;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${emulator.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text === "" ? {} : (JSON.parse(text) as Json) };
}

/** One emulator per test file, reset before each test; `context.emulator` and `context.token` are set in beforeAll. */
export function useEmulator(options: EmulatorOptions = {}): { emulator: Emulator; token: string } {
  const context = {} as { emulator: Emulator; token: string };
  beforeAll(async () => {
    context.emulator = await startEmulator(options);
    const clientId = options.clients?.[0]?.id ?? "demo";
    context.token = await context.emulator.issueToken(clientId);
  });
  beforeEach(() => context.emulator.reset());
  afterAll(async () => {
    await context.emulator?.close();
  });
  return context;
}

export const PUSH_PATH = "/api/v2/guardian/factors/push-notification/selected-provider";
export const PHONE_PATH = "/api/v2/branding/phone/providers";
export const TEMPLATES_PATH = "/api/v2/branding/phone/templates";
export const TICKET_PATH = "/api/v2/guardian/enrollments/ticket";
export const STREAMS_PATH = "/api/v2/event-streams";

export const vendorProvider = (overrides: Json = {}): Json => ({
  name: "vendor_a",
  disabled: false,
  configuration: { sid: "sid1", default_from: "+15550100", delivery_methods: ["text", "voice"] },
  credentials: { auth_token: "sentinel-auth-token" },
  ...overrides,
});

/** A phone template create body (type, disabled, content with from and both bodies); overrides replace top-level fields. */
export const phoneTemplate = (type: string, overrides: Json = {}): Json => ({
  type,
  disabled: false,
  content: { from: "+15550100", body: { text: `${type} text {{ code }}`, voice: `${type} voice {{ code }}` } },
  ...overrides,
});

export const webhookStream = (name: string, overrides: Json = {}): Json => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/in",
      webhook_authorization: { method: "basic", username: "admin", password: "sentinel-password" },
    },
  },
  ...overrides,
});

// jose is ESM-only and this package is CommonJS: load it dynamically (vitest and tsx both support that).
export type Jose = typeof import("jose", { with: { "resolution-mode": "import" } });
export const loadJose = (): Promise<Jose> => import("jose");

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
