/**
 * `Resource.get(name, id)` reaches the handler as a Read whose props hold nothing but the serialized provider.
 * The engine fails such a read only when it returns no outputs at all, and the dynamic-provider host always
 * returns `__provider`; so a handler that answered "gone" would let `.get` of a mistyped id succeed with empty
 * outputs. Handlers throw these errors instead.
 */
import { withoutProviderKey } from "./values";

/** Whether a Read came from `.get` (nothing stored yet) rather than from a refresh of a resource in state. */
export function isReadForGet(props: unknown): boolean {
  return Object.keys(withoutProviderKey(props)).length === 0;
}

/** The one not-found error for `.get`, naming the resource type and the id. */
export function getNotFoundError(what: string, id: string, detail: string): Error {
  return new Error(`${what}.get("${id}"): ${detail}`);
}
