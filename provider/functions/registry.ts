/**
 * The one list of functions. The type generator emits each one's typings, the plugin schema lists each, and
 * the plugin's invoke finds the implementation by token.
 */
import type { TenantClient } from "../client";
import { functionToken, type FunctionDefinition } from "./definition";
import { readEventStreams } from "./eventStreamsListing";
import { getEventStreamsDefinition } from "./getEventStreamsDefinition";
import { getPhoneTemplatesDefinition } from "./getPhoneTemplatesDefinition";
import { listPhoneTemplates } from "./phoneTemplatesListing";

export interface FunctionEntry {
  definition: FunctionDefinition;
  /** Runs the function with the plugin's client on arguments as the engine sent them (checked by the function). */
  invoke(client: TenantClient, args: Record<string, unknown>): Promise<object>;
}

export const FUNCTIONS: readonly FunctionEntry[] = [
  {
    definition: getEventStreamsDefinition,
    invoke: readEventStreams,
  },
  {
    definition: getPhoneTemplatesDefinition,
    invoke: listPhoneTemplates,
  },
];

/** The entry of a function token, e.g. `tenant:index:getEventStreams`; undefined for a token of no function. */
export function functionOfToken(token: string): FunctionEntry | undefined {
  return FUNCTIONS.find((entry) => functionToken(entry.definition) === token);
}
