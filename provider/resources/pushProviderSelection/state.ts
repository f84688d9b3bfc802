/** A reader of PushProviderSelection's outputs as any version stored them. */
import type { PushProviderSelectionOutputs } from "./definition";

/** Reads outputs of any handler version (none older than 1 exists yet; missing fields become null). */
export function storedSelection(props: Record<string, unknown>): PushProviderSelectionOutputs {
  const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
  return { provider: text(props.provider), previousProvider: text(props.previousProvider), schemaVersion: 1 };
}
