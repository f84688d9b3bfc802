/**
 * The listed values for editor completion, yet any string accepted: values often come from stack
 * config (`config.get(...)`, typed `string`), and `check` validates them with a clear message anyway.
 */
export type LiteralUnion<Literal extends string> = Literal | (string & Record<never, never>);
