/** PushProviderSelection's outputs as this version writes them, and a reader of what any version stored. */

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
