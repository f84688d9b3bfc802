/**
 * Input validation for `check`: zod schemas in the user's camelCase shape, turned into Pulumi check
 * failures that name the property and the allowed values or limits. Values never appear in a reason
 * (they may be secrets). Anything that is, or sits under, the preview unknown sentinel is skipped.
 */
import { z } from "zod";
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { isPlainObject, isUnknown, withoutProviderKey, type PropertyBag } from "./values";

/** A strict object: unknown properties are rejected with the list of allowed ones. */
export function strictShape<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? `unknown property; allowed: ${allowed}` : undefined),
  });
}

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

/**
 * The whole of a `check`: validate `news` (without `__provider`) and return it unchanged, so secret
 * inputs keep their keys and the engine re-marks them secret.
 */
export function checkInputs(
  schema: z.ZodType,
  news: unknown,
  crossFieldRules: (inputs: PropertyBag) => CheckFailure[] = () => [],
): CheckResult {
  const inputs = withoutProviderKey(news);
  const parsed = schema.safeParse(inputs);
  const failures = parsed.success ? [] : failuresFrom(parsed.error.issues, inputs);
  failures.push(...crossFieldRules(inputs));
  return { inputs, failures };
}

/**
 * Typed inputs for create/update. `check` already ran, so a failure here means the engine skipped it;
 * the error lists properties and reasons only.
 */
export function parseCheckedInputs<Schema extends z.ZodType>(schema: Schema, props: unknown, what: string): z.infer<Schema> {
  const inputs = withoutProviderKey(props);
  const parsed = schema.safeParse(inputs);
  if (parsed.success) return parsed.data;
  const reasons = failuresFrom(parsed.error.issues, inputs)
    .map((failure) => `${failure.property} ${failure.reason}`)
    .join("; ");
  throw new Error(`Invalid ${what} inputs: ${reasons}`);
}
