/**
 * Validation for `check`: zod issues in the user's camelCase shape turned into Pulumi check failures that name
 * the property and the allowed values or limits. Values never appear in a reason (they may be secrets). Anything
 * that is, or sits under, the preview unknown sentinel is skipped. What a definition adds (kept values, defaults,
 * sets, cross-field rules) is in check.ts.
 */
import { z } from "zod";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { isPlainObject, isUnknown, type PropertyBag } from "./jsonValues";

/** A strict object: unknown properties are rejected with the list of allowed ones. */
export function strictShape<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? `unknown property; allowed: ${allowed}` : undefined),
  });
}

/**
 * A whole number from `min` to `max`; every failure (a fraction, a string, out of range) names the whole range, and
 * `unit` what it counts ("seconds, 1 hour to 30 days").
 */
export function wholeNumber(min: number, max: number, unit?: string): z.ZodNumber {
  const reason = `must be a whole number from ${min} to ${max}${unit === undefined ? "" : ` (${unit})`}`;
  return z.number({ error: reason }).int({ error: reason }).min(min, { error: reason }).max(max, { error: reason });
}

/** An https URL with a host: what a link users open (an app store's page) must be. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** A DNS label: letters, digits and hyphens, 1–63 characters, no hyphen at either end. */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An ASCII host name (internationalised names in their `xn--` form), 3–253 characters: no scheme, path, port or space. */
export function isHostName(value: string): boolean {
  return value.length >= 3 && value.length <= 253 && value.split(".").every((label) => LABEL.test(label));
}

export const HOST_NAME_EXPECTED =
  'must be a host name such as "login.example.com": ASCII letters, digits, hyphens and dots (an internationalised ' +
  "name in its xn-- form), labels of 1–63 characters not starting or ending with a hyphen, 3–253 characters in all; " +
  "no scheme, path, port or whitespace";

type PathSegment = PropertyKey;

/** `configuration.deliveryMethods[0]` */
function formatPath(path: readonly PathSegment[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text += text === "" ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

function valueAt(root: unknown, path: readonly PathSegment[]): { value: unknown; underUnknown: boolean } {
  let current: unknown = root;
  for (const segment of path) {
    if (isUnknown(current)) return { value: current, underUnknown: true };
    if (Array.isArray(current) && typeof segment === "number") current = current[segment];
    else if (isPlainObject(current) && typeof segment === "string") current = current[segment];
    else return { value: undefined, underUnknown: false };
  }
  return { value: current, underUnknown: isUnknown(current) };
}

function quoteList(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(", ");
}

function describeExpected(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function reasonFor(issue: z.core.$ZodIssue, missing: boolean): string {
  const required = missing ? "is required; " : "";
  // A schema's own words (a whole number's range) stand as they are, unless the value is missing.
  if (!missing && issue.message.startsWith("must ")) return issue.message;
  switch (issue.code) {
    case "invalid_value":
      return `${required}must be one of ${quoteList(issue.values)}`;
    case "invalid_type":
      return missing ? "is required" : `must be ${describeExpected(issue.expected)}`;
    case "too_small":
      return issue.origin === "array"
        ? `must have at least ${String(issue.minimum)} item(s)`
        : `must be at least ${String(issue.minimum)} character(s) long`;
    case "too_big":
      return issue.origin === "array"
        ? `must have at most ${String(issue.maximum)} item(s)`
        : `must be at most ${String(issue.maximum)} character(s) long`;
    case "invalid_format":
      return issue.format === "email" ? "must be an email address" : `must be a valid ${issue.format}`;
    default:
      // strictShape and the cross-field rules write their own messages.
      return issue.message;
  }
}

/** zod issues → check failures, minus those caused by values the engine does not know yet. */
function failuresFrom(issues: readonly z.core.$ZodIssue[], input: unknown): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of issues) {
    const { value, underUnknown } = valueAt(input, issue.path);
    if (underUnknown) continue;
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) failures.push({ property: formatPath([...issue.path, key]), reason: issue.message });
      continue;
    }
    failures.push({ property: formatPath(issue.path) || "(inputs)", reason: reasonFor(issue, value === undefined) });
  }
  return failures;
}

/** Keys that reach an object's prototype machinery rather than a property of it. */
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"];
const PROTOTYPE_KEY_REASON =
  'is not allowed: "__proto__", "constructor" and "prototype" keys are refused, since they change how the inputs read';

/**
 * Failures for prototype keys at any depth: an own key with such a name, or an object whose prototype
 * was set through one (the host builds objects by assignment, so `{"__proto__": …}` arrives that way and
 * its properties would be read through inheritance).
 */
export function prototypeKeyFailures(value: unknown, path: PathSegment[] = [], failures: CheckFailure[] = []): CheckFailure[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => prototypeKeyFailures(item, [...path, index], failures));
  } else if (typeof value === "object" && value !== null) {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      failures.push({ property: formatPath([...path, "__proto__"]), reason: PROTOTYPE_KEY_REASON });
    }
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.includes(key)) failures.push({ property: formatPath([...path, key]), reason: PROTOTYPE_KEY_REASON });
      else prototypeKeyFailures((value as PropertyBag)[key], [...path, key], failures);
    }
  }
  return failures;
}

/**
 * The engine prints the value of the top-level input a failure names, in plain text even when it is a secret. So a
 * failure about one of `unshown` (a secret input, one the definition does not declare) names no property and says
 * which in its reason; one about a field inside it keeps its nested path, which the engine cannot look up.
 */
export function namedInReasons(failures: CheckFailure[], unshown: ReadonlySet<string>): CheckFailure[] {
  return failures.map((failure) =>
    failure.property !== undefined && unshown.has(failure.property)
      ? { property: "", reason: `${failure.property} ${failure.reason}` }
      : failure,
  );
}

/** The failures a schema finds in `inputs`, minus those `ignored` (a kept value left out, say) and those under unknowns. */
export function schemaFailures(schema: z.ZodType, inputs: PropertyBag, ignored: (issue: z.core.$ZodIssue) => boolean = () => false): CheckFailure[] {
  const parsed = schema.safeParse(inputs);
  return parsed.success ? [] : failuresFrom(parsed.error.issues.filter((issue) => !ignored(issue)), inputs);
}

/** The error for inputs that fail their schema after check (the engine skipped it): properties and reasons only. */
export function invalidInputsError(what: string, failures: readonly CheckFailure[]): Error {
  return new Error(`Invalid ${what} inputs: ${failures.map((failure) => `${failure.property} ${failure.reason}`).join("; ")}`);
}
