/**
 * docs/, the package's pages in the Pulumi Registry's layout: each has the front matter the Registry reads; the
 * overview's example programs are the README's, which the suites compile and run (so these are tested through
 * them); the installation page names the packages the schema names, and its options table is the settings table.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { SETTINGS } from "../../provider/settings";
import { packageSchema } from "../../provider/plugin/schema";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { readmeFencedBlocks } from "./snippets";

const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
const PAGES = ["docs/_index.md", "docs/installation-configuration.md"];

describe.each(PAGES)("%s", (page) => {
  it("opens with the Registry's front matter: a title, a description, the package layout", () => {
    const match = /^---\n([\s\S]*?)\n---\n/.exec(read(page));
    expect(match, "front matter between --- lines").not.toBeNull();
    const front = parseYaml(match![1]) as Record<string, string>;
    expect(front.layout).toBe("package");
    expect(front.title).toMatch(/^Tenant\b/);
    expect(front.meta_desc.length).toBeGreaterThan(40);
  });
});

it("the overview's example in each language is the README's program, as written", () => {
  const overview = read("docs/_index.md");
  const readme = read("README.md");
  for (const [language, readmeLanguage] of [["typescript", "ts"], ["python", "python"], ["go", "go"], ["yaml", "yaml"]]) {
    const blocks = readmeFencedBlocks(overview, language, "docs/_index.md");
    expect(blocks, language).toHaveLength(1);
    expect(readmeFencedBlocks(readme, readmeLanguage), language).toContain(blocks[0]);
  }
});

it("the installation page names the packages the schema names, and the plugin's install command", () => {
  const page = read("docs/installation-configuration.md");
  const { language } = packageSchema("0.0.0") as { language: { python: { packageName: string }; go: { importBasePath: string } } };
  expect(page).toContain(`pip install ${language.python.packageName}`);
  expect(page).toContain(`\`${language.go.importBasePath}\``);
  expect(page).toContain(`go get ${language.go.importBasePath.replace(/\/go\/tenant$/, "")}`);
  expect(page).toContain("pulumi plugin install resource tenant <version>");
});

it("the installation page's options table is the settings table", () => {
  const rows = read("docs/installation-configuration.md")
    .split("\n")
    .filter((line) => line.startsWith("| `tenant:"));
  const expected = Object.entries(SETTINGS).map(
    ([name, spec]) => `| \`tenant:${name}\` | \`${spec.envVar}\` | ${spec.secret ? "yes" : "no"} | ${spec.description} |`,
  );
  expect(rows).toEqual(expected);
});
