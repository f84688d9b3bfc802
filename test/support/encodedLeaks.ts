/**
 * Finds a secret in text the way an attacker reading it would, independently of the package's redaction: its text
 * forms (raw, URL- and form-encoded, JSON-escaped) by any 6 consecutive characters, and its bytes by decoding every
 * run of base64 (either alphabet, each of the 4 alignments, so inside Basic credentials too) or hex (both
 * alignments) in the text and looking for any 6 consecutive bytes of the secret — and, for a secret written in
 * base64 (an APNs certificate), of the bytes it stands for.
 */
const PIECE = 6;

function textForms(secret: string): Record<string, string> {
  const json = JSON.stringify(secret).slice(1, -1);
  return {
    raw: secret,
    "URL-encoded": encodeURIComponent(secret),
    "form-encoded": new URLSearchParams({ s: secret }).toString().slice(2),
    "JSON-escaped": json,
    "JSON \\u-escaped": json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`),
  };
}

function holdsPiece(decoded: Buffer, secret: Buffer): boolean {
  for (let start = 0; start + PIECE <= secret.length; start++) {
    if (decoded.includes(secret.subarray(start, start + PIECE))) return true;
  }
  return false;
}

function decodedRuns(text: string, run: RegExp, alignments: number, decode: (part: string) => Buffer): Buffer[] {
  const decoded: Buffer[] = [];
  for (const match of text.matchAll(run)) {
    for (let shift = 0; shift < alignments; shift++) decoded.push(decode(match[0].slice(shift)));
  }
  return decoded;
}

/** Each form in which `text` shows a piece of `secret` (empty when it shows none). */
export function leakedForms(text: string, secret: string): string[] {
  const found: string[] = [];
  for (const [form, encoded] of Object.entries(textForms(secret))) {
    for (let start = 0; start + PIECE <= encoded.length; start++) {
      if (text.includes(encoded.slice(start, start + PIECE))) {
        found.push(form);
        break;
      }
    }
  }
  const base64 = decodedRuns(text, /[A-Za-z0-9+/_-]{8,}/g, 4, (part) => Buffer.from(part.replace(/-/g, "+").replace(/_/g, "/"), "base64"));
  const hex = decodedRuns(text, /[0-9a-fA-F]{12,}/g, 2, (part) => Buffer.from(part.slice(0, part.length - (part.length % 2)), "hex"));
  const stoodFor = /^[A-Za-z0-9+/]+={0,2}$/.test(secret) ? Buffer.from(secret, "base64") : undefined;
  for (const [label, bytes] of [["", Buffer.from(secret, "utf8")], [" of its decoded bytes", stoodFor]] as const) {
    if (bytes === undefined || bytes.length < PIECE) continue;
    if (base64.some((decoded) => holdsPiece(decoded, bytes))) found.push(`base64${label}`);
    if (hex.some((decoded) => holdsPiece(decoded, bytes))) found.push(`hex${label}`);
  }
  return found;
}

/** The secrets (by description) of which `text` shows a piece in any form. */
export function leakedSecrets(text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets).flatMap(([description, secret]) => leakedForms(text, secret).map((form) => `${description} (${form})`));
}
