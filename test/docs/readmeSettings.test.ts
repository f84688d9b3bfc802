// The README's settings table is the settings table in provider/settings.ts, row for row: the stack-config key
// (and whether it is secret), the environment variable and the meaning. A setting added, renamed or redescribed
// in one place and not the other fails here.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_KEYS, SETTINGS, SETTING_NAMES } from "../../provider/settings";

const README = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");

/** The rows of the Markdown table whose header row is this one, as trimmed cells. */
function tableRows(markdown: string, header: string): string[][] {
  const start = markdown.indexOf(`${header}\n`);
  if (start < 0) throw new Error(`README has no table headed "${header}"`);
  const lines = markdown.slice(start).split("\n").slice(2);
  const rows = lines.slice(0, lines.findIndex((line) => !line.startsWith("|")));
  return rows.map((row) => row.slice(1, -1).split(" | ").map((cell) => cell.trim()));
}

describe("the README's settings table", () => {
  it("lists every setting of the settings table, in order, with its key, secretness, variable and meaning", () => {
    const expected = SETTING_NAMES.map((name) => {
      const setting = SETTINGS[name];
      return [`\`${CONFIG_KEYS[name]}\`${setting.secret ? " (secret)" : ""}`, `\`${setting.envVar}\``, setting.description];
    });
    expect(tableRows(README, "| Stack config | Environment | Meaning |")).toEqual(expected);
  });
});
