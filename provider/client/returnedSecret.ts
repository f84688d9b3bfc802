/**
 * A secret the service returns in clear (Duo's secret key, `skey`), as the client hands it over: kept in the parsed
 * answer so a handler can tell whether the program's value is the tenant's and send it back in a write, but never
 * readable as text. Its value lives outside the object, so it prints, inspects, spreads and serializes as nothing
 * (JSON and template strings show "[redacted]"); only the client reads it, to put it into a request body it sends
 * (and into that call's secrets). Outputs and state never hold one: the handler builder refuses it there.
 */
import { REDACTED } from "./namedValues";

const values = new WeakMap<ReturnedSecret, string>();

export class ReturnedSecret {
  constructor(value: string) {
    values.set(this, value);
  }

  /** Whether `value` (the program's own secret) is the one the service returned. */
  matches(value: unknown): boolean {
    return typeof value === "string" && value === values.get(this);
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }
}

/** The value itself: for the client's request body alone (see client.ts). */
export function revealReturnedSecret(secret: ReturnedSecret): string {
  return values.get(secret) ?? "";
}

/** Whether a value is, or holds at any depth, a returned secret: what outputs must never carry. */
export function holdsReturnedSecret(value: unknown): boolean {
  if (value instanceof ReturnedSecret) return true;
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(holdsReturnedSecret);
}
