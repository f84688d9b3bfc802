import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importCycles from "./tools/lint/importCycles.mjs";
import importLayers from "./tools/lint/importLayers.mjs";

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
    // The ready policy pack: CommonJS, as the CLI's run-policy-pack loads a pack without compiling it.
    files: ["policy-pack/**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // What pulumi-tenant export writes, unedited: every resource is a const a program may reference later.
    files: ["examples/exported/**/*.ts"],
    rules: { "@typescript-eslint/no-unused-vars": "off" },
  },
  {
    // No import circles, type-only imports included; the fixture folder holds one on purpose.
    files: ["**/*.ts", "**/*.mts"],
    ignores: ["test/support/fixtures/importCircle/**"],
    plugins: { local: importCycles },
    rules: { "local/no-import-cycle": "error" },
  },
  {
    // The package's layers import only downwards (see CONTRIBUTING's Layout); build tooling may import any.
    files: ["provider/**/*.ts"],
    plugins: { layers: importLayers },
    rules: {
      "layers/import-layers": [
        "error",
        {
          root: "provider",
          layers: [
            ["index.ts", "plugin/", "cli/", "policy/"],
            ["functions/"],
            ["resources/", "provider.ts", "providerArgs.generated.ts"],
            ["shapes/"],
            ["config.ts", "configMessages.ts", "clientTuning.ts"],
            ["client/"],
            ["settings.ts", "credentialHints.ts", "configError.ts", "secretLength.ts", "vendor.ts", "vendorUndici.ts"],
          ],
          free: ["build/"],
        },
      ],
    },
  },
);
