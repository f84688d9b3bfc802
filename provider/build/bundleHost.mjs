// @ts-check
/**
 * Last build step, after `tsc -p tsconfig.build.json`: bundles provider/host.ts (the registered resources' handlers
 * with zod and undici) into one CommonJS file, dist/host.js, and replaces each tsc-emitted
 * dist/resources/<resource>/handler.js with a re-export of its part. The host then reads one file instead of
 * ~100 modules, which cuts its cold start; the program side (index.js, resource classes, getEventStreams)
 * stays plain tsc output. Build tooling only: not part of dist/.
 *
 *   node provider/build/bundleHost.mjs [--no-minify] [--sourcemap]
 */
import * as esbuild from "esbuild";
import console from "node:console";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/**
 * The registered resources, from the registry tsc just compiled: each one's `module` is both the export of
 * provider/host.ts that holds its handler and its folder under resources/.
 */
function registeredModules() {
  const registry = createRequire(import.meta.url)(path.join(REPO_ROOT, "dist", "resources", "registry.js"));
  return /** @type {{ module: string }[]} */ (registry.RESOURCES).map((resource) => resource.module);
}

/**
 * provider/client/options.ts reads the version with require("../../package.json") at run time. Keep that a
 * run-time read of the installed manifest instead of embedding it: from dist/host.js the manifest is one level up.
 */
const packageManifestAtRunTime = {
  name: "package-manifest-at-run-time",
  /** @param {esbuild.PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /(^|\/)package\.json$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path);
      return resolved === path.join(REPO_ROOT, "package.json") ? { path: "../package.json", external: true } : undefined;
    });
  },
};

async function main() {
  const minify = !process.argv.includes("--no-minify");
  const sourcemap = process.argv.includes("--sourcemap");
  await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: ["provider/host.ts"],
    outfile: "dist/host.js",
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    // The consumer's own SDK; the handlers only use its types.
    external: ["@pulumi/pulumi"],
    plugins: [packageManifestAtRunTime],
    // Whitespace and syntax only: keeping identifiers keeps stack traces readable and costs little.
    minifyWhitespace: minify,
    minifySyntax: minify,
    legalComments: "none",
    sourcemap,
    sourcesContent: false,
    logLevel: "warning",
  });
  for (const handler of registeredModules()) {
    const file = path.join(REPO_ROOT, "dist", "resources", handler, "handler.js");
    const text = `"use strict";\n// Built by provider/build/bundleHost.mjs: the handler lives in the shared host bundle.\nmodule.exports = require("../../host.js").${handler};\n`;
    await writeFile(file, text);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
