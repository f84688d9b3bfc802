/**
 * undici alone. `npm run build` bundles this entry into dist/vendorUndici.js, which dist/vendor.js requires the
 * first time `undici()` is called (the first request): a handler answering Check or Diff never parses it.
 */
export * from "undici";
