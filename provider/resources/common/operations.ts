/**
 * What a resource's handler.ts gives (unless its definition makes it a tenant setting: settingLifecycle.ts): the
 * operations on the service — create, read, update, delete and list — on typed values, each given its context
 * (operationContext.ts). defineHandler.ts makes the host's contract of them.
 */
import type { InputsOf, OutputsOf, ResourceDefinition, StoredOutputs } from "./definition";
import type { ListingProgress, UndeclarableResource } from "./handler";
import type { OperationContext } from "./operationContext";

export interface ResourceOperations<Definition extends ResourceDefinition> {
  /** Creates (or adopts) the resource: its id and outputs. */
  create(desired: InputsOf<Definition>, context: OperationContext): Promise<{ id: string; outputs: OutputsOf<Definition> }>;
  /**
   * The resource as the service holds it now; `stored` is undefined for a `.get` or an import (nothing stored yet).
   * `undefined` when it is gone (a refresh then drops it; a `.get` fails naming the id). Not given for a definition
   * that is `unreadable`: its refresh keeps the stored state.
   */
  read?(id: string, stored: StoredOutputs<Definition> | undefined, context: OperationContext): Promise<ReadFound<Definition> | undefined>;
  /** Updates in place; on an existing resource, values the service keeps may be missing from `desired`. */
  update(id: string, stored: StoredOutputs<Definition>, desired: InputsOf<Definition>, context: OperationContext): Promise<OutputsOf<Definition>>;
  delete(id: string, stored: StoredOutputs<Definition>, context: OperationContext): Promise<void>;
  /**
   * Every object of this type the tenant has, with the fewest requests, each with its outputs or, when no resource of
   * this type can declare it, why; not given when the service cannot list.
   */
  list?(context: OperationContext, progress?: ListingProgress): Promise<({ id: string; outputs: OutputsOf<Definition> } | UndeclarableResource)[]>;
}

/** What a read found: the id and outputs, and the inputs the program does not manage (reported as no input). */
export interface ReadFound<Definition extends ResourceDefinition> {
  id: string;
  outputs: OutputsOf<Definition>;
  unmanaged?: readonly string[];
}
