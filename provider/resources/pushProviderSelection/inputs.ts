/** Inputs of PushProviderSelection as `check` validates them, and its stored outputs. */
import { z } from "zod";
import { strictShape } from "../common/validation";
import { PUSH_PROVIDERS } from "./wire";

export const pushProviderSelectionInputs = strictShape({
  provider: z.enum(PUSH_PROVIDERS),
});
export type PushProviderSelectionInputs = z.infer<typeof pushProviderSelectionInputs>;

/** Outputs as written by this version; `schemaVersion` lets later handlers read them. */
export interface PushProviderSelectionOutputs {
  provider: string | null;
  /** What create found selected, restored on delete; null when the service did not say. */
  previousProvider: string | null;
  schemaVersion: 1;
}

/** Reads outputs of any handler version (none older than 1 exists yet; missing fields become null). */
export function storedSelection(props: Record<string, unknown>): PushProviderSelectionOutputs {
  const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
  return { provider: text(props.provider), previousProvider: text(props.previousProvider), schemaVersion: 1 };
}
