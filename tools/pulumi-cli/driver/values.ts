/**
 * Property values as the engine's wire format has them: plain JSON plus two sentinels, secret envelopes and the
 * "unknown" string of a preview.
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
