/**
 * What the local lint rules read of a source file: its imports of other source files in the repository, by
 * TypeScript's own import scanner and module resolution (tsconfig.json's paths and node16 rules), so the edges are
 * the compiler's. Every kind counts: `import type`, re-exports, `import()` and `require()`. Only files inside the
 * repository (not node_modules, not dist) count.
 */
import * as path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");

let compilerOptions;
function loadCompilerOptions() {
  if (compilerOptions) return compilerOptions;
  const configFile = path.join(ROOT, "tsconfig.json");
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  compilerOptions = ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
  return compilerOptions;
}

export const isOwnSource = (file) => {
  const relative = path.relative(ROOT, file);
  return !relative.startsWith("..") && !/(^|[\\/])(node_modules|dist)[\\/]/.test(relative) && !file.endsWith(".d.ts");
};

/** Per file: its imports of other source files in the repository, with where each is written. */
const importsByFile = new Map();

/** Forgets what was read of `file` (its text may have changed since). */
export function forgetImports(file) {
  importsByFile.delete(file);
}

export function importsOf(file, text) {
  const known = importsByFile.get(file);
  if (known) return known;
  const source = text ?? ts.sys.readFile(file) ?? "";
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const imports = [];
  for (const { fileName: specifier, pos } of importedFiles) {
    const resolved = ts.resolveModuleName(specifier, file, loadCompilerOptions(), ts.sys).resolvedModule;
    const target = resolved && path.resolve(resolved.resolvedFileName);
    if (target && target !== file && isOwnSource(target)) imports.push({ specifier, pos, target });
  }
  importsByFile.set(file, imports);
  return imports;
}
