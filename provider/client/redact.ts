/**
 * The one place secrets are taken out of text bound for an error message or a log line.
 *
 * A server may echo what it was sent (validation messages quoting the payload, a token request echoed back, the
 * Basic header it built), encoded the way it travelled; it may also send a secret no call knew (a field of its
 * answer). So every known secret is looked for in each of its forms (secretForms.ts), in service text even a piece of
 * one (6 characters, or as many bytes once decoded: a server may cut its echo anywhere), and the value of every
 * secret field is taken out by the field's name (namedValues.ts). Callers redact before they truncate, so a cut never
 * splits a secret.
 */
import { REDACTED, namedValueRedaction } from "./namedValues";
import { namedFieldValues } from "./secretFields";
import { secretForms, isPiece, type SecretForm } from "./secretForms";
import { BASIC_VALUE, BEARER_VALUE, JWT_LIKE } from "./secretShapes";

export { MIN_SECRET_LENGTH, encodedForms } from "./secretForms";

/** No control character, and valid UTF-8 (no replacement character): text, not the bytes of a word read as base64. */
function readable(text: string): boolean {
  return !Array.from(text).some((char) => char < " " || char === "\u007f" || char === "\ufffd");
}

function redactBasic(match: string, prefix: string, encoded: string): string {
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  return decoded.includes(":") && readable(decoded) ? prefix + REDACTED : match;
}

export class Redactor {
  /** Longest first, so a secret that contains another is replaced whole. */
  private readonly forms: SecretForm[];
  private readonly namedValues: ((text: string) => string) | undefined;
  /** Pieces by their length: text forms' pieces are 6 characters, base64's 8, hex's 12 (6 bytes each). */
  private pieces: Map<number, Set<string>> | undefined;

  /** `fieldNames`: wire names whose values service text must not show, whatever the value (see namedValues.ts). */
  constructor(secrets: Iterable<string | undefined>, fieldNames: readonly string[] = []) {
    const byText = new Map<string, SecretForm>();
    for (const secret of secrets) {
      if (secret === undefined) continue;
      for (const form of secretForms(secret)) {
        const known = byText.get(form.text);
        // The same text as a plain secret and as a URL's part: every piece of it counts.
        if (!known || (known.wordsAreNoPieces && !form.wordsAreNoPieces)) byText.set(form.text, form);
      }
    }
    this.forms = [...byText.values()].sort((left, right) => right.text.length - left.text.length);
    this.namedValues = namedValueRedaction(fieldNames);
  }

  /**
   * Text the package wrote itself (messages, log lines): whole secrets in any form are replaced, but
   * words are left alone, so a hint that names `tenant:clientSecret` keeps its words.
   */
  redactWhole(text: string): string {
    let result = text;
    for (const { text: form } of this.forms) if (result.includes(form)) result = result.split(form).join(REDACTED);
    return result;
  }

  /** Text from the service: whole secrets, the values of secret fields, any piece of a secret, and anything credential-shaped. */
  redactService(text: string): string {
    let result = this.redactWhole(text);
    if (this.namedValues) result = this.namedValues(result);
    for (const [length, pieces] of this.pieceSets()) result = removePieces(result, pieces, length);
    return result.replace(JWT_LIKE, REDACTED).replace(BEARER_VALUE, `$1${REDACTED}`).replace(BASIC_VALUE, redactBasic);
  }

  private pieceSets(): Map<number, Set<string>> {
    if (!this.pieces) {
      this.pieces = new Map();
      for (const form of this.forms) {
        const length = form.pieceLength;
        let pieces = this.pieces.get(length);
        if (!pieces) this.pieces.set(length, (pieces = new Set()));
        for (let start = 0; start + length <= form.text.length; start++) {
          const piece = form.text.slice(start, start + length);
          if (isPiece(form, piece)) pieces.add(piece);
        }
      }
    }
    return this.pieces;
  }
}

/** Marks every window that is a piece of a secret, then replaces each run of marked characters once. */
function removePieces(text: string, pieces: ReadonlySet<string>, length: number): string {
  if (pieces.size === 0 || text.length < length) return text;
  let result = "";
  let copiedUpTo = 0;
  let runStart = -1;
  let runEnd = -1;
  for (let start = 0; start + length <= text.length; start++) {
    if (!pieces.has(text.slice(start, start + length))) continue;
    if (runStart >= 0 && start > runEnd) {
      result += text.slice(copiedUpTo, runStart) + REDACTED;
      copiedUpTo = runEnd;
      runStart = -1;
    }
    if (runStart < 0) runStart = start;
    runEnd = start + length;
  }
  if (runStart >= 0) {
    result += text.slice(copiedUpTo, runStart) + REDACTED;
    copiedUpTo = runEnd;
  }
  return result + text.slice(copiedUpTo);
}


/** The values of a JSON answer's named fields (and of the echoed secret fields), at any depth; nothing when the text is not JSON. */
export function secretFieldValues(text: string | undefined, named: readonly string[]): string[] {
  return namedFieldValues(text, named);
}

/** Service text without the given secrets, nor the values of the named fields (a one-off Redactor; the client keeps one per call). */
export function redact(text: string, secrets: readonly string[], fieldNames: readonly string[] = []): string {
  return new Redactor(secrets, fieldNames).redactService(text);
}
