/** Runs one local lint rule (tools/lint/) alone over a fixture folder: each file's messages, by its path in the folder. */
import * as path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

export const REPO_ROOT = path.resolve(__dirname, "../..");

export async function lintFixture(plugin: string, rule: string, options: unknown[], fixture: string): Promise<Map<string, string[]>> {
  const { default: rules } = (await import(path.join(REPO_ROOT, "tools/lint", plugin))) as { default: ESLint.Plugin };
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfigFile: true,
    overrideConfig: {
      files: ["**/*.ts"],
      languageOptions: { parser: tseslint.parser as never },
      plugins: { local: rules },
      rules: { [`local/${rule}`]: ["error", ...options] },
    },
  });
  const folder = path.join(REPO_ROOT, fixture);
  const results = await eslint.lintFiles([folder]);
  return new Map(results.map((result) => [path.relative(folder, result.filePath), result.messages.map((message) => message.message)]));
}
