/**
 * `Resource.get(name, id)` reaches the handler as a Read whose props hold nothing but the serialized provider.
 * The engine fails such a read only when it returns no outputs at all, and the dynamic-provider host always
 * returns `__provider`; so a handler that answered "gone" would let `.get` of a mistyped id succeed with empty
 * outputs. Handlers throw this error instead. The native plugin's import Read looks the same to a handler: the
 * plugin puts the error in import words from its parts.
 */
import type { Identity } from "./definition";

/** A lookup by id (`.get`, or an import) of an id that names nothing: the type, the id, and why. */
export class LookupNotFoundError extends Error {
  constructor(
    readonly what: string,
    readonly id: string,
    /** Why, in words that fit any lookup (no `.get`, no import). */
    readonly detail: string,
  ) {
    super(`${what}.get("${id}"): ${detail}`);
  }
}

/** Why a lookup found nothing, for a read that answered "gone". */
export function notFoundDetail(identity: Identity): string {
  return identity.kind === "service"
    ? `the tenant has no ${identity.noun} with this id. Check the id (it starts with "${identity.prefix}").`
    : "the tenant has nothing with this id.";
}
