/**
 * Secret wire fields, by name: the resource definitions name them (the client names none itself), and every answer
 * is read with them. Write-only secrets are dropped from a parsed answer on arrival, before its schema sees it, so no
 * handler can pass one on; a returned secret arrives wrapped (returnedSecret.ts), so a handler can use it but never
 * store or show it; the values of every named field, wherever they sit in an answer, are taken out of every message
 * built from it (redact.ts).
 */
import { ReturnedSecret } from "./returnedSecret";

/** Wire names of secret fields, from the resource definitions (the client names none itself). */
export interface SecretFieldNames {
  /**
   * Write-only secrets (e.g. "aws_secret_access_key", "token", "password", "header_value", "auth_token", "p12",
   * "server_credentials"): removed from every parsed answer at any depth on arrival, values redacted from every message.
   */
  writeOnly: readonly string[];
  /** Secret outputs the caller keeps (e.g. "ticket_url", "ticket_id"): kept in the parsed answer, values redacted from every message. */
  outputs: readonly string[];
  /**
   * Secrets the service returns that the caller must never keep (e.g. "skey", Duo's secret key): each string value
   * arrives in the parsed answer as a ReturnedSecret (any other value is dropped), values redacted from every message.
   */
  returned?: readonly string[];
}

export const NO_SECRET_FIELDS: SecretFieldNames = Object.freeze({ writeOnly: Object.freeze([]), outputs: Object.freeze([]), returned: Object.freeze([]) });

/** Every name whose values are kept out of messages: all three lists. */
export function allSecretFieldNames(fields: SecretFieldNames): string[] {
  return [...fields.writeOnly, ...fields.outputs, ...(fields.returned ?? [])];
}

/** One string per distinct set of lists, whatever the order or repeats: two clients with the same names share it. */
export function secretFieldsKey(fields: SecretFieldNames | undefined): string {
  const sorted = (names: readonly string[] | undefined): string[] => [...new Set(names ?? [])].sort();
  return JSON.stringify([sorted(fields?.writeOnly), sorted(fields?.outputs), sorted(fields?.returned)]);
}

/** Depth-first over a parsed JSON value with a stack of its own: a hostile answer nested 100,000 deep cannot overflow ours. */
function eachObject(root: unknown, visit: (object: Record<string, unknown>) => void): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    const object = value as Record<string, unknown>;
    visit(object);
    for (const key of Object.keys(object)) pending.push(object[key]);
  }
}

/** Deeper than this, the walk goes on with a stack of its own (eachObject) instead of the call stack. */
const RECURSION_LIMIT = 64;

/**
 * What a parsed answer's secret fields become on arrival: a write-only one is removed, a returned one wrapped. The
 * parsed value is walked, not the text searched: one `includes` per name over a 19 KB page of streams cost more than
 * the walk does (a string search runs at about a byte per nanosecond here), and `for…in` over the objects JSON.parse
 * builds is the fastest walk measured.
 */
export class ArrivingSecretFields {
  private readonly writeOnly: ReadonlySet<string>;
  private readonly returned: ReadonlySet<string>;

  constructor(writeOnly: readonly string[], returned: readonly string[] = []) {
    this.writeOnly = new Set(writeOnly);
    this.returned = new Set(returned);
  }

  /** Deletes every write-only field and wraps every returned one, at any depth of a parsed answer, in place. */
  applyTo(data: unknown): void {
    if (this.writeOnly.size > 0 || this.returned.size > 0) this.visit(data, 0);
  }

  private visit(value: unknown, depth: number): void {
    if (typeof value !== "object" || value === null) return;
    if (depth > RECURSION_LIMIT) return this.visitIteratively(value);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) this.visit(value[index], depth + 1);
      return;
    }
    const object = value as Record<string, unknown>;
    for (const key in object) {
      if (!this.settle(object, key)) this.visit(object[key], depth + 1);
    }
  }

  /** Whether the key names a secret field, which it then removes or wraps. */
  private settle(object: Record<string, unknown>, key: string): boolean {
    if (this.writeOnly.has(key)) {
      delete object[key];
      return true;
    }
    if (!this.returned.has(key)) return false;
    const value = object[key];
    // Only a string can be such a secret: anything else in its place is no value a handler could use.
    if (typeof value === "string") object[key] = new ReturnedSecret(value);
    else delete object[key];
    return true;
  }

  private visitIteratively(value: object): void {
    eachObject(value, (object) => {
      for (const key of Object.keys(object)) this.settle(object, key);
    });
  }
}

export const NO_ARRIVING_SECRET_FIELDS = new ArrivingSecretFields([]);

/**
 * Every string (and number) held by a property with one of the names, at any depth of a JSON text: what a message
 * built from that answer must not show. Nothing when the text is not JSON.
 */
export function namedFieldValues(text: string | undefined, names: readonly string[]): string[] {
  if (text === undefined || names.length === 0) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const wanted = new Set(names);
  const found: string[] = [];
  eachObject(parsed, (object) => {
    for (const key of Object.keys(object)) if (wanted.has(key)) collectScalars(object[key], found);
  });
  return found;
}

function collectScalars(root: unknown, found: string[]): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") found.push(value);
    else if (typeof value === "number") found.push(String(value));
    else if (typeof value === "object" && value !== null) for (const item of Object.values(value)) pending.push(item);
  }
}
