/**
 * Wire shapes of the phone factor's message types and the translations (`message_types` ↔ `messageTypes`).
 * The only place that maps API ↔ outputs. Not the deprecated `…/phone/selected-provider` or `…/sms/…` endpoints.
 */
import { z } from "zod";

export const MESSAGE_TYPES_PATH = "/guardian/factors/phone/message-types";

/** Any strings are kept, so a type we do not know still shows as drift; `[]` was recorded too. */
export const messageTypesResponse = z.object({ message_types: z.array(z.string()) });
export type MessageTypesResponse = z.infer<typeof messageTypesResponse>;

export const messageTypesRequest = z.object({ message_types: z.array(z.string()) });
export type MessageTypesRequest = z.infer<typeof messageTypesRequest>;

export function expandMessageTypes(messageTypes: readonly string[]): MessageTypesRequest {
  return { message_types: [...messageTypes] };
}

export function flattenMessageTypes(response: MessageTypesResponse): { messageTypes: string[] } {
  return { messageTypes: [...response.message_types] };
}
