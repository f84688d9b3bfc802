/**
 * Reading check failures as the engine receives them: one about a top-level property names it; one about a secret
 * input or a path inside a property names none (the engine would print a secret, or `{<nil>}`), and its reason starts
 * with the path and may end with the value given (`… (got "http://x")`).
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";

const GOT = / \(got .*\)$/s;

/** The property or path a failure is about. */
export function failurePath(failure: CheckFailure): string {
  if (failure.property) return failure.property;
  return failure.reason.split(" ", 1)[0] ?? "";
}

/** What a failure says of its property or path, without the path and the value given. */
export function failureReason(failure: CheckFailure): string {
  if (failure.property) return failure.reason;
  const path = failurePath(failure);
  return failure.reason.slice(path.length + 1).replace(GOT, "");
}

/** The failure about `path`, if any. */
export function failureAt(failures: readonly CheckFailure[] | undefined, path: string): CheckFailure | undefined {
  return failures?.find((failure) => failurePath(failure) === path);
}
