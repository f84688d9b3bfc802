/**
 * Program side: connection settings no handler could use never reach the stack's state. The engine stores a
 * provider's settings at each `up` (the default provider's are the stack config; an explicit Provider's, its
 * arguments), and a refresh or destroy later uses the stored ones; a no-change `up` makes no API call, so it would
 * store a missing domain or credentials without noticing, and break every later refresh and destroy. So the program
 * fails first, naming the key, before any resource of the package registers. Under `setMocks` nothing is checked:
 * unit tests need no settings.
 */
import * as pulumi from "@pulumi/pulumi";
import { missingSettingsError, resolveSettings, type ConfigLookup } from "../../config";
import { mocksInUse } from "./mocks";
import { asRunError } from "./programErrors";

/** Any token of the package, to ask a parent resource which provider it passes down for the package. */
const DYNAMIC_PACKAGE_TOKEN = "pulumi-nodejs:dynamic/tenant:PushProviderSelection";

/** Throws the setting's error as the program runner prints it: the message alone. */
function failProgram(error: unknown): never {
  throw asRunError(error);
}

/**
 * Before a resource registers with `opts`: when it uses the default provider (no explicit one, none from its
 * parent), the stack config and TENANT_* variables must give a domain and credentials a handler accepts.
 */
export function requireUsableSettings(opts: pulumi.CustomResourceOptions | undefined): void {
  if (mocksInUse()) return;
  if (opts?.provider !== undefined || opts?.parent?.getProvider(DYNAMIC_PACKAGE_TOKEN) !== undefined) return;
  const lookup: ConfigLookup = (key) => pulumi.runtime.getConfig(key);
  try {
    resolveSettings(lookup, process.env);
  } catch (error) {
    failProgram(error);
  }
}

/**
 * Before an explicit Provider registers its arguments (`values`, by `tenant:*` key; the Provider's name under its
 * key): every plain value is judged as a handler would; an Output (a secret from config, say) only counts as given.
 */
export function requireProviderSettings(values: ReadonlyMap<string, unknown>): void {
  if (mocksInUse()) return;
  const plain = [...values.values()].every((value) => value === undefined || typeof value === "string");
  const lookup: ConfigLookup = (key) => {
    const value = values.get(key);
    if (value === undefined || value === null) return undefined;
    return typeof value === "string" ? value : "given";
  };
  try {
    if (plain) resolveSettings(lookup, process.env);
    const missing = missingSettingsError(lookup, process.env);
    if (missing) throw missing;
  } catch (error) {
    failProgram(error);
  }
}
