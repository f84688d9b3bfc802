/**
 * The Markdown the README generator reads and writes: headings (outside code blocks) and their GitHub anchors,
 * the table of contents, and the regions between `<!-- generated: <name> -->` and `<!-- end generated: <name> -->`
 * that `npm run docs` rewrites. Build tooling: not part of dist/.
 */

export interface Heading {
  level: number;
  /** The heading's text as rendered: inline code marks removed. */
  text: string;
  /** The anchor GitHub gives it, e.g. `use-from-python-go-net-java-or-yaml`. */
  anchor: string;
  /** 1-based line number in the README. */
  line: number;
}

/** Which lines of a Markdown text are inside fenced code blocks. */
export function fencedLines(markdown: string): boolean[] {
  let fence: string | undefined;
  return markdown.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) {
      if (marker) fence = marker;
      return marker !== undefined;
    }
    if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    return true;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens. */
export function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** Every ATX heading outside code blocks, with the anchor GitHub gives it (repeats get `-1`, `-2`, …). */
export function headingsOf(markdown: string): Heading[] {
  const fenced = fencedLines(markdown);
  const seen = new Map<string, number>();
  const headings: Heading[] = [];
  markdown.split("\n").forEach((line, index) => {
    const match = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match || fenced[index]) return;
    const text = match[2].replace(/`/g, "");
    const base = anchorOf(text);
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    headings.push({ level: match[1].length, text, anchor: repeat === 0 ? base : `${base}-${repeat}`, line: index + 1 });
  });
  return headings;
}

/** The heading of the contents list itself, left out of it. */
export const CONTENTS_HEADING = "Contents";

/** The table of contents: every `##` and `###` heading but the contents' own, nested by level. */
export function tableOfContents(markdown: string): string {
  return headingsOf(markdown)
    .filter((heading) => (heading.level === 2 || heading.level === 3) && heading.text !== CONTENTS_HEADING)
    .map((heading) => `${heading.level === 3 ? "  " : ""}- [${heading.text}](#${heading.anchor})`)
    .join("\n");
}

export const beginMarker = (name: string): string => `<!-- generated: ${name} -->`;
export const endMarker = (name: string): string => `<!-- end generated: ${name} -->`;

/** Where a generated region's content lies: after its begin marker's line, up to its end marker's line. */
export function regionOf(markdown: string, name: string): { start: number; end: number } | undefined {
  const begin = markdown.indexOf(`${beginMarker(name)}\n`);
  if (begin < 0 || markdown.indexOf(beginMarker(name), begin + 1) >= 0) return undefined;
  const start = begin + beginMarker(name).length + 1;
  const end = markdown.indexOf(endMarker(name), start);
  return end < 0 ? undefined : { start, end };
}

/** The generated content between a region's markers (without the trailing newline); undefined without one. */
export function regionText(markdown: string, name: string): string | undefined {
  const region = regionOf(markdown, name);
  return region && markdown.slice(region.start, region.end).replace(/\n$/, "");
}

/** The README with a region's content replaced; fails naming the region when its markers are missing or repeated. */
export function withRegion(markdown: string, name: string, content: string): string {
  const region = regionOf(markdown, name);
  if (!region) throw new Error(`README.md needs exactly one "${beginMarker(name)}" followed by "${endMarker(name)}"`);
  return `${markdown.slice(0, region.start)}${content}\n${markdown.slice(region.end)}`;
}
