/**
 * Everything the dynamic-provider host runs, in one module. `npm run build` bundles this entry (with zod
 * and undici) into dist/host.js and turns each dist/resources/<resource>/handler.js into a re-export of
 * its part, so a host loads one file once, whichever resource types it manages (see provider/build/).
 * The frozen shim keeps requiring the per-resource handler paths.
 */
import type { ResourceModule } from "./resources/registry";
import * as pushProviderSelection from "./resources/pushProviderSelection/handler";
import * as phoneProvider from "./resources/phoneProvider/handler";
import * as enrollmentTicket from "./resources/enrollmentTicket/handler";

/** One handler per registered resource, no more, no fewer: the compiler checks it against the registry. */
export const handlers = { pushProviderSelection, phoneProvider, enrollmentTicket } satisfies Record<ResourceModule, object>;

export { pushProviderSelection, phoneProvider, enrollmentTicket };
