/**
 * The one place secrets are taken out of text bound for an error message or a log line.
 *
 * A server may echo what it was sent (validation messages quoting the payload, a token request echoed
 * back), encoded the way it travelled: URL- or form-encoded, JSON-escaped. So every secret is looked for
 * in each of those forms, and in service text even a piece of one (6 characters or more) is removed: a
 * server may cut its echo anywhere. It may also send a secret no call knew (a field of its answer): the value of
 * every secret field is taken out by the field's name (namedValues.ts). Callers redact before they truncate, so a
 * cut never splits a secret.
 */
import { REDACTED as MARK, namedValueRedaction } from "./namedValues";
import { namedFieldValues } from "./secretFields";

/** Shorter secrets would redact ordinary words; config and the service require longer ones anyway. */
export const MIN_SECRET_LENGTH = 4;
/** In service text, any run of this many characters from a known secret is removed. */
const PIECE_LENGTH = 6;

/** Anything shaped like a JWT (header.payload.signature, base64url): a token in someone's echo. */
const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const BEARER_VALUE = /(bearer\s+)\S+/gi;

function formEncoded(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/** JSON string escaping as JSON.stringify does it, and as encoders that also escape "/" or non-ASCII do. */
function jsonForms(value: string): string[] {
  const plain = JSON.stringify(value).slice(1, -1);
  const escapeNonAscii = (upper: boolean): string =>
    plain.replace(/[\u0080-\uffff]/g, (char) => {
      const hex = char.charCodeAt(0).toString(16).padStart(4, "0");
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    });
  return [plain, plain.replace(/\//g, "\\/"), escapeNonAscii(false), escapeNonAscii(true)];
}

/** Percent-escapes with lower-case hex digits, as some servers re-encode them. */
function lowerHex(encoded: string): string {
  return encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}

/**
 * A secret's URL holds its secret in the query (a ticket link: scheme, host and path name the tenant and
 * are no secret); any other value is secret whole.
 */
function secretParts(value: string): string[] {
  if (!/^https?:\/\//i.test(value)) return [value];
  try {
    const values = [...new URL(value).searchParams.values()].filter((part) => part.length >= MIN_SECRET_LENGTH);
    return values.length > 0 ? values : [value];
  } catch {
    return [value];
  }
}

/** Every form in which a secret may come back: raw, URL-encoded, form-encoded, JSON-escaped. */
export function encodedForms(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const form = formEncoded(secret);
  const forms = new Set([secret, url, lowerHex(url), form, lowerHex(form), ...jsonForms(secret)]);
  return [...forms];
}

export class Redactor {
  /** Longest first, so a secret that contains another is replaced whole. */
  private readonly forms: string[];
  private readonly namedValues: ((text: string) => string) | undefined;
  private pieces: Set<string> | undefined;

  /** `fieldNames`: wire names whose values service text must not show, whatever the value (see namedValues.ts). */
  constructor(secrets: Iterable<string | undefined>, fieldNames: readonly string[] = []) {
    const forms = new Set<string>();
    for (const secret of secrets) {
      if (secret === undefined || secret.length < MIN_SECRET_LENGTH) continue;
      for (const part of secretParts(secret)) for (const form of encodedForms(part)) forms.add(form);
    }
    this.forms = [...forms].sort((left, right) => right.length - left.length);
    this.namedValues = namedValueRedaction(fieldNames);
  }

  /**
   * Text the package wrote itself (messages, log lines): whole secrets in any form are replaced, but
   * words are left alone, so a hint that names `tenant:clientSecret` keeps its words.
   */
  redactWhole(text: string): string {
    let result = text;
    for (const form of this.forms) if (result.includes(form)) result = result.split(form).join(MARK);
    return result;
  }

  /** Text from the service: whole secrets, the values of secret fields, any piece of a secret, and anything token-shaped. */
  redactService(text: string): string {
    let whole = this.redactWhole(text);
    if (this.namedValues) whole = this.namedValues(whole);
    return removePieces(whole, this.pieceSet()).replace(JWT_LIKE, MARK).replace(BEARER_VALUE, `$1${MARK}`);
  }

  private pieceSet(): Set<string> {
    if (!this.pieces) {
      this.pieces = new Set();
      for (const form of this.forms) {
        for (let start = 0; start + PIECE_LENGTH <= form.length; start++) this.pieces.add(form.slice(start, start + PIECE_LENGTH));
      }
    }
    return this.pieces;
  }
}

/** Marks every window that is a piece of a secret, then replaces each run of marked characters once. */
function removePieces(text: string, pieces: ReadonlySet<string>): string {
  if (pieces.size === 0 || text.length < PIECE_LENGTH) return text;
  let result = "";
  let copiedUpTo = 0;
  let runStart = -1;
  let runEnd = -1;
  for (let start = 0; start + PIECE_LENGTH <= text.length; start++) {
    if (!pieces.has(text.slice(start, start + PIECE_LENGTH))) continue;
    if (runStart >= 0 && start > runEnd) {
      result += text.slice(copiedUpTo, runStart) + MARK;
      copiedUpTo = runEnd;
      runStart = -1;
    }
    if (runStart < 0) runStart = start;
    runEnd = start + PIECE_LENGTH;
  }
  if (runStart >= 0) {
    result += text.slice(copiedUpTo, runStart) + MARK;
    copiedUpTo = runEnd;
  }
  return result + text.slice(copiedUpTo);
}

/**
 * Answer fields that hold a secret whatever the call: the SNS credentials PUT echoes the AWS secret key it was sent.
 * Kept until the client is given every secret field's name from the definitions (ClientOptions.secretFields), which
 * does the same for any field; nothing else depends on it.
 */
export const ECHOED_SECRET_FIELDS = ["aws_secret_access_key"];

/** The names `named` and the echoed secret fields. */
export function withEchoedSecretFields(named: readonly string[]): string[] {
  return [...named, ...ECHOED_SECRET_FIELDS];
}

/** The values of a JSON answer's named fields (and of the echoed secret fields), at any depth; nothing when the text is not JSON. */
export function secretFieldValues(text: string | undefined, named: readonly string[]): string[] {
  return namedFieldValues(text, withEchoedSecretFields(named));
}

/** Service text without the given secrets, nor the values of the named fields (a one-off Redactor; the client keeps one per call). */
export function redact(text: string, secrets: readonly string[], fieldNames: readonly string[] = []): string {
  return new Redactor(secrets, fieldNames).redactService(text);
}
