/**
 * Small helpers over the plain JSON values the dynamic-provider host passes to handlers.
 * Nothing here imports @pulumi/pulumi: handlers run in the host and stay light.
 */

/** What the engine sends in place of a value it does not know yet (preview). `unknownValue` in @pulumi/pulumi's runtime/rpc. */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The host adds the serialized provider under this key to every property bag. */
const PROVIDER_KEY = "__provider";

/**
 * The resource's name in the program, which a dynamic resource whose destroy may warn keeps in its inputs and state
 * (programName.ts says why).
 */
export const PROGRAM_NAME_KEY = "__programName";

export type PropertyBag = Record<string, unknown>;

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when the value is the unknown sentinel or holds one at any depth. */
function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (isPlainObject(value)) return Object.values(value).some(containsUnknown);
  return false;
}

export function isPlainObject(value: unknown): value is PropertyBag {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A property bag without what the dynamic door adds to a resource's own properties: the host's `__provider` (it puts
 * it back on every result) and the program's name (`__programName`, which programName.ts reads and keeps).
 */
export function withoutDoorKeys(props: unknown): PropertyBag {
  if (!isPlainObject(props)) return {};
  // fromEntries defines own properties: a "__proto__" key stays a key (for check to refuse), never a prototype.
  return Object.fromEntries(Object.entries(props).filter(([key]) => key !== PROVIDER_KEY && key !== PROGRAM_NAME_KEY));
}

/**
 * Drops `undefined` entries (recursively): the host's protobuf conversion rejects them
 * ("Unexpected struct type"), and state must stay JSON.
 */
export function compact<T extends PropertyBag>(bag: T): T {
  const result: PropertyBag = {};
  for (const [key, value] of Object.entries(bag)) {
    if (value === undefined) continue;
    result[key] = isPlainObject(value) ? compact(value) : value;
  }
  return result as T;
}

/** Structural equality for JSON values; object key order does not matter, `undefined` keys count as absent. */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => sameJson(item, right[index]));
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const leftKeys = Object.keys(compact(left));
    const rightKeys = Object.keys(compact(right));
    if (leftKeys.length !== rightKeys.length) return false;
    return leftKeys.every((key) => sameJson(left[key], right[key]));
  }
  return false;
}

/** A desired value differs from the recorded one when it is (or holds) an unknown, or is structurally different. */
export function differs(recorded: unknown, desired: unknown): boolean {
  return containsUnknown(desired) || !sameJson(recorded, desired);
}

/**
 * Whether a property bag holds a resource's state (anything but `__provider`): olds of an update, or of the engine's
 * Check right after an import; the props of a refresh. Empty: a create's olds, or the Read of a `.get` or import.
 */
export function hasState(props: unknown): boolean {
  return Object.keys(withoutDoorKeys(props)).length > 0;
}

/** JSON with object keys sorted: one text per value, whatever order its objects were built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isPlainObject(value)) {
    const entries = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
