/**
 * Wire shapes of the push-notification provider selection (snake_case and camelCase agree here: the
 * only field is `provider`) and the two translations. The only place that maps API ↔ outputs.
 */
import { z } from "zod";

export const SELECTION_PATH = "/guardian/factors/push-notification/selected-provider";

export const PUSH_PROVIDERS = ["guardian", "sns", "direct"] as const;
export type PushProviderName = (typeof PUSH_PROVIDERS)[number];

/** The contract makes `provider` optional in responses; any string is kept so drift stays visible. */
export const selectionResponse = z.object({ provider: z.string().optional() });
export type SelectionResponse = z.infer<typeof selectionResponse>;

export interface SelectionRequest {
  provider: PushProviderName;
}

export function expandSelection(args: { provider: PushProviderName }): SelectionRequest {
  return { provider: args.provider };
}

/** `null` when the service does not say which provider is selected. */
export function flattenSelection(response: SelectionResponse): { provider: string | null } {
  return { provider: response.provider ?? null };
}
