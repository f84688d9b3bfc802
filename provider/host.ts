/**
 * Every handler, by registered resource module: what a host of the resources (the native plugin, tests)
 * reaches them through. The frozen shim keeps requiring the per-resource handler paths.
 */
import type { ResourceModule } from "./resources/registry";
import * as pushProviderSelection from "./resources/pushProviderSelection/handler";
import * as phoneProvider from "./resources/phoneProvider/handler";
import * as enrollmentTicket from "./resources/enrollmentTicket/handler";

/** One handler per registered resource, no more, no fewer: the compiler checks it against the registry. */
export const handlers = { pushProviderSelection, phoneProvider, enrollmentTicket } satisfies Record<ResourceModule, object>;

export { pushProviderSelection, phoneProvider, enrollmentTicket };
