/**
 * zod and undici, as the package's own modules load them. `npm run build` bundles this entry into dist/vendor.js
 * (zod) and undici into dist/vendorUndici.js, required by `undici()` on first use, and points every `require("zod")`
 * and `require("undici")` in dist/ here (see provider/build/), so the program and the provider host read two files
 * instead of ~200, load one copy of each library, and a handler answering Check or Diff parses zod alone.
 * In the repository (tests, tools) this module simply forwards to the installed packages.
 */
export * as zod from "zod";

/** undici on first use: loading it costs tens of milliseconds, and previews never send a request. */
export function undici(): typeof import("undici") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("undici") as typeof import("undici");
}
