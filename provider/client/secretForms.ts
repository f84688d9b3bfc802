/**
 * The forms in which a secret may come back from a server: as text (raw, URL- or form-encoded, JSON-escaped), as
 * bytes (base64 in both alphabets, hex), inside Basic credentials (base64 of "user:secret", the secret at an unknown
 * offset), for a URL-shaped secret its parts past the host, and for a secret that is itself base64 (an APNs
 * certificate) the bytes it decodes to, in hex and in URL-safe or shifted base64 (a server quoting the first bytes
 * of a certificate it could not parse).
 */

import { MIN_SECRET_LENGTH } from "../secretLength";

/** Shorter secrets would redact ordinary words (the resources refuse them at check). */
export { MIN_SECRET_LENGTH };
/** In service text, any run carrying this many characters (bytes, once decoded) of a known secret is removed. */
export const PIECE_LENGTH = 6;

export interface SecretForm {
  text: string;
  /** A run of this many characters of the form, anywhere in service text, is a piece of the secret. */
  pieceLength: number;
  /** A URL's path and query names the API too: its runs that read as lowercase words ("guardian", "ticket") are no piece. */
  wordsAreNoPieces: boolean;
}

// An encoded form counts whole when it carries MIN_SECRET_LENGTH bytes of the secret (6 base64 characters, 8 hex
// digits: shorter base64 runs turn up by chance in ids and words), and a run of it is a piece when it carries
// PIECE_LENGTH bytes (8 base64 characters, 12 hex digits); a cut showing that much of a shorter secret shows a whole form.
/** base64 characters that carry `bytes` bytes. */
const base64Length = (bytes: number): number => Math.ceil((bytes * 8) / 6);
const hexLength = (bytes: number): number => bytes * 2;

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

/** Every text form in which a secret may come back: raw, URL-encoded, form-encoded, JSON-escaped. */
export function encodedForms(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const form = formEncoded(secret);
  return [...new Set([secret, url, lowerHex(url), form, lowerHex(form), ...jsonForms(secret)])];
}

/**
 * base64 of the secret's bytes, whole, and the characters fixed by the secret alone when it starts 0, 1 or 2 bytes
 * into a group of three — which is where it lands after an unknown prefix, as in Basic base64("user:" + secret). Each
 * base64 character carries 6 bits; the ones straddling a byte of the prefix or of what follows are left out.
 */
function base64Forms(bytes: Buffer): string[] {
  const whole = bytes.toString("base64");
  const forms = [whole, whole.replace(/=+$/, "")];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString("base64");
    forms.push(encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6)));
  }
  const urlSafe = forms.map((form) => form.replace(/\+/g, "-").replace(/\//g, "_"));
  return [...forms, ...urlSafe].filter((form) => form.length >= base64Length(MIN_SECRET_LENGTH));
}

function hexForms(bytes: Buffer): string[] {
  const hex = bytes.toString("hex");
  return [hex, hex.toUpperCase()].filter((form) => form.length >= hexLength(MIN_SECRET_LENGTH));
}

/** Standard base64 (the alphabet with + and /), padded or not: what a secret that holds bytes is written in. */
const STANDARD_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The bytes a secret written in base64 stands for; undefined for any other secret, or one too short to tell. */
function decodedBytes(secret: string): Buffer | undefined {
  if (!STANDARD_BASE64.test(secret) || secret.length % 4 === 1) return undefined;
  const bytes = Buffer.from(secret, "base64");
  // Only a value that is exactly the encoding of its bytes is read as base64 (no stray padding or trailing bits).
  if (bytes.length < MIN_SECRET_LENGTH || bytes.toString("base64").replace(/=+$/, "") !== secret.replace(/=+$/, "")) return undefined;
  return bytes;
}

/** A URL: its scheme, its user information, its host (and port), and the rest (path, query, fragment). */
const URL_SHAPE = /^[a-z][a-z0-9+.-]*:\/\/(?:([^@/?#\s]*)@)?[^/?#\s@]*([/?#][^]*)?$/i;
/** A path segment, query value or fragment that reads as a lowercase word names the API, not the secret. */
const URL_WORD = /^[a-z._~-]*$/;
const URL_WORD_PIECE = /^[a-z._~/-]*$/;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}

/**
 * What of a secret is secret. A URL keeps its scheme and host readable (they name the tenant or the receiver); its
 * user information, path, query and fragment are the secret — whole, and each segment, value and fragment that is not
 * a plain word. Any other value is secret whole.
 */
export function secretParts(value: string): { parts: string[]; isUrl: boolean } {
  const match = URL_SHAPE.exec(value);
  if (!match) return { parts: [value], isUrl: false };
  const [, userInfo = "", rest = ""] = match;
  const [beforeFragment, fragment = ""] = rest.split(/#([^]*)/, 2);
  const [path, query = ""] = beforeFragment.split(/\?([^]*)/, 2);
  const candidates = [userInfo, userInfo.slice(userInfo.indexOf(":") + 1), rest, fragment, ...path.split("/")];
  for (const pair of query.split("&")) candidates.push(pair.slice(pair.indexOf("=") + 1));
  const parts = new Set<string>();
  for (const candidate of candidates) {
    if (candidate === rest || !URL_WORD.test(candidate)) {
      for (const part of [candidate, decoded(candidate)]) if (part.length >= MIN_SECRET_LENGTH) parts.add(part);
    }
  }
  return parts.size > 0 ? { parts: [...parts], isUrl: true } : { parts: [value], isUrl: false };
}

/** Every form of every part of a secret, each with the run length that counts as a piece of it. */
export function secretForms(secret: string): SecretForm[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const { parts, isUrl } = secretParts(secret);
  const forms: SecretForm[] = [];
  for (const part of parts) {
    for (const text of encodedForms(part)) forms.push({ text, pieceLength: PIECE_LENGTH, wordsAreNoPieces: isUrl });
    for (const bytes of [Buffer.from(part, "utf8"), decodedBytes(part)]) {
      if (bytes === undefined) continue;
      for (const text of base64Forms(bytes)) forms.push({ text, pieceLength: base64Length(PIECE_LENGTH), wordsAreNoPieces: false });
      for (const text of hexForms(bytes)) forms.push({ text, pieceLength: hexLength(PIECE_LENGTH), wordsAreNoPieces: false });
    }
  }
  return forms;
}

/** Whether a run of a form is a piece of the secret on its own. */
export function isPiece(form: SecretForm, run: string): boolean {
  return !(form.wordsAreNoPieces && URL_WORD_PIECE.test(run));
}
