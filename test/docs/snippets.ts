/**
 * The TypeScript a user copies from the docs, as the programs a user would make of it: every ```ts block of the
 * README and every TSDoc `@example` of the typings the package ships.
 *
 * The README's convention (stated in its Resources section): a block is a whole `index.ts`, imports included; a
 * block that starts with `// Continues the <heading> example above.` adds its lines to the end of the program of
 * that section's first example (`// Continues the example above.`: of the program the block before it belongs to);
 * blocks labelled with a file name (a line such as "`index.test.ts`:" just before them) in one section are the
 * files of one project. Every line of every file keeps where it came from, so a compiler error names the README line.
 */
import { headingsOf } from "../../provider/build/readmeMarkdown";

export interface SnippetFile {
  /** The file's name inside its program's folder, e.g. `index.ts`. */
  name: string;
  lines: string[];
  /** Where each line came from, e.g. `README.md:212`. */
  origins: string[];
}

export interface SnippetProgram {
  /** Where the program starts, e.g. `README.md:205`; also names its folder. */
  origin: string;
  files: SnippetFile[];
}

interface Block {
  /** 1-based line of the block's first code line. */
  line: number;
  lines: string[];
  /** The heading of the section the block is in. */
  section: string;
  /** The file name a label just before the block gives it. */
  label?: string;
}

const CONTINUATION = /^\/\/ Continues the (?:(.+) )?example above\.$/;
const FILE_LABEL = /^`([\w.-]+\.(?:ts|tsx|mts|cts))`/;

/** Every fenced block of a Markdown text whose info string names one of `languages`, in order. */
function fencedBlocks(markdown: string, source: string, languages: readonly string[]): Block[] {
  const lines = markdown.split("\n");
  const headings = headingsOf(markdown);
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[index]);
    if (!opening) continue;
    const fence = opening[1];
    const closes = (line: string): boolean => {
      const marker = /^\s*(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      return marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length;
    };
    let close = index + 1;
    while (close < lines.length && !closes(lines[close])) close++;
    if (close >= lines.length) throw new Error(`${source}:${index + 1}: a code block that never closes`);
    if (languages.includes(opening[2])) {
      const previous = lines.slice(0, index).reverse().find((line) => line.trim() !== "");
      blocks.push({
        line: index + 2,
        lines: lines.slice(index + 1, close),
        section: [...headings].reverse().find((heading) => heading.line <= index)?.text ?? "",
        label: previous === undefined ? undefined : FILE_LABEL.exec(previous.trim())?.[1],
      });
    }
    index = close;
  }
  return blocks;
}

const typeScriptBlocks = (markdown: string, source: string): Block[] => fencedBlocks(markdown, source, ["ts", "typescript"]);

/** The text of each block of one language (`yaml`, `python`, `go`…), in order: the snippets other doors run. */
export function readmeFencedBlocks(markdown: string, language: string, source = "README.md"): string[] {
  return fencedBlocks(markdown, source, [language]).map((block) => block.lines.join("\n"));
}

/** The README's TypeScript as programs, in order; `source` names the file in origins. */
export function readmePrograms(markdown: string, source = "README.md"): SnippetProgram[] {
  const programs: SnippetProgram[] = [];
  /** The program of each section's first whole example. */
  const bySection = new Map<string, SnippetProgram>();
  let latest: { program: SnippetProgram; section: string; labelled: boolean } | undefined;
  for (const block of typeScriptBlocks(markdown, source)) {
    const origins = block.lines.map((_line, offset) => `${source}:${block.line + offset}`);
    const continuation = CONTINUATION.exec(block.lines[0] ?? "");
    if (continuation) {
      const named = continuation[1];
      const program = named === undefined ? latest?.program : bySection.get(named);
      if (!program) throw new Error(`${origins[0]}: "${block.lines[0]}" names no example before it`);
      program.files[0].lines.push(...block.lines);
      program.files[0].origins.push(...origins);
      continue;
    }
    const file: SnippetFile = { name: block.label ?? "index.ts", lines: [...block.lines], origins };
    // Labelled files next to each other in one section are one project (a program and its test, say).
    const joins =
      latest !== undefined &&
      block.label !== undefined &&
      latest.labelled &&
      latest.section === block.section &&
      latest.program.files.every((other) => other.name !== block.label);
    if (joins && latest) {
      latest.program.files.push(file);
    } else {
      const program: SnippetProgram = { origin: origins[0] ?? `${source}:${block.line}`, files: [file] };
      programs.push(program);
      if (!bySection.has(block.section)) bySection.set(block.section, program);
      latest = { program, section: block.section, labelled: block.label !== undefined };
    }
  }
  return programs;
}

/**
 * Every TSDoc `@example` holding a ```ts block in one declaration file, each a program of its own (`source` names
 * the file in origins): what an editor shows a user is what gets compiled.
 */
export function tsdocExamplePrograms(declarations: string, source: string): SnippetProgram[] {
  const lines = declarations.split("\n");
  const programs: SnippetProgram[] = [];
  let inExample = false;
  let block: { lines: string[]; origins: string[] } | undefined;
  lines.forEach((line, index) => {
    const text = /^\s*\*(?: ?)(.*)$/.exec(line)?.[1];
    if (text === undefined || /^\s*\*\//.test(line)) {
      inExample = false;
      return;
    }
    if (/^@\w+/.test(text.trim())) inExample = text.trim().startsWith("@example");
    if (!inExample) return;
    if (block === undefined && /^```(ts|typescript)\s*$/.test(text.trim())) {
      block = { lines: [], origins: [] };
    } else if (block !== undefined && /^```\s*$/.test(text.trim())) {
      programs.push({ origin: block.origins[0] ?? `${source}:${index + 1}`, files: [{ name: "index.ts", ...block }] });
      block = undefined;
    } else if (block !== undefined) {
      block.lines.push(text);
      block.origins.push(`${source}:${index + 1}`);
    }
  });
  return programs;
}

/** The folder a program is written to, from where it starts: `README.md:212` → `README.md-212`. */
export function folderOf(program: SnippetProgram): string {
  return program.origin.replace(/[^\w.-]+/g, "-");
}
