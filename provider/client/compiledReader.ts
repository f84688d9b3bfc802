/**
 * A response schema compiled to one plain function: what zod's `safeParse` does for a body it accepts, without the
 * result object, the `{ value, issues }` pair per field and the call through `_zod.run` per node — on a 50-stream
 * page of event streams, zod's work was the client's whole distance from raw undici. The zod schema stays the one
 * declaration; this only reads it.
 *
 * The contract: when the compiled function returns a value, `schema.safeParse(data)` succeeds with that same value
 * (the same keys in the same order, undeclared keys stripped); when it returns REJECTED, the caller asks zod, which
 * gives the verdict and the issues. It compiles plain nodes only — objects in zod's default strip mode, arrays,
 * strings, numbers, booleans, null, enums, literals, optional and nullable — with no checks and no coercion, except a
 * string's `.min(1)`; any other node (another check, `z.custom`, a union, a default, a transform) is handed to that node's own zod
 * parser, and an object whose keys zod would fill in or treat specially is handed to zod whole.
 */
import { z } from "zod";

export const REJECTED: unique symbol = Symbol("rejected");
export type CompiledReader = (data: unknown) => unknown;

interface ZodPayload {
  value: unknown;
  issues: unknown[];
}

/** The parts of zod 4's internals (`schema._zod`) read here. */
interface ZodInternals {
  def: {
    type: string;
    checks?: { _zod: { traits: Set<string>; def: { minimum?: number; when?: unknown } } }[];
    coerce?: boolean;
    catchall?: unknown;
    shape?: Record<string, unknown>;
    element?: unknown;
    innerType?: unknown;
  };
  traits: Set<string>;
  optin?: string;
  optout?: string;
  values?: Set<unknown>;
  parse(payload: ZodPayload, ctx: unknown): ZodPayload | Promise<ZodPayload>;
  run(payload: ZodPayload, ctx: unknown): ZodPayload | Promise<ZodPayload>;
}

function internalsOf(schema: unknown): ZodInternals {
  return (schema as { _zod: ZodInternals })._zod;
}

/** zod 4 runs a node without checks through its bare parser: `run === parse`. */
function isBare(internals: ZodInternals): boolean {
  return internals.run === internals.parse && internals.def.coerce !== true;
}

let defaultLengthCondition: unknown;

/**
 * `z.string().min(n)` with n ≤ 1, the wire schemas' "non-empty": exact as a plain length test, since zod counts code
 * points only where they could differ from UTF-16 units (from n to 2n - 1 units). Any other string check is zod's.
 */
function shortMinimumOf(internals: ZodInternals): number | undefined {
  const checks = internals.def.checks ?? [];
  // A string format (z.email()) is a check itself, beyond those listed.
  if (checks.length === 0 || internals.def.coerce === true || !internals.traits.has("ZodString") || internals.traits.has("$ZodCheck")) return undefined;
  defaultLengthCondition ??= z.string().min(1)._zod.def.checks?.[0]?._zod.def.when;
  let minimum = 0;
  for (const check of checks) {
    const { traits, def } = check._zod;
    if (!traits.has("$ZodCheckMinLength") || def.when !== defaultLengthCondition || def.minimum === undefined || def.minimum > 1) return undefined;
    minimum = Math.max(minimum, def.minimum);
  }
  return minimum;
}

const PRIMITIVE_TEST: Record<string, (value: string) => string> = {
  string: (value) => `typeof ${value} !== "string"`,
  boolean: (value) => `typeof ${value} !== "boolean"`,
  // z.number() refuses NaN and ±Infinity.
  number: (value) => `typeof ${value} !== "number" || !Number.isFinite(${value})`,
  null: (value) => `${value} !== null`,
};

/** Exact-type names, as zod's classic API names them, that are compiled (a subclass such as z.email() is not). */
const PLAIN_TRAITS: Record<string, string> = {
  string: "ZodString",
  boolean: "ZodBoolean",
  number: "ZodNumber",
  null: "ZodNull",
  enum: "ZodEnum",
  literal: "ZodLiteral",
  optional: "ZodOptional",
  nullable: "ZodNullable",
  array: "ZodArray",
  object: "ZodObject",
};

/** Builds the function's source: each node reads variable `input` and assigns variable `output`, or returns REJECTED. */
class Compiler {
  private readonly lines: string[] = [];
  /** Values the generated code refers to by index: zod nodes it hands over, enum and literal value sets. */
  readonly captured: unknown[] = [];
  private names = 0;

  source(): string {
    return this.lines.join("\n");
  }

  private name(prefix: string): string {
    return `${prefix}${this.names++}`;
  }

  private capture(value: unknown): string {
    this.captured.push(value);
    return `captured[${this.captured.length - 1}]`;
  }

  private emit(line: string): void {
    this.lines.push(line);
  }

  /** zod's own parser for this node, its verdict taken as is. */
  private handOver(schema: unknown, input: string, output: string): void {
    const node = this.capture(internalsOf(schema));
    const result = this.name("result");
    this.emit(`const ${result} = ${node}.run({ value: ${input}, issues: [] }, ctx);`);
    this.emit(`if (${result} instanceof Promise || ${result}.issues.length !== 0) return REJECTED;`);
    this.emit(`${output} = ${result}.value;`);
  }

  /** Schemas being compiled: a recursive one (an object whose getter returns itself) is zod's from the second level. */
  private readonly open = new Set<unknown>();

  node(schema: unknown, input: string, output: string): void {
    if (this.open.has(schema)) return this.handOver(schema, input, output);
    this.open.add(schema);
    try {
      this.compileNode(schema, input, output);
    } finally {
      this.open.delete(schema);
    }
  }

  private compileNode(schema: unknown, input: string, output: string): void {
    const internals = internalsOf(schema);
    const type = internals.def.type;
    const minimum = type === "string" ? shortMinimumOf(internals) : undefined;
    if (minimum !== undefined) {
      this.emit(`if (typeof ${input} !== "string" || ${input}.length < ${minimum}) return REJECTED;`);
      this.emit(`${output} = ${input};`);
      return;
    }
    const plain = PLAIN_TRAITS[type] !== undefined && internals.traits.has(PLAIN_TRAITS[type]) && isBare(internals);
    if (!plain) return this.handOver(schema, input, output);
    switch (type) {
      case "string":
      case "boolean":
      case "number":
      case "null":
        this.emit(`if (${PRIMITIVE_TEST[type](input)}) return REJECTED;`);
        this.emit(`${output} = ${input};`);
        return;
      case "enum":
      case "literal":
        this.emit(`if (!${this.capture(internals.values)}.has(${input})) return REJECTED;`);
        this.emit(`${output} = ${input};`);
        return;
      case "optional":
        // Only a defaulted inner schema puts something in place of undefined; that one is handed over.
        if (internalsOf(internals.def.innerType).optin === "defaulted") return this.handOver(schema, input, output);
        return this.wrapped(`${input} === undefined`, "undefined", internals.def.innerType, input, output);
      case "nullable":
        return this.wrapped(`${input} === null`, "null", internals.def.innerType, input, output);
      case "array":
        return this.array(internals.def.element, input, output);
      case "object":
        return this.object(schema, internals, input, output);
    }
  }

  private wrapped(test: string, value: string, inner: unknown, input: string, output: string): void {
    this.emit(`if (${test}) ${output} = ${value}; else {`);
    this.node(inner, input, output);
    this.emit("}");
  }

  private array(element: unknown, input: string, output: string): void {
    const index = this.name("i");
    const item = this.name("item");
    const read = this.name("read");
    this.emit(`if (!Array.isArray(${input})) return REJECTED;`);
    this.emit(`${output} = new Array(${input}.length);`);
    this.emit(`for (let ${index} = 0; ${index} < ${input}.length; ${index}++) {`);
    this.emit(`const ${item} = ${input}[${index}]; let ${read};`);
    this.node(element, item, read);
    this.emit(`${output}[${index}] = ${read};`);
    this.emit("}");
  }

  /**
   * Strip mode, as zod's own compiled object parser: declared keys in declaration order; a required key must be
   * present (`in`, as zod tests it); an optional key that is absent is left out.
   */
  private object(schema: unknown, internals: ZodInternals, input: string, output: string): void {
    const shape = internals.def.shape ?? {};
    const keys = Object.keys(shape);
    const compilable =
      internals.def.catchall === undefined &&
      Object.getOwnPropertySymbols(shape).length === 0 &&
      !keys.includes("__proto__") &&
      keys.every((key) => {
        const field = internalsOf(shape[key]);
        return field.optin === undefined || (field.optin === "optional" && field.optout === "optional");
      });
    if (!compilable) return this.handOver(schema, input, output);
    this.emit(`if (typeof ${input} !== "object" || ${input} === null || Array.isArray(${input})) return REJECTED;`);
    const built = this.name("object");
    this.emit(`const ${built} = {};`);
    for (const key of keys) {
      const literal = JSON.stringify(key);
      const optional = internalsOf(shape[key]).optin === "optional";
      const value = this.name("value");
      const read = this.name("read");
      this.emit(optional ? `if (${literal} in ${input}) {` : `if (!(${literal} in ${input})) return REJECTED; {`);
      this.emit(`const ${value} = ${input}[${literal}]; let ${read};`);
      this.node(shape[key], value, read);
      this.emit(`${built}[${literal}] = ${read};`);
      this.emit("}");
    }
    this.emit(`${output} = ${built};`);
  }
}

function compile(schema: z.ZodType): CompiledReader | undefined {
  try {
    const compiler = new Compiler();
    compiler.node(schema, "data", "output");
    const body = `return function read(data) {\nconst ctx = { async: false };\nlet output;\n${compiler.source()}\nreturn output;\n};`;
    // The same technique zod's own object parser uses.
    return new Function("captured", "REJECTED", body)(compiler.captured, REJECTED) as CompiledReader;
  } catch {
    // Code generation refused (node --disallow-code-generation-from-strings), or a schema this cannot read: zod
    // alone reads every body, as it would without this module.
    return undefined;
  }
}

const compiled = new WeakMap<z.ZodType, CompiledReader | undefined>();

/** The schema's compiled reader, built on first use; undefined where code cannot be generated. */
export function compiledReader(schema: z.ZodType): CompiledReader | undefined {
  if (!compiled.has(schema)) compiled.set(schema, compile(schema));
  return compiled.get(schema);
}
