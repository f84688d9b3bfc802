/**
 * Property values as the Pulumi engine sees them: plain JSON plus two sentinels — secret envelopes and the
 * "unknown" string used during preview. The helpers here mirror the engine's Go code
 * (`resource.PropertyValue.ContainsSecrets`, `annotateSecrets` in `provider_plugin.go`).
 */

/** Key marking a special value in the wire format (`sig` in `sdk/nodejs/runtime/rpc.ts`). */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";
/** The `sig` value that marks a secret. */
export const SECRET_VALUE_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** What an unknown (computed) value looks like on the wire during preview. */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export type PropertyMap = Record<string, unknown>;

export interface SecretEnvelope {
  [SECRET_SIG]: typeof SECRET_VALUE_SIG;
  value: unknown;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isSecretEnvelope(value: unknown): value is SecretEnvelope {
  return isPlainObject(value) && value[SECRET_SIG] === SECRET_VALUE_SIG;
}

export function secretEnvelope(value: unknown): SecretEnvelope {
  return isSecretEnvelope(value) ? value : { [SECRET_SIG]: SECRET_VALUE_SIG, value };
}

/** A deep copy with every secret envelope replaced by its plain value (what a provider with acceptSecrets=false gets). */
export function stripSecrets<T>(value: T): T {
  if (isSecretEnvelope(value)) return stripSecrets(value.value) as T;
  if (Array.isArray(value)) return value.map((item) => stripSecrets(item)) as T;
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = stripSecrets(item);
    return copy as T;
  }
  return value;
}

export function containsSecrets(value: unknown): boolean {
  if (isSecretEnvelope(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecrets);
  if (isPlainObject(value)) return Object.values(value).some(containsSecrets);
  return false;
}

/**
 * Re-marks provider results secret where the request held a secret under the same key, recursing only while both
 * sides are objects — so an array (or scalar) that contained any secret becomes secret as a whole.
 * Mutates and returns `outs`, like the engine.
 */
export function annotateSecrets(outs: PropertyMap, ins: PropertyMap | undefined): PropertyMap {
  if (!ins) return outs;
  for (const [key, inValue] of Object.entries(ins)) {
    if (!(key in outs)) continue;
    const outValue = outs[key];
    if (isPlainObject(outValue) && !isSecretEnvelope(outValue) && isPlainObject(inValue) && !isSecretEnvelope(inValue)) {
      annotateSecrets(outValue, inValue);
    } else if (!isSecretEnvelope(outValue) && containsSecrets(inValue)) {
      outs[key] = secretEnvelope(outValue);
    }
  }
  return outs;
}

/** Applies `additionalSecretOutputs`: listed top-level keys become secret (the id never can). */
export function markSecretKeys(outs: PropertyMap, keys: readonly string[]): PropertyMap {
  for (const key of keys) {
    if (key in outs && outs[key] !== undefined && !isSecretEnvelope(outs[key])) outs[key] = secretEnvelope(outs[key]);
  }
  return outs;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
    const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
    return keysA.length === keysB.length && keysA.every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

/** True when the value or anything inside it is the preview "unknown" sentinel. */
export function containsUnknowns(value: unknown): boolean {
  if (value === UNKNOWN_VALUE) return true;
  if (Array.isArray(value)) return value.some(containsUnknowns);
  if (isPlainObject(value)) return Object.values(value).some(containsUnknowns);
  return false;
}

/** JSON-safe copy: drops `undefined` members, which protobuf Structs cannot carry. */
export function jsonSafe<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
