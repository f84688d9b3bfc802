/**
 * The one list of resources. The host entry (provider/host.ts) and the host bundler build one handler per
 * entry, the type generator emits each one's public types, and the tests check the frozen shim and the
 * package index against it. Adding a resource starts here.
 */
import { enrollmentTicketDefinition } from "./enrollmentTicket/definition";
import { phoneProviderDefinition } from "./phoneProvider/definition";
import { pushProviderSelectionDefinition } from "./pushProviderSelection/definition";

export const RESOURCES = [pushProviderSelectionDefinition, phoneProviderDefinition, enrollmentTicketDefinition] as const;

/** A registered resource's folder under resources/ (and dist/resources/), e.g. "phoneProvider". */
export type ResourceModule = (typeof RESOURCES)[number]["module"];
