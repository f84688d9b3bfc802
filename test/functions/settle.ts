// Awaits an Output outside a Pulumi program. `promise(true)`, `isKnown` and friends are the SDK's own
// (untyped) awaits of an Output; unlike `apply`, they also settle for unknown values and failures.
// Every part is awaited because a failed Output rejects each of them, and any left alone is reported
// as an unhandled rejection.
import * as pulumi from "@pulumi/pulumi";

export interface Settled<T> {
  known: boolean;
  value?: T;
  error?: unknown;
}

interface OutputInternals<T> {
  promise(withUnknowns?: boolean): Promise<T>;
  isKnown: Promise<boolean>;
  isSecret: Promise<boolean>;
  allResources(): Promise<unknown>;
}

export async function settle<T>(output: pulumi.Output<T>): Promise<Settled<T>> {
  const internals = output as unknown as OutputInternals<T>;
  const [value, known, , ] = await Promise.allSettled([
    internals.promise(true),
    internals.isKnown,
    internals.isSecret,
    internals.allResources(),
  ]);
  if (value.status === "rejected") return { known: true, error: value.reason };
  if (known.status === "rejected") return { known: true, error: known.reason };
  return known.value ? { known: true, value: value.value } : { known: false };
}
