/**
 * The contract every resource's handler module (`<resource>/handler.ts`) fulfils: the dynamic-provider host
 * calls it through the resource's stored provider text, the native plugin through the registry. The registry
 * holds each handler to this interface, so a missing or mistyped method is a compile error.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { DefinitionDiff } from "./diff";

/** One existing object of a resource type, as a Read reports it: its id, its outputs, and the inputs they make. */
export interface ListedResource {
  id: string;
  props: Record<string, unknown>;
  inputs: Record<string, unknown>;
}

/**
 * One existing object of a resource type that no resource of it can declare (a stream whose destination type the
 * service added after this release): its id, the name the tenant gives it, and why.
 */
export interface UndeclarableResource {
  id: string;
  name: string;
  undeclarable: string;
}

/** How far a listing has come: the objects listed so far (a paged listing calls it after each page). */
export type ListingProgress = (listed: number) => void;

export interface ResourceHandler {
  configure(req: ConfigureRequest): Promise<void>;
  check(olds: unknown, news: unknown): Promise<CheckResult>;
  diff(id: string, olds: unknown, news: unknown): Promise<DefinitionDiff>;
  create(inputs: unknown): Promise<CreateResult>;
  read(id: string, props: unknown): Promise<ReadResult>;
  update(id: string, olds: unknown, news: unknown): Promise<UpdateResult>;
  delete(id: string, props: unknown): Promise<void>;
  /**
   * Every object of this type the tenant has, read with the fewest requests (one listing, paged as the API pages
   * it): what `pulumi-tenant export` declares, and what it reports as skipped. Absent for a type the service cannot
   * read back.
   */
  list?(progress?: ListingProgress): Promise<(ListedResource | UndeclarableResource)[]>;
}
