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

export { rejectionOf } from "../support/rejection";
