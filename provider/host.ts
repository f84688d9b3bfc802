/**
 * Everything the dynamic-provider host runs, in one module. `npm run build` bundles this entry (with zod
 * and undici) into dist/host.js and turns each dist/resources/<resource>/handler.js into a re-export of
 * its part, so a host loads one file once, whichever resource types it manages (see provider/build/).
 * The frozen shim keeps requiring the per-resource handler paths.
 */
export * as pushProviderSelection from "./resources/pushProviderSelection/handler";
export * as phoneProvider from "./resources/phoneProvider/handler";
export * as enrollmentTicket from "./resources/enrollmentTicket/handler";
