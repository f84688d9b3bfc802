/**
 * Values as TypeScript source, laid out the same way every time: properties in their definition's order (what the
 * property shapes declare), an object or array on one line when it fits in the width, else one entry per line with
 * a trailing comma. Strings are JSON string literals, which TypeScript reads as the same strings.
 */
import { nestedShapes, type PropertyShape, type TypeShape } from "../shapes/property";

export const WIDTH = 120;
const INDENT = "  ";

/** Source text put in as it is (an identifier in a `dependsOn` list). */
export class Code {
  constructor(readonly text: string) {}
}

/** A comment line placed before an object's entry. */
export interface Entry {
  key: string;
  value: unknown;
  type?: TypeShape;
  comment?: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const keyText = (key: string): string => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

/** An object's entries: those its shapes declare in their order, then any others in the value's own order. */
export function entriesOf(value: Record<string, unknown>, shapes: readonly PropertyShape[] | undefined): Entry[] {
  const known = (shapes ?? []).filter((shape) => value[shape.name] !== undefined).map((shape) => ({ key: shape.name, value: value[shape.name], type: shape.type }));
  const rest = Object.keys(value)
    .filter((key) => value[key] !== undefined && !shapes?.some((shape) => shape.name === key))
    .map((key) => ({ key, value: value[key] }));
  return [...known, ...rest];
}

function itemsType(type: TypeShape | undefined): TypeShape | undefined {
  return type?.kind === "array" ? type.items : undefined;
}

function asEntries(value: unknown, type: TypeShape | undefined): Entry[] | undefined {
  if (value instanceof Code || typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const bag = value as Record<string, unknown>;
  return entriesOf(bag, type ? nestedShapes(type, bag) : undefined);
}

function inline(value: unknown, type: TypeShape | undefined): string {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => inline(item, itemsType(type))).join(", ")}]`;
  const entries = asEntries(value, type);
  if (entries) return objectInline(entries);
  return JSON.stringify(value) ?? "undefined";
}

function objectInline(entries: readonly Entry[]): string {
  return entries.length === 0 ? "{}" : `{ ${entries.map((entry) => `${keyText(entry.key)}: ${inline(entry.value, entry.type)}`).join(", ")} }`;
}

/**
 * `value` at nesting `depth`, after `used` characters of its line (the key before it), followed by one more
 * character (a comma or a parenthesis).
 */
export function render(value: unknown, type: TypeShape | undefined, depth: number, used: number): string {
  const entries = asEntries(value, type);
  if (entries) return renderObject(entries, depth, used);
  const flat = inline(value, type);
  if (!Array.isArray(value) || value.length === 0 || depth * INDENT.length + used + flat.length + 1 <= WIDTH) return flat;
  const pad = INDENT.repeat(depth + 1);
  const items = value.map((item) => `${pad}${render(item, itemsType(type), depth + 1, 0)},`);
  return `[\n${items.join("\n")}\n${INDENT.repeat(depth)}]`;
}

/** An object literal; multi-line when it has a comment or does not fit. */
export function renderObject(entries: readonly Entry[], depth: number, used: number): string {
  const flat = objectInline(entries);
  if (!entries.some((entry) => entry.comment) && depth * INDENT.length + used + flat.length + 1 <= WIDTH) return flat;
  const pad = INDENT.repeat(depth + 1);
  const lines = entries.flatMap((entry) => {
    const key = `${keyText(entry.key)}: `;
    const line = `${pad}${key}${render(entry.value, entry.type, depth + 1, key.length)},`;
    return entry.comment ? [`${pad}// ${entry.comment}`, line] : [line];
  });
  return `{\n${lines.join("\n")}\n${INDENT.repeat(depth)}}`;
}

/** `callee(arg, …)` ending in `;`: on one line when it fits and holds no line break, else one argument per line. */
export function renderCall(prefix: string, args: readonly { value: unknown; type?: TypeShape; entries?: readonly Entry[] }[]): string {
  const oneLine = `${prefix}(${args.map((arg) => (arg.entries ? objectInline(arg.entries) : inline(arg.value, arg.type))).join(", ")});`;
  if (oneLine.length <= WIDTH && !args.some((arg) => arg.entries?.some((entry) => entry.comment))) return oneLine;
  const lines = args.map((arg) => `${INDENT}${arg.entries ? renderObject(arg.entries, 1, 0) : render(arg.value, arg.type, 1, 0)},`);
  return `${prefix}(\n${lines.join("\n")}\n);`;
}
