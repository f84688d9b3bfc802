/**
 * `npm run docs`: rewrites the README's generated regions (between `<!-- generated: <name> -->` and
 * `<!-- end generated: <name> -->`) from the registries, the definitions, the enums and the settings table. Run it
 * after changing any of those; test/docs/readmeGenerated.test.ts fails while the README's copy is stale.
 *
 *   tsx provider/build/writeReadme.ts
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { withRegion } from "./readmeMarkdown";
import { GENERATED_SECTIONS } from "./readmeSections";

export const README_PATH = path.resolve(__dirname, "../../README.md");

/** The README with every generated region rendered afresh (no region holds a heading, so their order does not matter). */
export function regenerated(readme: string): string {
  let text = readme;
  for (const section of GENERATED_SECTIONS) text = withRegion(text, section.name, section.render(text));
  return text;
}

if (require.main === module) {
  const before = fs.readFileSync(README_PATH, "utf8");
  const after = regenerated(before);
  if (after !== before) fs.writeFileSync(README_PATH, after);
  process.stdout.write(after === before ? "README.md is up to date\n" : "README.md: generated regions rewritten\n");
}
