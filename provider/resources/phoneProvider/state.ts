/** Readers of what any version of PhoneProvider stored that the API cannot give back. */
import { isPlainObject, type PropertyBag } from "../common/values";
import type { PhoneCredentials } from "./definition";

function storedCredentials(value: unknown): PhoneCredentials | undefined {
  if (!isPlainObject(value)) return undefined;
  return typeof value.authToken === "string" ? { authToken: value.authToken } : {};
}

/** The parts of stored outputs (any handler version) that the API cannot give back. */
export function storedWriteOnly(props: PropertyBag): { credentials?: PhoneCredentials; adoptExisting: boolean } {
  return { credentials: storedCredentials(props.credentials), adoptExisting: props.adoptExisting === true };
}
