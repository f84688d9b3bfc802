/**
 * zod and undici, as the package's own modules load them. `npm run build` bundles this entry into dist/vendor.js
 * and points every `require("zod")` and `require("undici")` in dist/ here (see provider/build/), so the program
 * and the provider host read one file instead of ~200 and load one copy of each library, whoever loads first.
 * In the repository (tests, tools) this module simply forwards to the installed packages.
 */
export * as zod from "zod";

/** undici on first use: loading it costs tens of milliseconds, and previews never send a request. */
export function undici(): typeof import("undici") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("undici") as typeof import("undici");
}
