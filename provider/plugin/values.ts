/**
 * Property values between the engine and the handlers. The plugin accepts secrets, so values arrive with secret
 * envelopes at any depth; handlers work on plain camelCase values. Secrets are unwrapped on the way in (where they
 * were remembered as `SecretMarks`) and wrapped again on the way out (`toStruct`, given the marks resources.ts
 * chooses: where the input was secret, every property the definition declares secret, and each secret field further
 * down, alone, so a diff shows what changed beside it). Unknowns (preview) pass through as the same sentinel string
 * the dynamic host gives handlers.
 */
import { compact, isPlainObject, type PropertyBag } from "../resources/common/jsonValues";
import type { SecretMarks } from "../shapes/secrets";
import { struct, type Struct } from "./protocol";

export type { SecretMarks };

/** The signature key and value of a secret envelope (sdk/go/common/resource/sig). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export function isSecretEnvelope(value: unknown): value is { value: unknown } {
  return isPlainObject(value) && value[SIG_KEY] === SECRET_SIG;
}

export function secretEnvelope(value: unknown): PropertyBag {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** `value` with no envelope left at any depth. */
function plainOf(value: unknown): unknown {
  if (isSecretEnvelope(value)) return plainOf(value.value);
  if (Array.isArray(value)) return value.map(plainOf);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainOf(item)]));
  return value;
}

/**
 * `value` without envelopes, where they were marked in `parent` under `key`. A secret anywhere in an array marks the
 * array whole (as the engine does): its items may come back in another order.
 */
function unwrap(value: unknown, parent: SecretMarks, key: string): unknown {
  if (isSecretEnvelope(value)) {
    parent[key] = true;
    return plainOf(value.value);
  }
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  const inside: SecretMarks = {};
  const plain = Array.isArray(value)
    ? value.map((item, index) => unwrap(item, inside, String(index)))
    : Object.fromEntries(Object.entries(value).map(([name, item]) => [name, unwrap(item, inside, name)]));
  if (Object.keys(inside).length > 0) parent[key] = Array.isArray(value) ? true : inside;
  return plain;
}

export interface Unwrapped {
  plain: PropertyBag;
  /** Top-level keys that held a secret anywhere inside. */
  secretKeys: Set<string>;
  /** Where the secrets were. */
  secretMarks: SecretMarks;
}

/** A Struct (absent means empty) as plain values, and where its secrets were. */
export function fromStruct(value: Struct | undefined): Unwrapped {
  const bag = (value?.toJavaScript() ?? {}) as PropertyBag;
  const secretMarks: SecretMarks = {};
  const plain = Object.fromEntries(Object.entries(bag).map(([key, item]) => [key, unwrap(item, secretMarks, key)]));
  return { plain, secretKeys: new Set(Object.keys(secretMarks)), secretMarks };
}

/** Marks for these keys, each secret whole. */
export function wholeKeys(keys: Iterable<string>): SecretMarks {
  return Object.fromEntries([...keys].map((key) => [key, true as const]));
}

/** All of the marks given: a place any of them marks whole is secret whole. */
export function mergeMarks(...all: readonly SecretMarks[]): SecretMarks {
  const merged: SecretMarks = {};
  for (const marks of all) {
    for (const [key, inner] of Object.entries(marks)) {
      const known = merged[key];
      merged[key] = known === true || inner === true ? true : known === undefined ? inner : mergeMarks(known, inner);
    }
  }
  return merged;
}

/** `value` with envelopes where `marks` say; a value marked inside that holds no object or array is secret whole. */
function wrapped(value: unknown, marks: true | SecretMarks | undefined): unknown {
  if (marks === undefined) return value;
  if (marks === true) return secretEnvelope(value);
  if (Array.isArray(value)) return value.map((item, index) => wrapped(item, marks[String(index)]));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wrapped(item, marks[key])]));
  return secretEnvelope(value);
}

/** Plain values as a Struct, wrapped as secrets where `marks` say. */
export function toStruct(bag: PropertyBag, marks: SecretMarks = {}): Struct {
  const value = wrapped(compact(bag), marks) as PropertyBag;
  return struct.Struct.fromJavaScript(value as Parameters<typeof struct.Struct.fromJavaScript>[0]);
}
