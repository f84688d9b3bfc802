// The README's lists come from the code (provider/build/readmeSections.ts renders them from the registries, the
// definitions, the enums and the settings table; `npm run docs` writes them between their markers). Each region
// must be what the code renders today, sit outside code blocks, and every link to a heading must land on one.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { FUNCTIONS } from "../../provider/functions/registry";
import { RESOURCES } from "../../provider/resources/registry";
import { beginMarker, endMarker, fencedLines, headingsOf, regionText } from "../../provider/build/readmeMarkdown";
import { GENERATED_SECTIONS } from "../../provider/build/readmeSections";

const README = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");

describe.each(GENERATED_SECTIONS.map((section) => [section.name, section] as const))('the README\'s generated "%s"', (name, section) => {
  it("is what the code renders today", () => {
    const inReadme = regionText(README, name);
    expect(inReadme, `README.md needs one "${beginMarker(name)}" … "${endMarker(name)}" region`).toBeDefined();
    expect(inReadme, `README.md's generated "${name}" is stale: run "npm run docs"`).toBe(section.render(README));
  });

  it("lies outside code blocks", () => {
    const fenced = fencedLines(README);
    const lines = README.split("\n");
    for (const marker of [beginMarker(name), endMarker(name)]) {
      const index = lines.indexOf(marker);
      expect(index, marker).toBeGreaterThanOrEqual(0);
      expect(fenced[index], `${marker} (README.md:${index + 1}) is inside a code block`).toBe(false);
    }
  });
});

describe("the README's headings", () => {
  const headings = headingsOf(README);

  it("give every link to a heading (the contents, the tables, the prose) a heading to land on", () => {
    const anchors = new Set(headings.map((heading) => heading.anchor));
    const fenced = fencedLines(README);
    const broken = README.split("\n").flatMap((line, index) =>
      fenced[index] ? [] : [...line.matchAll(/\]\(#([^)]+)\)/g)].filter((match) => !anchors.has(match[1])).map((match) => `README.md:${index + 1}: #${match[1]}`),
    );
    expect(broken).toEqual([]);
  });

  it("include a section for every registered resource and function, which the tables link to", () => {
    const names = [...RESOURCES.map((definition) => definition.name), ...FUNCTIONS.map(({ definition }) => definition.name)];
    const missing = names.filter((name) => !headings.some((heading) => heading.level === 3 && new RegExp(`(^|[^\\w])${name}([^\\w]|$)`).test(heading.text)));
    expect(missing, "a resource or function without a ### section in README.md's Resources").toEqual([]);
  });
});

describe("the contents", () => {
  it("lists the README's ## and ### headings, in order", () => {
    const listed = [...(regionText(README, "contents") ?? "").matchAll(/\[([^\]]+)\]\(#/g)].map((match) => match[1]);
    const expected = headingsOf(README)
      .filter((heading) => heading.level === 2 || heading.level === 3)
      .map((heading) => heading.text)
      .filter((text) => text !== "Contents");
    expect(listed).toEqual(expected);
  });
});
