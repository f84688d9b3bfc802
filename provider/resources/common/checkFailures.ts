/**
 * The failures `check` adds to the schema's from a definition's metadata (a set that refuses repeats, a secret too
 * short to redact), and how every failure is said so the engine shows no secret: one about a property that holds a
 * secret further down names the part that can be shown (a destination's `type`), and one inside a property says its
 * path, and its value only where the schema knows it holds no secret.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { MIN_SECRET_LENGTH } from "../../secretLength";
import { mayHoldSecret } from "../../client/secretShapes";
import type { PropertyShape } from "../../shapes/property";
import { knownPlainAt, typeHoldsSecret } from "../../shapes/secrets";
import { segmentsOf, valueAt, visitProperties } from "../../shapes/walk";
import { SECRET_FIELDS } from "../secretFields.generated";
import { canonicalJson, isUnknown, type PropertyBag } from "./jsonValues";

/** Failures for secret strings too short to be told apart from ordinary text (and so redacted) in messages. */
export function shortSecretFailures(shapes: readonly PropertyShape[], inputs: PropertyBag): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const secretPaths = new Set<string>();
  visitProperties(shapes, inputs, (shape, value, path) => {
    const parent = path.slice(0, Math.max(path.lastIndexOf("."), 0));
    const secret = shape.secret === true || secretPaths.has(parent);
    if (secret) secretPaths.add(path);
    if (secret && typeof value === "string" && !isUnknown(value) && value.length > 0 && value.length < MIN_SECRET_LENGTH) {
      failures.push({ property: path, reason: `must be at least ${MIN_SECRET_LENGTH} characters long, as every secret` });
    }
  });
  return failures;
}

/** Failures for values listed twice in a set that refuses repeats. */
export function repeatFailures(shapes: readonly PropertyShape[], inputs: PropertyBag): CheckFailure[] {
  const failures: CheckFailure[] = [];
  visitProperties(shapes, inputs, (shape, value, path) => {
    if (shape.set?.repeats !== "refused" || !Array.isArray(value) || value.some(isUnknown)) return;
    const texts = value.map(canonicalJson);
    if (new Set(texts).size !== texts.length) failures.push({ property: path, reason: `must not list a ${shape.set.item} twice` });
  });
  return failures;
}

/**
 * A failure that names a property holding a secret further down (a webhook destination) would make the engine print
 * that property whole: it names the union's tag instead, or nothing when the property is missing.
 */
export function namedWithoutHeldSecrets(shapes: readonly PropertyShape[], inputs: PropertyBag, failures: CheckFailure[]): CheckFailure[] {
  const holders = new Map(shapes.filter((shape) => shape.secret !== true && typeHoldsSecret(shape.type)).map((shape) => [shape.name, shape]));
  return failures.map((failure) => {
    const named = failure.property ?? "";
    const holder = holders.get(named) ?? holders.get(named.split(".")[0]);
    if (!holder) return failure;
    const tag = holder.type.kind === "union" ? `${holder.name}.${holder.type.discriminator}` : undefined;
    if (holder.name !== named && named !== tag) return failure;
    if (inputs[holder.name] === undefined || holder.type.kind !== "union") return { property: "", reason: `${holder.name} ${failure.reason}` };
    const values = holder.type.variants.map((variant) => JSON.stringify(variant.value)).join(", ");
    return { property: `${holder.name}.${holder.type.discriminator}`, reason: `must be one of ${values}` };
  });
}

/** Every string inside a value, at any depth. */
function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

/** Every secret field's wire name (`token`, `password`, …): a value joined to one in a text is a secret's. */
const SECRET_FIELD_NAMES = [...SECRET_FIELDS.writeOnly, ...SECRET_FIELDS.outputs, ...(SECRET_FIELDS.returned ?? [])];

/**
 * A value as a failure's reason shows it: JSON, cut short past a line's worth; nothing when any text in it is shaped
 * like a credential (a URL's user info or query, a token joined to a secret field's name, …), however plain the
 * property it was given for.
 */
function shownValue(value: unknown): string | undefined {
  if (stringsIn(value).some((text) => mayHoldSecret(text, SECRET_FIELD_NAMES))) return undefined;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * The engine prints a failure's value by looking its property up among the top-level inputs: a nested path finds
 * nothing there and prints `{<nil>}`. So a failure inside a property names no property (the engine then prints the
 * reason alone), and its reason starts with the path and ends, unless it is, holds or lies inside a secret (or the
 * schema does not know it, or it is shaped like a credential), with the value:
 * `destination.configuration.webhookEndpoint must be an https:// URL (got "http://hooks.example.com")`.
 */
export function withNestedValuesSaid(shapes: readonly PropertyShape[], inputs: PropertyBag, failures: CheckFailure[]): CheckFailure[] {
  return failures.map((failure) => {
    const path = failure.property ?? "";
    if (!/[.[]/.test(path)) return failure;
    const segments = segmentsOf(path);
    const value = valueAt(inputs, segments);
    const shown = value === undefined || !knownPlainAt(shapes, inputs, segments) ? undefined : shownValue(value);
    return { property: "", reason: `${path} ${failure.reason}${shown === undefined ? "" : ` (got ${shown})`}` };
  });
}
