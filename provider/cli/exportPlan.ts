/**
 * What an export declares, from what the tenant holds and the definitions' export facts alone: which objects (a
 * kind's `only` filter, what a fresh tenant holds left out, and the resource's own check: a value no resource can declare is skipped), their Pulumi
 * names and TypeScript identifiers, their order (kinds by `order`, each kind's resources by Pulumi name compared by
 * UTF-16 code units) and their `dependsOn` edges. Secrets are left out of every input here, at any depth.
 */
import type { ExportFacts, ExportMatch } from "../resources/common/exported";
import type { ResourceDefinition } from "../resources/common/definition";
import type { PropertyBag } from "../resources/common/jsonValues";
import { propertiesOf } from "../shapes/property";
import { withoutSecretValues } from "../shapes/secrets";
import { IdentifierTable, identifierOf } from "./identifiers";
import type { ReadObject, TenantContents } from "./tenantReader";

export interface Declaration {
  definition: ResourceDefinition;
  facts: ExportFacts;
  /** The service's id (the tenant's domain for a setting it has one of): what an import file names. */
  id: string;
  name: string;
  identifier: string;
  /** The inputs a Read reports, without any secret. */
  inputs: PropertyBag;
  dependsOn: Declaration[];
}

/** A line of the report: what was not declared, and why. */
export interface Skipped {
  type: string;
  reason: string;
}

/** A kind the export read: how many objects the tenant holds of it (declared or not). */
export interface ReadKindCount {
  definition: ResourceDefinition;
  held: number;
}

export interface ExportPlan {
  /** Every kind read, in the kinds' order. */
  kinds: ReadKindCount[];
  declarations: Declaration[];
  skipped: Skipped[];
}

/** UTF-16 code-unit order (what `<` compares), the same on every machine and locale. */
export const byCodeUnits = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

const matches = (inputs: PropertyBag, wanted: Readonly<Record<string, unknown>> | undefined): boolean =>
  Object.entries(wanted ?? {}).every(([key, value]) => inputs[key] === value);

/** Whether `other`'s inputs hold what `match` asks, its `{ input }` values read from `own`. */
const matchesFor = (other: PropertyBag, match: ExportMatch | undefined, own: PropertyBag): boolean =>
  Object.entries(match ?? {}).every(([key, value]) => other[key] === (typeof value === "object" ? own[value.input] : value));

function withoutSecrets(definition: ResourceDefinition, inputs: PropertyBag): PropertyBag {
  return withoutSecretValues({ kind: "object", properties: propertiesOf(definition.inputs) }, inputs) as PropertyBag;
}

function pulumiNameOf(facts: ExportFacts, object: ReadObject): string {
  if ("fixed" in facts.name) return facts.name.fixed;
  const value = object.inputs[facts.name.input];
  return typeof value === "string" && value !== "" ? value : object.id;
}

/** `enabled: false`: the values a fresh tenant holds. */
const freshText = (fresh: Readonly<Record<string, unknown>>): string =>
  Object.entries(fresh)
    .map(([input, value]) => `${input}: ${JSON.stringify(value)}`)
    .join(", ");

/** The check's failures as one clause: `messageTypes: must hold at least one`. */
const failureText = (object: ReadObject): string =>
  object.failures.map((failure) => (failure.property ? `${failure.property}: ${failure.reason}` : failure.reason)).join("; ");

export function planExport(contents: TenantContents, flags: ReadonlySet<string>): ExportPlan {
  const skipped: Skipped[] = contents.notRead.map(({ definition, reason }) => ({ type: definition.name, reason }));
  const kinds = [...contents.kinds].sort((left, right) => left.facts.order - right.facts.order || byCodeUnits(left.definition.name, right.definition.name));
  const declarations: Declaration[] = [];
  const identifiers = new IdentifierTable();

  /** Whether the tenant holds, beside an object with these inputs, the object `onlyBeside` asks for. */
  const besideHeld = (beside: NonNullable<ExportFacts["onlyBeside"]>, inputs: PropertyBag): boolean =>
    kinds.some((kind) => kind.definition.name === beside.on && kind.objects.some((other) => matchesFor(other.inputs, beside.to, inputs)));

  for (const { definition, facts, objects, undeclarable } of kinds) {
    const { only, onlyBeside } = facts;
    for (const object of [...undeclarable].sort((left, right) => byCodeUnits(left.name, right.name) || byCodeUnits(left.id, right.id))) {
      skipped.push({ type: definition.name, reason: `"${object.name}" (${object.id}): no resource can declare what the tenant holds (${object.undeclarable})` });
    }
    const kept: ReadObject[] = [];
    const leftOut: string[] = [];
    const leftOutBeside: string[] = [];
    for (const object of objects) {
      if (facts.fresh && matches(object.inputs, facts.fresh)) {
        skipped.push({ type: definition.name, reason: `"${pulumiNameOf(facts, object)}": as a fresh tenant holds it (${freshText(facts.fresh)}), nothing to declare` });
      } else if (only && !flags.has(only.allFlag) && !matches(object.inputs, only.inputs)) leftOut.push(pulumiNameOf(facts, object));
      else if (onlyBeside && !flags.has(onlyBeside.allFlag) && !besideHeld(onlyBeside, object.inputs)) leftOutBeside.push(pulumiNameOf(facts, object));
      else if (object.failures.length > 0) {
        skipped.push({ type: definition.name, reason: `"${pulumiNameOf(facts, object)}": no resource can declare what the tenant holds (${failureText(object)})` });
      } else kept.push(object);
    }
    for (const [filter, names] of [[only, leftOut], [onlyBeside, leftOutBeside]] as const) {
      if (!filter || names.length === 0) continue;
      skipped.push({ type: definition.name, reason: `${names.length} ${filter.described} (${[...names].sort(byCodeUnits).join(", ")}); --${filter.allFlag} declares them too` });
    }

    const named = kept.map((object) => ({ object, name: pulumiNameOf(facts, object) }));
    named.sort((left, right) => byCodeUnits(left.name, right.name) || byCodeUnits(left.object.id, right.object.id));
    const names = new Set<string>();
    const suffix = "fixed" in facts.name ? "" : facts.name.identifierSuffix;
    for (const { object, name } of named) {
      // Pulumi names are unique per type; the service's own uniqueness makes a repeat unlikely, but never fatal.
      let unique = name;
      for (let number = 2; names.has(unique); number++) unique = `${name}-${number}`;
      names.add(unique);
      declarations.push({
        definition,
        facts,
        id: object.id,
        name: unique,
        identifier: identifiers.claim(identifierOf(unique, suffix)),
        inputs: withoutSecrets(definition, object.inputs),
        dependsOn: [],
      });
    }
  }

  for (const declaration of declarations) {
    for (const dependency of declaration.facts.dependsOn ?? []) {
      if (!matches(declaration.inputs, dependency.when)) continue;
      declaration.dependsOn.push(
        ...declarations.filter((other) => other.definition.name === dependency.on && matchesFor(other.inputs, dependency.to, declaration.inputs)),
      );
    }
  }
  return { kinds: kinds.map(({ definition, objects, undeclarable }) => ({ definition, held: objects.length + undeclarable.length })), declarations, skipped };
}
