/**
 * Property values between the engine and the handlers. The plugin accepts secrets, so values arrive with secret
 * envelopes at any depth; handlers work on plain camelCase values. Secrets are unwrapped on the way in (their
 * top-level keys remembered) and wrapped again on the way out (`toStruct`, given the keys resources.ts chooses:
 * every output whose input was secret, every property the definition declares secret, and every property holding
 * one further down). Unknowns (preview) pass through as the same sentinel string the dynamic host gives handlers.
 */
import { compact, isPlainObject, type PropertyBag } from "../resources/common/jsonValues";
import { struct, type Struct } from "./protocol";

/** The signature key and value of a secret envelope (sdk/go/common/resource/sig). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export function isSecretEnvelope(value: unknown): value is { value: unknown } {
  return isPlainObject(value) && value[SIG_KEY] === SECRET_SIG;
}

export function secretEnvelope(value: unknown): PropertyBag {
  return { [SIG_KEY]: SECRET_SIG, value };
}

function unwrap(value: unknown, onSecret: () => void): unknown {
  if (isSecretEnvelope(value)) {
    onSecret();
    return unwrap(value.value, onSecret);
  }
  if (Array.isArray(value)) return value.map((item) => unwrap(item, onSecret));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unwrap(item, onSecret)]));
  return value;
}

export interface Unwrapped {
  plain: PropertyBag;
  /** Top-level keys that held a secret anywhere inside. */
  secretKeys: Set<string>;
}

/** A Struct (absent means empty) as plain values, and which top-level keys were secret. */
export function fromStruct(value: Struct | undefined): Unwrapped {
  const bag = (value?.toJavaScript() ?? {}) as PropertyBag;
  const secretKeys = new Set<string>();
  const plain = Object.fromEntries(Object.entries(bag).map(([key, item]) => [key, unwrap(item, () => secretKeys.add(key))]));
  return { plain, secretKeys };
}

/** Plain values as a Struct, each key in `secretKeys` wrapped as a secret. */
export function toStruct(bag: PropertyBag, secretKeys: ReadonlySet<string> = new Set()): Struct {
  const wrapped = Object.fromEntries(
    Object.entries(compact(bag) as PropertyBag).map(([key, value]) => [key, secretKeys.has(key) ? secretEnvelope(value) : value]),
  );
  return struct.Struct.fromJavaScript(wrapped as Parameters<typeof struct.Struct.fromJavaScript>[0]);
}
