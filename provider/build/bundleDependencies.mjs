// @ts-check
/**
 * Last build step, after `tsc -p tsconfig.build.json`: bundles zod into dist/vendor.js (from provider/vendor.ts)
 * and undici into dist/vendorUndici.js (from provider/vendorUndici.ts), which vendor.js requires only when `undici()` is first called, and points
 * every `require("zod")` and `require("undici")` that tsc emitted in dist/ at vendor.js. Two files, so a handler
 * answering Check and Diff parses zod alone: undici's ~1 MB is read with the first request.
 * The package then ships without dependencies of its own: a program and a provider host each load one copy of
 * each library, from one file (one read instead of ~200), with undici only on the first request. Our own modules
 * stay tsc's one file per module, so the serialized shim's text and every dist/ path stay as they are.
 * Build tooling only: not part of dist/.
 *
 *   node provider/build/bundleDependencies.mjs [--no-minify]
 */
import * as esbuild from "esbuild";
import console from "node:console";
import { readdir, readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DIST = path.join(REPO_ROOT, "dist");
const VENDOR = path.join(DIST, "vendor.js");
/** undici alone, required by vendor.js's `undici()` on first use. */
const VENDOR_UNDICI = path.join(DIST, "vendorUndici.js");
/** What tsc emits for `import … from "zod"` and for provider/vendor.ts's lazy `require("undici")`. */
const DEPENDENCY_REQUIRE = /require\("(zod|undici)(\/[^"]*)?"\)/g;

/** @param {string} dir @returns {Promise<string[]>} */
async function javascriptFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".js")).map((entry) => path.join(entry.parentPath, entry.name));
}

/** `require("zod")` → the vendored namespace; `require("undici")` → the vendored loader, called at the same moment. */
async function pointAtVendor() {
  for (const file of await javascriptFiles(DIST)) {
    if (file === VENDOR || file === VENDOR_UNDICI) continue;
    const text = await readFile(file, "utf8");
    let relative = path.relative(path.dirname(file), VENDOR).split(path.sep).join("/");
    if (!relative.startsWith(".")) relative = `./${relative}`;
    const rewritten = text.replace(DEPENDENCY_REQUIRE, (whole, name, subpath) => {
      if (subpath) throw new Error(`${path.relative(REPO_ROOT, file)}: ${whole} is not vendored; import from "${name}" itself`);
      return name === "zod" ? `require("${relative}").zod` : `require("${relative}").undici()`;
    });
    if (rewritten !== text) await writeFile(file, rewritten);
  }
}

/** vendor.ts's `require("undici")` becomes `require("./vendorUndici.js")`: undici stays out of vendor.js. */
/** @type {esbuild.Plugin} */
const undiciApart = {
  name: "undici-apart",
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, () => ({ path: "./vendorUndici.js", external: true }));
  },
};

async function main() {
  const minify = !process.argv.includes("--no-minify");
  /** @type {esbuild.BuildOptions} */
  const common = {
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    // Whitespace and syntax only: keeping identifiers keeps stack traces readable and costs little.
    minifyWhitespace: minify,
    minifySyntax: minify,
    legalComments: "none",
    logLevel: "warning",
  };
  await esbuild.build({ ...common, entryPoints: ["provider/vendor.ts"], outfile: "dist/vendor.js", plugins: [undiciApart] });
  await esbuild.build({ ...common, entryPoints: ["provider/vendorUndici.ts"], outfile: "dist/vendorUndici.js" });
  await pointAtVendor();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
