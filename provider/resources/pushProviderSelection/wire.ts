/**
 * Wire shapes of the push-notification provider selection (snake_case and camelCase agree here: the
 * only field is `provider`) and the two translations. The only place that maps API ↔ outputs.
 */
import { z } from "zod";
import type { PushProviderSelectionInputs } from "./definition";

export const SELECTION_PATH = "/guardian/factors/push-notification/selected-provider";

/** The contract makes `provider` optional in responses; any string is kept so drift stays visible. */
export const selectionResponse = z.object({ provider: z.string().optional() });
export type SelectionResponse = z.infer<typeof selectionResponse>;

/** The body of the PUT. */
export const selectionRequest = z.object({ provider: z.string() });
export type SelectionRequest = z.infer<typeof selectionRequest>;

export function expandSelection(inputs: PushProviderSelectionInputs): SelectionRequest {
  return { provider: inputs.provider };
}

/** `null` when the service does not say which provider is selected. */
export function flattenSelection(response: SelectionResponse): { provider: string | null } {
  return { provider: response.provider ?? null };
}
