/**
 * The TypeScript identifier of each resource an exported program declares, derived from its Pulumi name by one rule
 * (the README's "Bring an existing tenant under code" states it too):
 *   1. words: the name with accents taken off (NFKD, combining marks dropped), split at every run of characters that
 *      are not ASCII letters or digits; a kind named after an input adds its word (`Stream`, `Factor`, `Template`);
 *   2. camelCase: the first word in lower case, each further word with its first letter in upper case;
 *   3. one that starts with a digit gets a leading `_`; a reserved word, or a name the file itself uses (`tenant`,
 *      `pulumi`), gets a trailing `_`; no words at all gives `resource`;
 *   4. in declaration order, an identifier already taken (by any kind) gets the smallest number from 2 that is free.
 * So `"a b"` and `"a-b"` streams are `aBStream` and `aBStream2`, and `"2fa"` is `_2faStream`.
 */

/** ECMAScript's reserved words, strict mode's, and the names TypeScript reserves for types. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function " +
    "if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield await arguments eval " +
    "any boolean never number object string symbol undefined unknown bigint"
  ).split(" "),
);

/** Names the generated file binds itself. */
const BOUND_BY_FILE = new Set(["tenant", "pulumi"]);

/** Step 1: the name's words. */
export function wordsOf(name: string): string[] {
  const plain = name.normalize("NFKD").replace(/\p{M}/gu, "");
  return plain.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
}

/** Steps 1 to 3: the identifier a Pulumi name makes, before clashes are settled. */
export function identifierOf(pulumiName: string, suffix = ""): string {
  const words = [...wordsOf(pulumiName), ...wordsOf(suffix)];
  if (words.length === 0) return "resource";
  const joined = words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1))).join("");
  if (/^[0-9]/.test(joined)) return `_${joined}`;
  return RESERVED.has(joined) || BOUND_BY_FILE.has(joined) ? `${joined}_` : joined;
}

/** Step 4: hands out identifiers in declaration order, each once. */
export class IdentifierTable {
  private readonly taken = new Set<string>();

  claim(identifier: string): string {
    let chosen = identifier;
    for (let number = 2; this.taken.has(chosen); number++) chosen = `${identifier}${number}`;
    this.taken.add(chosen);
    return chosen;
  }
}
