/** A resource in the stand-in's snapshot: the fields of the engine's resource state it mirrors (secrets as envelopes). */
import type { PropertyMap } from "./values";

export interface ResourceState {
  urn: string;
  type: string;
  custom: boolean;
  id?: string;
  parent?: string;
  /** Provider reference `urn::id` for an explicit provider; absent for the default provider. */
  provider?: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
  dependencies: string[];
  additionalSecretOutputs?: string[];
  /** Read with `.get`/`opts.id`: never created or deleted by the engine. */
  external?: boolean;
  /** Replaced (create-before-delete) and still to be deleted. */
  delete?: boolean;
  /** The `protect` option: the engine refuses to delete or replace it. */
  protect?: boolean;
  /** The `retainOnDelete` option: deleting it only drops it from state. */
  retainOnDelete?: boolean;
  /**
   * Input property → the URNs it depends on, as the registration sent them (every input key, an empty list for
   * none). Absent for default providers, reads and imports, as in the engine.
   */
  propertyDependencies?: Record<string, string[]>;
  /** When the engine created the object (RFC 3339, nanoseconds): set by create and import, kept by every other step. */
  created?: string;
  /** When the state last changed: create, import, update of a custom resource, or a read/refresh that changed it. */
  modified?: string;
  /** Where the program registered it: `project:///<path from the project root>#line,column`. */
  sourcePosition?: string;
  /** The program's stack at registration, each frame like `sourcePosition` (`{}` for a frame without one). */
  stackTrace?: { sourcePosition?: string }[];
  ignoreChanges?: string[];
  replaceOnChanges?: string[];
}
