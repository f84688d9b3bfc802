/**
 * An ESLint rule that keeps import circles out of the tree: `local/no-import-cycle` reports each import
 * through which a file can reach itself again. Unlike import-x's no-cycle it counts every kind of edge:
 * `import type`, re-exports, `import()` and `require()` too, since a type-only circle is still two modules
 * that cannot be read (or moved) one without the other.
 *
 * Edges come from TypeScript's own import scanner and module resolution (tsconfig.json's paths and node16
 * rules), so they are the compiler's; only files inside the repository (not node_modules, not dist) count.
 */
import * as path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");

let compilerOptions;
function loadCompilerOptions() {
  if (compilerOptions) return compilerOptions;
  const configFile = path.join(ROOT, "tsconfig.json");
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  compilerOptions = ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
  return compilerOptions;
}

const isOwnSource = (file) => {
  const relative = path.relative(ROOT, file);
  return !relative.startsWith("..") && !/(^|[\\/])(node_modules|dist)[\\/]/.test(relative) && !file.endsWith(".d.ts");
};

/** Per file: its imports of other source files in the repository, with where each is written. */
const importsByFile = new Map();

function importsOf(file, text) {
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

/** The chain of specifiers by which `from` reaches `goal`, or undefined (breadth first: the shortest one). */
function routeBack(from, goal) {
  const seen = new Set([from]);
  const queue = [{ file: from, route: [] }];
  while (queue.length > 0) {
    const { file, route } = queue.shift();
    for (const { specifier, target } of importsOf(file)) {
      const next = [...route, `${path.relative(ROOT, file)} → ${specifier}`];
      if (target === goal) return next;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push({ file: target, route: next });
      }
    }
  }
  return undefined;
}

const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import circles, type-only imports, re-exports, import() and require() included" },
    schema: [],
    messages: { cycle: 'Import circle: "{{specifier}}" leads back to this file ({{route}}).' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!isOwnSource(file)) return {};
    return {
      Program() {
        const text = context.sourceCode.text;
        // This file may have changed since another file's check read it from disk.
        importsByFile.delete(file);
        for (const { specifier, pos, target } of importsOf(file, text)) {
          const route = routeBack(target, file);
          if (!route) continue;
          const loc = { start: context.sourceCode.getLocFromIndex(pos), end: context.sourceCode.getLocFromIndex(pos + specifier.length) };
          context.report({ loc, messageId: "cycle", data: { specifier, route: route.join(", ") } });
        }
      },
    };
  },
};

export default { rules: { "no-import-cycle": noImportCycle } };
