/**
 * An ESLint rule that keeps the package's layers importing one way, top to bottom: `local/import-layers` reports an
 * import from a file of one layer to a file of a higher one (a lower layer reaching up), naming both layers. Its
 * option lists the layers under a root folder, top first; each layer is a list of paths relative to the root (a
 * folder ends with "/"). Files in `free` (build tooling) may import any layer, and no layer may import them. A file
 * under the root in no layer is reported, so a new folder is placed before it is used. Imports within a layer are free.
 *
 *   "local/import-layers": ["error", { root: "provider", layers: [["index.ts", "plugin/"], ["functions/"], …], free: ["build/"] }]
 */
import * as path from "node:path";
import { forgetImports, importsOf, isOwnSource, ROOT } from "./sourceImports.mjs";

/** The index of the layer `file` belongs to (0 = top), "free", "none" under the root, or undefined outside it. */
function layerOf(file, { root, layers, free = [] }) {
  const relative = path.relative(path.join(ROOT, root), file).split(path.sep).join("/");
  if (relative.startsWith("..")) return undefined;
  const matches = (entry) => (entry.endsWith("/") ? relative.startsWith(entry) : relative === entry);
  if (free.some(matches)) return "free";
  const index = layers.findIndex((layer) => layer.some(matches));
  return index < 0 ? "none" : index;
}

const describe = (layers, index) => (index === "free" ? "build tooling" : layers[index].join(", "));

const importLayers = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports from a lower layer of the package to a higher one" },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          layers: { type: "array", items: { type: "array", items: { type: "string" } } },
          free: { type: "array", items: { type: "string" } },
        },
        required: ["root", "layers"],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        'Import of a higher layer: "{{specifier}}" is in layer {{targetLayer}} ({{targetNames}}), above this file\'s ' +
        "layer {{ownLayer}} ({{ownNames}}). Layers import only downwards; move what both need below both.",
      intoFree: '"{{specifier}}" is build tooling, which nothing in the package may import.',
      unplaced: "This file is in no layer of the package: add its path to a layer of the import-layers rule.",
    },
  },
  create(context) {
    const [options] = context.options;
    const file = path.resolve(context.physicalFilename);
    const own = layerOf(file, options);
    if (own === undefined || !isOwnSource(file)) return {};
    return {
      Program(node) {
        if (own === "none") {
          context.report({ node, messageId: "unplaced" });
          return;
        }
        forgetImports(file);
        for (const { specifier, pos, target } of importsOf(file, context.sourceCode.text)) {
          const theirs = layerOf(target, options);
          const loc = { start: context.sourceCode.getLocFromIndex(pos), end: context.sourceCode.getLocFromIndex(pos + specifier.length) };
          if (theirs === "free" && own !== "free") context.report({ loc, messageId: "intoFree", data: { specifier } });
          if (own === "free" || typeof theirs !== "number" || theirs >= own) continue;
          const data = {
            specifier,
            targetLayer: String(theirs + 1),
            targetNames: describe(options.layers, theirs),
            ownLayer: String(own + 1),
            ownNames: describe(options.layers, own),
          };
          context.report({ loc, messageId: "upward", data });
        }
      },
    };
  },
};

export default { rules: { "import-layers": importLayers } };
