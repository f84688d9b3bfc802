/**
 * Diagnostics as the engine prints them. A check failure with a property prints the program's input under that
 * **top-level** key with Go's `%v` of a `resource.PropertyValue` (`step_generator.go: issueCheckFailures`), which
 * shows a secret's plaintext; then the CLI replaces the current stack's secret config values with `[secret]` in
 * everything it shows (`engine/events.go: makeEventEmitter`, `logging.AddGlobalSecretFilter`).
 */
import { UNKNOWN_VALUE, isPlainObject, isSecretEnvelope, type PropertyMap } from "./values";
import type { StackConfig } from "./project";

export interface CheckFailure {
  property: string;
  reason: string;
}

/** "<type> resource '<name>': property P value V has a problem: R", or "<type> resource '<name>' has a problem: R". */
export function checkFailureMessage(type: string, name: string, inputs: PropertyMap, failure: CheckFailure): string {
  if (!failure.property) return `${type} resource '${name}' has a problem: ${failure.reason}`;
  const value = Object.prototype.hasOwnProperty.call(inputs, failure.property) ? inputs[failure.property] : undefined;
  return `${type} resource '${name}': property ${failure.property} value ${formatPropertyValue(value)} has a problem: ${failure.reason}`;
}

/** Go's `fmt.Sprintf("%v", resource.PropertyValue)`: `{V}` around the underlying value. */
export function formatPropertyValue(value: unknown): string {
  if (value === UNKNOWN_VALUE) return "output{}";
  return `{${formatInner(value)}}`;
}

function formatInner(value: unknown): string {
  if (value === undefined || value === null) return "<nil>";
  // *resource.Secret{Element PropertyValue} printed with %v: &{{plaintext}}.
  if (isSecretEnvelope(value)) return `&{${formatPropertyValue(value.value)}}`;
  if (typeof value === "number") return formatGoFloat(value);
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(formatPropertyValue).join(" ")}]`;
  if (isPlainObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${key}:${formatPropertyValue(value[key])}`);
    return `map[${entries.join(" ")}]`;
  }
  return String(value);
}

/** `%v` of a float64: `strconv`'s 'g' with the shortest digits, exponent form from 1e6 up or below 1e-4 (so 1e+06). */
function formatGoFloat(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "+Inf" : "-Inf";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent < -4 || exponent >= 6) {
    const [mantissa, power] = value.toExponential().split("e");
    const sign = power.startsWith("-") ? "-" : "+";
    return `${mantissa}e${sign}${power.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  return String(value);
}

/**
 * The CLI's global secret filter: every current stack-config secret value (and its JSON-escaped form) becomes
 * `[secret]`; values shorter than 3 characters and "true"/"false" are left alone, as in `logging.replacements`.
 */
export function secretConfigFilter(config: StackConfig): (text: string) => string {
  const needles = new Set<string>();
  for (const entry of Object.values(config)) {
    if (!entry.secret) continue;
    const secret = entry.value;
    if (secret.length < 3 || /^(true|false)$/i.test(secret)) continue;
    needles.add(secret);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) needles.add(escaped);
  }
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((masked, needle) => masked.split(needle).join("[secret]"), text);
}
