/**
 * The exported program's `index.ts`: one `const` per declared resource, in the plan's order, each with the inputs the
 * tenant holds (secrets left out), `adoptExisting: true` where its kind's facts say so, and its options: `dependsOn`
 * the resources it needs, `retainOnDelete` with a comment saying what removing it means.
 */
import type { Identity } from "../resources/common/definition";
import { propertiesOf } from "../shapes/property";
import type { Declaration, ExportPlan } from "./exportPlan";
import { Code, entriesOf, renderCall, type Entry } from "./typescriptCode";

export interface ProgramFacts {
  /** The tenant's host, with its port if it has one. */
  host: string;
  /** This package's version. */
  version: string;
}

function nounOf(identity: Identity, name: string): string {
  return identity.kind === "minted" ? name : identity.noun;
}

function optionEntries(declaration: Declaration): Entry[] {
  const entries: Entry[] = [];
  if (declaration.dependsOn.length > 0) entries.push({ key: "dependsOn", value: declaration.dependsOn.map((other) => new Code(other.identifier)) });
  if (declaration.facts.retainOnDelete) {
    const noun = nounOf(declaration.definition.identity, declaration.definition.name);
    entries.push({
      key: "retainOnDelete",
      value: true,
      comment: `Without retainOnDelete, destroying the stack (or removing this declaration) deletes the ${noun} from the tenant.`,
    });
  }
  return entries;
}

function declarationCode(declaration: Declaration): string {
  const { definition, facts } = declaration;
  const inputs = facts.adoptExisting ? { ...declaration.inputs, adoptExisting: true } : declaration.inputs;
  const options = optionEntries(declaration);
  return renderCall(`const ${declaration.identifier} = new tenant.${definition.name}`, [
    { value: declaration.name },
    { value: inputs, entries: entriesOf(inputs, propertiesOf(definition.inputs)) },
    ...(options.length > 0 ? [{ value: undefined, entries: options }] : []),
  ]);
}

function header(plan: ExportPlan, facts: ProgramFacts): string[] {
  const count = plan.declarations.length;
  return [
    `// The tenant ${facts.host} as \`pulumi-tenant export\` (pulumi-tenant ${facts.version}) found it: ${count} resource${count === 1 ? "" : "s"}.`,
    "// Each one takes over what the tenant holds, so the first `pulumi up` changes nothing there. Secrets are left out:",
    "// the service keeps the ones it holds; set one (as a secret) to change it. Declare these resources here or through",
    "// import.json (the native plugin), never both in one stack.",
    'import * as tenant from "pulumi-tenant";',
  ];
}

/** The whole file, ending in a newline. */
export function programFile(plan: ExportPlan, facts: ProgramFacts): string {
  const lines = header(plan, facts);
  let kind = "";
  for (const declaration of plan.declarations) {
    if (declaration.definition.name !== kind) {
      kind = declaration.definition.name;
      const count = plan.declarations.filter((other) => other.definition.name === kind).length;
      lines.push("", `// ${kind} (${count})`);
    }
    lines.push(declarationCode(declaration));
  }
  return `${lines.join("\n")}\n`;
}
