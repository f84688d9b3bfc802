/**
 * Secret wire fields, by name: the resource definitions name them (the client names none itself), and every answer
 * is read with them. Write-only secrets are dropped from a parsed answer on arrival, before its schema sees it, so no
 * handler can pass one on; the values of every named field, wherever they sit in an answer, are taken out of every
 * message built from it (redact.ts).
 */

/** Wire names of secret fields, from the resource definitions (the client names none itself). */
export interface SecretFieldNames {
  /**
   * Write-only secrets (e.g. "aws_secret_access_key", "token", "password", "header_value", "auth_token", "p12",
   * "server_credentials"): removed from every parsed answer at any depth on arrival, values redacted from every message.
   */
  writeOnly: readonly string[];
  /** Secret outputs the caller keeps (e.g. "ticket_url", "ticket_id"): kept in the parsed answer, values redacted from every message. */
  outputs: readonly string[];
}

export const NO_SECRET_FIELDS: SecretFieldNames = Object.freeze({ writeOnly: Object.freeze([]), outputs: Object.freeze([]) });

/** One string per distinct list pair, whatever the order or repeats: two clients with the same names share it. */
export function secretFieldsKey(fields: SecretFieldNames | undefined): string {
  const sorted = (names: readonly string[] | undefined): string[] => [...new Set(names ?? [])].sort();
  return JSON.stringify([sorted(fields?.writeOnly), sorted(fields?.outputs)]);
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
 * Removes write-only secret fields from parsed answers. The parsed value is walked, not the text searched: one
 * `includes` per name over a 19 KB page of streams cost more than the walk does (a string search runs at about a
 * byte per nanosecond here), and `for…in` over the objects JSON.parse builds is the fastest walk measured.
 */
export class WriteOnlyFields {
  private readonly names: ReadonlySet<string>;

  constructor(names: readonly string[]) {
    this.names = new Set(names);
  }

  /** Deletes every property with one of the names from a parsed answer, at any depth, in place. */
  dropFrom(data: unknown): void {
    if (this.names.size > 0) this.drop(data, 0);
  }

  private drop(value: unknown, depth: number): void {
    if (typeof value !== "object" || value === null) return;
    if (depth > RECURSION_LIMIT) return this.dropIteratively(value);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) this.drop(value[index], depth + 1);
      return;
    }
    const object = value as Record<string, unknown>;
    for (const key in object) {
      if (this.names.has(key)) delete object[key];
      else this.drop(object[key], depth + 1);
    }
  }

  private dropIteratively(value: object): void {
    eachObject(value, (object) => {
      for (const key of Object.keys(object)) if (this.names.has(key)) delete object[key];
    });
  }
}

export const NO_WRITE_ONLY_FIELDS = new WriteOnlyFields([]);

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
