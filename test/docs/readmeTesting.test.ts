// The README's "Testing your program" section shows the example in examples/unit-tests word for word, so
// the suite, which runs that example, runs what the README tells users to write.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const REPO_ROOT = path.resolve(__dirname, "../..");
const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");

/** The fenced code blocks of the README section with this heading, in order. */
function codeBlocksOfSection(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const next = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
}

describe('the README\'s "Testing your program"', () => {
  it("shows the example program and its vitest file exactly as the suite runs them", () => {
    const blocks = codeBlocksOfSection(read("README.md"), "Testing your program");
    expect(blocks).toEqual([read("examples/unit-tests/index.ts"), read("examples/unit-tests/index.test.ts")]);
  });
});
