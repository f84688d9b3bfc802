import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importCycles from "./tools/lint/importCycles.mjs";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The serialized shim must use plain old syntax and lazy require() by package name.
    files: ["provider/resources/shim.ts", "test/**/*.ts", "tools/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // No import circles, type-only imports included; the fixture folder holds one on purpose.
    files: ["**/*.ts", "**/*.mts"],
    ignores: ["test/support/fixtures/importCircle/**"],
    plugins: { local: importCycles },
    rules: { "local/no-import-cycle": "error" },
  },
);
