/**
 * An ESLint rule that keeps import circles out of the tree: `local/no-import-cycle` reports each import
 * through which a file can reach itself again. Unlike import-x's no-cycle it counts every kind of edge:
 * `import type`, re-exports, `import()` and `require()` too, since a type-only circle is still two modules
 * that cannot be read (or moved) one without the other.
 * Edges come from sourceImports.mjs: TypeScript's own scanner and resolution, files of the repository only.
 */
import * as path from "node:path";
import { forgetImports, importsOf, isOwnSource, ROOT } from "./sourceImports.mjs";

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
        forgetImports(file);
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
