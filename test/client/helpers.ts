// Shared setup for the client's integration tests: settings for an emulator and fast retry timings.
import { z } from "zod";
import type { ClientOptions } from "../../provider/client";
import type { ConnectionSettings } from "../../provider/config";

export const PUSH_PATH = "/guardian/factors/push-notification/selected-provider";
export const PUSH_API_PATH = `/api/v2${PUSH_PATH}`;
export const PHONE_PATH = "/branding/phone/providers";
export const PHONE_API_PATH = `/api/v2${PHONE_PATH}`;

export const pushSelectionSchema = z.object({ provider: z.enum(["guardian", "sns", "direct"]).optional() });
export const phoneProviderSchema = z.object({ id: z.string(), name: z.string(), channel: z.literal("phone") });

export const phoneProviderBody = {
  name: "vendor_a",
  credentials: { auth_token: "phone-auth-token" },
  configuration: { sid: "sid1", default_from: "+15550100", delivery_methods: ["text"] },
};

/** Short waits so retry tests stay fast; deadline generous enough never to fire by accident. */
export const FAST: Partial<ClientOptions> = { baseBackoffMs: 10, maxBackoffMs: 50, deadlineMs: 15_000 };

export function clientCredentials(url: string, clientId = "demo", clientSecret = "demo-secret"): ConnectionSettings {
  return { baseUrl: url, audience: `${url}/api/v2/`, auth: { kind: "clientCredentials", clientId, clientSecret } };
}

export function staticToken(url: string, token: string): ConnectionSettings {
  return { baseUrl: url, audience: `${url}/api/v2/`, auth: { kind: "token", token } };
}

export interface SendCounts {
  /** API requests sent, retries included. */
  requests: number;
  /** Token requests sent, retries included. */
  tokenRequests: number;
  /** Re-sends after a 401, 429, 5xx or network error. */
  retries: number;
}

/**
 * Counts what a client sends, read from its debug log (the `logger` option): the client logs one
 * "<METHOD> <path> -> <status or failure>" line per request it sends, and one line per re-send it decides on.
 */
export function sendCounter(): { logger: (line: string) => void; counts: () => SendCounts } {
  const counts: SendCounts = { requests: 0, tokenRequests: 0, retries: 0 };
  const logger = (line: string): void => {
    if (/^\[pulumi-tenant\] POST \/oauth\/token -> /.test(line)) counts.tokenRequests++;
    else if (/^\[pulumi-tenant\] [A-Z]+ \/api\/v2\S* -> /.test(line)) counts.requests++;
    else if (/^\[pulumi-tenant\] (retrying |rate limited on |401 on )/.test(line)) counts.retries++;
  };
  return { logger, counts: () => ({ ...counts }) };
}

export { rejectionOf } from "../support/rejection";
