/** PhoneProvider's outputs as this version writes them, and readers of what any version stored. */
import { isPlainObject, type PropertyBag } from "../common/values";
import type { PhoneCredentials } from "./definition";
import type { FlattenedPhoneProvider } from "./wire";

/** Outputs as written by this version; `schemaVersion` lets later handlers read them. */
export interface PhoneProviderOutputs extends FlattenedPhoneProvider {
  /** Kept from inputs: the API never returns it. Secret in state. */
  credentials?: PhoneCredentials;
  adoptExisting: boolean;
  schemaVersion: 1;
}

function storedCredentials(value: unknown): PhoneCredentials | undefined {
  if (!isPlainObject(value)) return undefined;
  return typeof value.authToken === "string" ? { authToken: value.authToken } : {};
}

/** The parts of stored outputs (any handler version) that the API cannot give back. */
export function storedWriteOnly(props: PropertyBag): { credentials?: PhoneCredentials; adoptExisting: boolean } {
  return { credentials: storedCredentials(props.credentials), adoptExisting: props.adoptExisting === true };
}
