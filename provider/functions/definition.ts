/**
 * The shape every function definition has: name, description, arguments and result as zod objects whose
 * properties carry their metadata (`property(schema, meta)`, as a resource's). From one definition come the
 * `getX`/`getXOutput` argument and result types (generated), the argument check, the plugin schema's
 * function entry and the token the plugin and a program's mocks see.
 */
import type { z } from "zod";
import type { Scope } from "../resources/common/definition";

export interface FunctionDefinition<Args extends z.ZodObject = z.ZodObject, Result extends z.ZodObject = z.ZodObject> {
  /** e.g. `getEventStreams`; the token is `tenant:index:<name>`. */
  name: string;
  /** The function's TSDoc and schema description, markdown. */
  description: string;
  /** Each property's schema carries the rule its error message states (e.g. "must be a whole number from 1 to 100"). */
  args: Args;
  result: Result;
  /** The management-API scopes its calls need (the README's scope table). */
  scopes: readonly Scope[];
}

/** `tenant:index:<name>`: the function's token in the plugin schema, the plugin's invoke and under mocks. */
export const functionToken = (definition: Pick<FunctionDefinition, "name">): string => `tenant:index:${definition.name}`;

/** An argument of a function is invalid; raised before any HTTP call. */
export class FunctionArgumentError extends Error {
  constructor(
    /** The offending argument. */
    readonly argument: string,
    message: string,
  ) {
    super(message);
  }
}

function describeValue(value: unknown): string {
  return typeof value === "string" ? `the string ${JSON.stringify(value)}` : String(value);
}

/**
 * Validates `args` against the definition; the first invalid argument fails with a message naming it, the
 * rule its schema states and the value given, e.g. `getEventStreams: take must be a whole number from 1 to 100 (got 0).`
 */
export function checkArguments<Args extends z.ZodObject>(
  definition: FunctionDefinition<Args>,
  args: unknown,
  makeError: (argument: string, message: string) => Error = (argument, message) => new FunctionArgumentError(argument, message),
): z.infer<Args> {
  const given = (args ?? {}) as Record<string, unknown>;
  const parsed = definition.args.safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const argument = String(issue.path[0] ?? "");
  throw makeError(argument, `${definition.name}: ${argument} ${issue.message} (got ${describeValue(given[argument])}).`);
}
