/**
 * TEST TOOL — how a provider process's failed calls come back: HostCallError with the gRPC code, and the details
 * a provider packs into an error (a partial create's ErrorResourceInitFailed, Configure's missing keys).
 */
import type { ServiceError } from "@grpc/grpc-js";
import { pulumiSdk } from "./sdk";
import { fromStruct } from "./structs";
import type { PropertyMap } from "./values";

/** A create/update that failed after the object was made (ErrorResourceInitFailed in grpc-status-details-bin). */
export interface InitFailure {
  id: string;
  properties: PropertyMap;
  reasons: string[];
}

export class HostCallError extends Error {
  constructor(
    readonly method: string,
    /** gRPC status code (2 UNKNOWN for a provider throw, 4 deadline, 14 host gone, 12 unimplemented). */
    readonly code: number,
    message: string,
    readonly initFailure?: InitFailure,
    /** Configure's ConfigureErrorMissingKeys detail: full key names with their descriptions. */
    readonly missingKeys?: { name: string; description: string }[],
  ) {
    super(message);
    this.name = "HostCallError";
  }
}

/** gRPC status codes the client tells apart. */
export const UNAVAILABLE = 14;
export const DEADLINE_EXCEEDED = 4;

/** Decodes the partial-failure details the host packs for an error carrying an `id` (§4.4). */
export function initFailureOf(error: ServiceError): InitFailure | undefined {
  const raw = error.metadata?.get("grpc-status-details-bin")[0];
  if (!raw || typeof raw === "string") return undefined;
  const { statusPb, providerPb } = pulumiSdk();
  const status = statusPb.Status.deserializeBinary(new Uint8Array(raw));
  for (const detail of status.getDetailsList()) {
    if (!detail.getTypeName().endsWith("ErrorResourceInitFailed")) continue;
    const failed = providerPb.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
    return { id: failed.getId(), properties: fromStruct(failed.getProperties()), reasons: failed.getReasonsList() };
  }
  return undefined;
}

/** The ConfigureErrorMissingKeys detail of a Configure error, if any (provider.proto). */
export function missingKeysOf(error: ServiceError): { name: string; description: string }[] | undefined {
  const raw = error.metadata?.get("grpc-status-details-bin")[0];
  if (!raw || typeof raw === "string") return undefined;
  const { statusPb, providerPb } = pulumiSdk();
  for (const detail of statusPb.Status.deserializeBinary(new Uint8Array(raw)).getDetailsList()) {
    if (!detail.getTypeName().endsWith("ConfigureErrorMissingKeys")) continue;
    const missing = providerPb.ConfigureErrorMissingKeys.deserializeBinary(detail.getValue_asU8());
    return missing.getMissingkeysList().map((key) => ({ name: key.getName(), description: key.getDescription() }));
  }
  return undefined;
}
