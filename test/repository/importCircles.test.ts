// The lint rule that keeps import circles out (tools/lint/importCycles.mjs) reports a circle made of type-only
// imports, at the import that closes it in each file of the circle, and nothing in a file that only uses it.
import * as path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const REPO_ROOT = path.resolve(__dirname, "../..");
const FIXTURE = path.join(REPO_ROOT, "test/support/fixtures/importCircle");

async function lintFixture(): Promise<Map<string, string[]>> {
  const { default: importCycles } = (await import(path.join(REPO_ROOT, "tools/lint/importCycles.mjs"))) as { default: ESLint.Plugin };
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfigFile: true,
    overrideConfig: {
      files: ["**/*.ts"],
      languageOptions: { parser: tseslint.parser as never },
      plugins: { local: importCycles },
      rules: { "local/no-import-cycle": "error" },
    },
  });
  const results = await eslint.lintFiles([FIXTURE]);
  return new Map(results.map((result) => [path.basename(result.filePath), result.messages.map((message) => message.message)]));
}

describe("the import-circle lint rule", () => {
  it("reports a type-only circle in each of its files, and not a file outside it", async () => {
    const messages = await lintFixture();
    expect(messages.get("order.ts")).toEqual([expect.stringMatching(/^Import circle: "\.\/customer" leads back to this file/)]);
    expect(messages.get("customer.ts")).toEqual([expect.stringMatching(/^Import circle: "\.\/order" leads back to this file/)]);
    expect(messages.get("report.ts")).toEqual([]);
  });
});
