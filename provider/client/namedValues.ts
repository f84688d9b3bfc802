/**
 * Values the service's text joins to a secret field's name — `aws_secret_access_key=…`, `"auth_token": "…"`,
 * `{\"token\":\"…\"}`, `header_value …` — found by the name, so a value no call knew is taken out too.
 *
 * A name joins its value by `=` or `:` (URL-encoded or not), quoted or not; a name with an underscore also by
 * spaces alone, since it cannot be a word of prose ("aws_secret_access_key <key> is not valid"), while a bare
 * "token" or "password" followed by a word is prose and left alone. Only service text is read this way: the
 * package's own messages ("obtain an access token failed") are not.
 */

export const REDACTED = "[redacted]";

function escapeForPattern(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function alternatives(names: readonly string[]): string {
  return [...names]
    .sort((left, right) => right.length - left.length)
    .map(escapeForPattern)
    .join("|");
}

/** The span to replace: the inside of a quoted value, or the whole of any other; `next` is where scanning goes on. */
interface ValueSpan {
  from: number;
  to: number;
  next: number;
}

/** A quoted value's end: the next unescaped quote (or the end of the text). */
function quoted(text: string, start: number, quote: string): ValueSpan {
  for (let at = start + 1; at < text.length; at++) {
    if (text[at] === "\\") at++;
    else if (text[at] === quote) return { from: start + 1, to: at, next: at + 1 };
  }
  return { from: start + 1, to: text.length, next: text.length };
}

/**
 * A value quoted inside JSON that was itself put in a JSON string (`\"…\"`): its closing quote is one backslash and
 * a quote; inside it, an escaped quote shows as three backslashes and a quote, an escaped backslash as four.
 */
function escapedQuoted(text: string, start: number): ValueSpan {
  for (let at = start + 2; at < text.length; ) {
    if (text[at] !== "\\") {
      at++;
      continue;
    }
    let run = 0;
    while (text[at + run] === "\\") run++;
    if (text[at + run] === '"' && run % 4 === 1) return { from: start + 2, to: at + run - 1, next: at + run + 1 };
    at += run + 1;
  }
  return { from: start + 2, to: text.length, next: text.length };
}

/** An object or array value: to its matching bracket, strings skipped (or to the end of the text). */
function bracketed(text: string, start: number): ValueSpan {
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (char === '"') at = quoted(text, at, '"').next - 1;
    else if (char === "{" || char === "[") depth++;
    else if ((char === "}" || char === "]") && --depth === 0) return { from: start, to: at + 1, next: at + 1 };
  }
  return { from: start, to: text.length, next: text.length };
}

function valueAt(text: string, start: number): ValueSpan {
  const first = text[start];
  if (first === '"' || first === "'") return quoted(text, start, first);
  if (first === "\\" && text[start + 1] === '"') return escapedQuoted(text, start);
  if (first === "{" || first === "[") return bracketed(text, start);
  // Unquoted: up to the next space. A secret may hold any other character, so a comma or an ampersand goes too.
  let end = start;
  while (end < text.length && !/\s/.test(text[end])) end++;
  return { from: start, to: end, next: end };
}

/** Takes the value joined to any of `names` out of service text; undefined when there are no names. */
export function namedValueRedaction(names: readonly string[]): ((text: string) => string) | undefined {
  const distinct = [...new Set(names)].filter((name) => name !== "");
  if (distinct.length === 0) return undefined;
  const underscored = distinct.filter((name) => name.includes("_"));
  // The name, maybe closed by a quote (escaped in doubly encoded JSON), then = or : (or their URL encodings).
  const joined = `(?:${alternatives(distinct)})\\\\?["']?\\s*(?:[=:]|%3[DdAa])\\s*`;
  const spaced = underscored.length > 0 ? `|(?:${alternatives(underscored)})\\\\?["']?[ \\t]+` : "";
  const pattern = new RegExp(`(?<![A-Za-z0-9_])(?:${joined}${spaced})`, "gi");
  return (text) => {
    let result = "";
    let copied = 0;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const span = valueAt(text, match.index + match[0].length);
      if (span.to > span.from) {
        result += text.slice(copied, span.from) + REDACTED;
        copied = span.to;
      }
      pattern.lastIndex = Math.max(span.next, pattern.lastIndex);
    }
    return result + text.slice(copied);
  };
}
