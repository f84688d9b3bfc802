/**
 * How `pulumi-tenant export` (provider/cli/) declares what a tenant holds of one resource type: a definition's
 * `exported` section. The command reads every registered type through its handler's `list`, and knows nothing of
 * any type beyond what these facts and the property shapes say, so a resource added later exports by itself.
 */

/**
 * Input values another resource must hold, each a value or the value of one of this resource's inputs (`{ input }`):
 * `{ factor: { input: "factor" } }` is the factor this resource's `factor` names.
 */
export type ExportMatch = Readonly<Record<string, string | boolean | { input: string }>>;

/** A kind this one depends on: every declared resource of it, or only when this resource's inputs hold `when`. */
export interface ExportDependency {
  /** The other definition's `name`, e.g. "PhoneProvider". */
  on: string;
  /** Input values of this resource the edge needs (a selection of `"sns"` depends on the SNS configuration). */
  when?: Readonly<Record<string, string | boolean>>;
  /** Only the resources of that kind whose inputs match (a factor's settings depend on that factor alone). */
  to?: ExportMatch;
}

/** A type the command declares. */
export interface ExportFacts {
  /**
   * The Pulumi resource name: `fixed` for what a tenant has one of, else the value of an input (a stream's `name`,
   * a factor's `factor`), and then the word its TypeScript identifier ends in (`Stream`: `auditStream`).
   */
  name: { fixed: string } | { input: string; identifierSuffix: string };
  /** Its place among the kinds, lowest first, above every kind it depends on (test/cli holds this). */
  order: number;
  dependsOn?: readonly ExportDependency[];
  /** Declared with `adoptExisting: true` (an input of the resource): its create takes over what the tenant holds. */
  adoptExisting?: true;
  /** Declared with the `retainOnDelete` option: destroying the stack, or removing the declaration, leaves it on the tenant. */
  retainOnDelete?: true;
  /**
   * Only objects whose inputs hold these values are declared, unless the command is given `--<allFlag>`; the others
   * are reported as left out, `described` saying what they are ("off").
   */
  only?: { inputs: Readonly<Record<string, string | boolean>>; allFlag: string; described: string };
  /**
   * Only objects beside which the tenant holds an object of kind `on` matching `to` are declared (a WebAuthn factor's
   * settings, when that factor is on), unless the command is given `--<allFlag>`; the others are reported as left
   * out, `described` saying what they are.
   */
  onlyBeside?: { on: string; to: ExportMatch; allFlag: string; described: string };
  /**
   * What a fresh tenant holds of it (input values): an object holding exactly these is left out, since declaring it
   * would manage nothing the tenant changed; the report says so.
   */
  fresh?: Readonly<Record<string, string | boolean | number>>;
  /**
   * A 403 saying the client's token lacks the scope to read it skips this kind, with a line in the report, instead of
   * failing the export: it came after the export's first kinds, so a client made for those lacks its scope. (A 403
   * saying the tenant's plan does not offer a kind skips any kind so.)
   */
  skippedWithoutScope?: true;
  /** What the README's export table adds about it (a consequence of the facts above worth knowing). */
  note?: string;
}

/** A type the command never declares, and why (printed with what it skipped, and in the README's table). */
export interface NotExported {
  skipped: string;
}

export type ExportRule = ExportFacts | NotExported;

export function isExported(rule: ExportRule | undefined): rule is ExportFacts {
  return rule !== undefined && !("skipped" in rule);
}
