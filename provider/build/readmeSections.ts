/**
 * The README's lists that the code already holds, rendered from it: the registries (resources and functions),
 * their definitions (descriptions, scopes, secret and write-only metadata, importability), the enums and the
 * settings table. `npm run docs` writes each between its markers; test/docs holds the README's copy to them.
 * Build tooling: not part of dist/.
 */
import { functionToken } from "../functions/definition";
import { FUNCTIONS } from "../functions/registry";
import { tokenOf } from "../plugin/schema";
import { isImportable, type OperationScopes, type ResourceDefinition } from "../resources/common/definition";
import { isExported, type ExportFacts, type ExportMatch } from "../resources/common/exported";
import { propertiesOf, type PropertyShape, type TypeShape } from "../shapes/property";
import { dynamicResourceType } from "../resources/common/providerText";
import { TENANT_MFA_RULE_INFO } from "../policy";
import { RESOURCES } from "../resources/registry";
import { CONFIG_KEYS, SETTINGS, SETTING_NAMES } from "../settings";
import { headingsOf, tableOfContents } from "./readmeMarkdown";
import { exportedEnums, valueListName } from "./packageExports";

export interface GeneratedSection {
  /** The name in the region's markers. */
  name: string;
  /** The region's content; some sections read the README around them (its headings). */
  render(readme: string): string;
}

const code = (text: string): string => `\`${text}\``;
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

/** `a`, `b` or `c` (`and` with conjunction "and"). */
function series(items: readonly string[], conjunction = "or"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** The first sentence of a description (a period ending a sentence, not one inside "e.g."). */
export function firstSentence(text: string): string {
  const paragraph = text.split("\n\n")[0];
  const end = /(?<!\be\.g|\bi\.e)\.(?=\s+[A-Z`(])/.exec(paragraph);
  return end ? paragraph.slice(0, end.index + 1) : paragraph;
}

/** A link to the README section whose heading names `name` as a word; the plain name when none does. */
function linkTo(readme: string, name: string, label = code(name)): string {
  const heading = headingsOf(readme).find((candidate) => candidate.level > 1 && new RegExp(`(^|[^\\w])${name}([^\\w]|$)`).test(candidate.text));
  return heading ? `[${label}](#${heading.anchor})` : label;
}

const functionForms = (name: string): string[] => [name, `${name}Output`];

// Resources at a glance ----------------------------------------------------------------------------------------------

function renderResources(readme: string): string {
  const rows = [
    ...RESOURCES.map((definition) => [linkTo(readme, definition.name), firstSentence(definition.description)]),
    ...FUNCTIONS.map(({ definition }) => [
      functionForms(definition.name).map((name, index) => (index === 0 ? linkTo(readme, name) : code(name))).join(", "),
      firstSentence(definition.description),
    ]),
  ];
  return table(["Resource or function", "What it manages"], rows);
}

// Enums ---------------------------------------------------------------------------------------------------------------

function renderEnums(): string {
  // Sorted by name, as a reader looks one up.
  const rows = [...exportedEnums(RESOURCES)]
    .sort((left, right) => (left.name < right.name ? -1 : 1))
    .map(({ name, values }) => [code(name), values.map((value) => code(JSON.stringify(value))).join(", "), code(valueListName(name)), code(`is${name}`)]);
  return table(["Type", "Values", "List", "Type guard"], rows);
}

// Scopes --------------------------------------------------------------------------------------------------------------

/** The operations in the table's order; a scope's action is one of the same words. */
const OPERATIONS: readonly (keyof OperationScopes)[] = ["create", "read", "update", "delete"];

const scopeList = (scopes: readonly string[]): string => (scopes.length === 0 ? "none (no call)" : scopes.map(code).join(", "));

/** Every scope of every resource and function, once, ordered by API resource, then create, read, update, delete. */
export function allScopes(): string[] {
  const scopes = new Set([
    ...RESOURCES.flatMap((definition: ResourceDefinition) =>
      OPERATIONS.flatMap((operation) => [...definition.scopes[operation], ...(definition.optionalScopes?.scopes[operation] ?? [])]),
    ),
    ...FUNCTIONS.flatMap(({ definition }) => definition.scopes),
  ]);
  const key = (scope: string): [string, number] => {
    const [action, resource] = scope.split(":");
    return [resource, OPERATIONS.indexOf(action as keyof OperationScopes)];
  };
  return [...scopes].sort((left, right) => {
    const [leftResource, leftAction] = key(left);
    const [rightResource, rightAction] = key(right);
    return leftResource === rightResource ? leftAction - rightAction : leftResource < rightResource ? -1 : 1;
  });
}

/** The mark of a scope that rests on no published source for the resource's calls; the note under the table says why. */
const UNPUBLISHED = "†";

/** The mark of a scope an operation uses when the token holds it and does without otherwise; the note under the table says for what. */
const OPTIONAL = "‡";

function renderScopes(): string {
  const resourceRows = RESOURCES.map((definition: ResourceDefinition) => {
    const unpublished = new Set<string>(definition.unpublishedScopes?.scopes ?? []);
    const marked = (scopes: readonly string[]): string =>
      scopes.length === 0 ? scopeList(scopes) : scopes.map((scope) => `${code(scope)}${unpublished.has(scope) ? UNPUBLISHED : ""}`).join(", ");
    const optional = (operation: (typeof OPERATIONS)[number]): string =>
      (definition.optionalScopes?.scopes[operation] ?? []).map((scope) => `, ${code(scope)}${OPTIONAL}`).join("");
    return [code(definition.name), ...OPERATIONS.map((operation) => `${marked(definition.scopes[operation])}${optional(operation)}`)];
  });
  const served = RESOURCES.flatMap((definition: ResourceDefinition) =>
    definition.optionalScopes ? [`${code(definition.name)}: ${definition.optionalScopes.serve}.`] : [],
  );
  const functions = FUNCTIONS.map(({ definition }) => `${series(functionForms(definition.name).map(code), "and")} need ${scopeList(definition.scopes)} on every call.`);
  const header = ["Resource", "create", "read (refresh, `.get`, import)", "update", "delete"];
  const bases = RESOURCES.flatMap((definition: ResourceDefinition) =>
    definition.unpublishedScopes ? [`${code(definition.name)}: ${definition.unpublishedScopes.basis}.`] : [],
  );
  const note =
    bases.length === 0
      ? []
      : [`${UNPUBLISHED} No published source names this scope for the resource's calls; it rests on what follows. ${bases.join(" ")}`];
  const optionalNote = served.length === 0 ? [] : [`${OPTIONAL} Used when the token holds it; without it the operation goes on and says what it left undone. ${served.join(" ")}`];
  return [table(header, resourceRows), ...note, ...optionalNote, functions.join(" "), `All of them: ${allScopes().map(code).join(", ")}.`].join("\n\n");
}

// Settings ------------------------------------------------------------------------------------------------------------

function renderSettings(): string {
  const rows = SETTING_NAMES.map((name) => {
    const setting = SETTINGS[name];
    return [`${code(CONFIG_KEYS[name])}${setting.secret ? " (secret)" : ""}`, code(setting.envVar), setting.description];
  });
  return table(["Stack config", "Environment", "Meaning"], rows);
}

// Secrets -------------------------------------------------------------------------------------------------------------

/** The object types a value of this type may have at its top level (an object, or each variant of a union). */
function objectsOf(type: TypeShape): PropertyShape[][] {
  if (type.kind === "object") return [type.properties];
  if (type.kind === "union") return type.variants.map((variant) => variant.type.properties);
  if (type.kind === "array") return objectsOf(type.items);
  return [];
}

/** The paths (`a.b.c`) of the outermost properties that pass `test`, at any depth, without repeats. */
export function outermostPaths(shapes: readonly PropertyShape[], test: (shape: PropertyShape) => boolean, prefix = ""): string[] {
  const paths = shapes.flatMap((shape) => {
    const path = `${prefix}${shape.name}`;
    if (test(shape)) return [path];
    return objectsOf(shape.type).flatMap((properties) => outermostPaths(properties, test, `${path}.`));
  });
  return [...new Set(paths)];
}

/** `a.b.token`, `a.b.password` → "`token` or `password` in `a.b`", grouped by the path that holds them. */
function describePaths(paths: readonly string[], conjunction: "or" | "and"): string {
  const byParent = new Map<string, string[]>();
  for (const path of paths) {
    const cut = path.lastIndexOf(".");
    const parent = cut < 0 ? "" : path.slice(0, cut);
    byParent.set(parent, [...(byParent.get(parent) ?? []), path.slice(cut + 1)]);
  }
  return [...byParent]
    .map(([parent, names]) => {
      const listed = names.map(code);
      return parent === "" ? listed.join(", ") : `${series(listed, conjunction)} in ${code(parent)}`;
    })
    .join("; ");
}

function secretRow(definition: ResourceDefinition): string[] | undefined {
  const shapes = [...propertiesOf(definition.inputs), ...propertiesOf(definition.outputs)];
  const secret = outermostPaths(shapes, (shape) => shape.secret === true);
  const writeOnly = outermostPaths(shapes, (shape) => shape.writeOnly === true);
  if (secret.length === 0 && writeOnly.length === 0) return undefined;
  // Both doors mark the secret fields themselves, at any depth: what holds one stays readable around it.
  return [code(definition.name), secret.length > 0 ? describePaths(secret, "and") : "—", writeOnly.length > 0 ? describePaths(writeOnly, "and") : "—"];
}

function renderSecrets(): string {
  const rows = RESOURCES.map(secretRow).filter((row): row is string[] => row !== undefined);
  const providerSecrets = SETTING_NAMES.filter((name) => SETTINGS[name].secret).map(code);
  rows.push([`${code("Provider")} (explicit)`, providerSecrets.join(", "), "—"]);
  return table(["Resource", "Secret in state, however you pass it", "Write-only: never read back, kept from your program"], rows);
}

// The native plugin ---------------------------------------------------------------------------------------------------

function renderPlugin(): string {
  const rows = [
    ...RESOURCES.map((definition: ResourceDefinition) => [
      code(tokenOf(definition.name)),
      "resource",
      isImportable(definition) ? "yes" : "no: the service cannot read it back",
    ]),
    ...FUNCTIONS.map(({ definition }) => [code(functionToken(definition)), "function", "—"]),
  ];
  const configuration = SETTING_NAMES.map((name) => `${code(CONFIG_KEYS[name])}${SETTINGS[name].secret ? " (secret)" : ""}`);
  const settings = `Provider configuration: ${series(configuration, "and")}, each falling back to its \`TENANT_*\` variable as in [Settings](#settings).`;
  return `${table(["Token", "Kind", "`pulumi import`"], rows)}\n\n${settings}`;
}

// What `pulumi-tenant export` declares ---------------------------------------------------------------------------------

const whenText = (when: Readonly<Record<string, string | boolean>> | undefined): string =>
  Object.entries(when ?? {})
    .map(([input, value]) => ` when ${code(input)} is ${code(JSON.stringify(value))}`)
    .join(" and");

/** `whose \`factor\` is its \`factor\``: the other resource's inputs an ExportMatch asks for. */
const matchText = (match: ExportMatch | undefined): string =>
  Object.entries(match ?? {})
    .map(([input, value]) => `${code(input)} is ${typeof value === "object" ? `its ${code(value.input)}` : code(JSON.stringify(value))}`)
    .join(" and ");

function exportRow(definition: ResourceDefinition, facts: ExportFacts): string[] {
  const name = "fixed" in facts.name ? code(facts.name.fixed) : `its ${code(facts.name.input)}`;
  const only = facts.only
    ? `; only those${whenText(facts.only.inputs)}, unless ${code(`--${facts.only.allFlag}`)}`
    : facts.onlyBeside
      ? `; only those beside a ${code(facts.onlyBeside.on)} whose ${matchText(facts.onlyBeside.to)}, unless ${code(`--${facts.onlyBeside.allFlag}`)}`
      : facts.fresh
        ? `; only when it differs from a fresh tenant's (${Object.entries(facts.fresh)
            .map(([input, value]) => `${code(input)} ${code(JSON.stringify(value))}`)
            .join(", ")})`
        : "";
  const declared = [facts.adoptExisting ? code("adoptExisting: true") : "", facts.retainOnDelete ? `option ${code("retainOnDelete: true")}` : ""].filter(Boolean);
  const dependsOn = (facts.dependsOn ?? []).map((dependency) => {
    const target = RESOURCES.find((candidate: ResourceDefinition) => candidate.name === dependency.on) as ResourceDefinition | undefined;
    const one = isExported(target?.exported) && "fixed" in target.exported.name;
    if (dependency.to) return `the declared ${code(dependency.on)} whose ${matchText(dependency.to)}${whenText(dependency.when)}`;
    return `${one ? "" : "every declared "}${code(dependency.on)}${whenText(dependency.when)}`;
  });
  return [
    code(definition.name),
    `${name}${only}`,
    [declared.join(", ") || "—", facts.note].filter(Boolean).join(". "),
    dependsOn.length > 0 ? dependsOn.join("; ") : "—",
  ];
}

function renderExport(): string {
  const exported = RESOURCES.flatMap((definition: ResourceDefinition) =>
    isExported(definition.exported) ? [{ definition, facts: definition.exported }] : [],
  ).sort((left, right) => left.facts.order - right.facts.order);
  const rows = exported.map(({ definition, facts }) => exportRow(definition, facts));
  const skipped = RESOURCES.flatMap((definition: ResourceDefinition) => {
    const rule = definition.exported;
    return rule !== undefined && !isExported(rule) ? [`${code(definition.name)}: ${rule.skipped}.`] : [];
  });
  const withoutScope = exported.filter(({ facts }) => facts.skippedWithoutScope).map(({ definition }) => code(definition.name));
  const skippedKinds =
    `A kind the tenant's plan does not offer is not read, with a line in the report. So is one of ${series(withoutScope, "and")} ` +
    "when the client's token lacks its read scope (a client made for an earlier export lacks some); any other missing " +
    "scope fails the export, naming every one.";
  return `${table(["Resource, in this order", "Pulumi name", "Declared with, besides what the tenant holds", "`dependsOn`"], rows)}\n\n${skippedKinds}\n\nNot exported: ${skipped.join(" ")}`;
}

// What a program's mocks see ------------------------------------------------------------------------------------------

function renderMockTokens(): string {
  const rows = [
    ...RESOURCES.map((definition) => [code(`new tenant.${definition.name}(…)`), `\`newResource\`, type ${code(dynamicResourceType(definition.name))}`]),
    [code("new tenant.Provider(…)"), `\`newResource\`, type ${code("pulumi:providers:pulumi-nodejs")}`],
    ...FUNCTIONS.map(({ definition }) => [
      functionForms(definition.name).map((name) => code(`tenant.${name}(…)`)).join(", "),
      `\`call\`, token ${code(functionToken(definition))}`,
    ]),
  ];
  return table(["In your program", "Reaches the mocks' …"], rows);
}

// The policy pack's rules -------------------------------------------------------------------------------------------

const JUDGED = {
  resource: "each resource, before its step",
  stack: "the tenant's resources together, once the program ran",
} as const;

function renderPolicyRules(readme: string): string {
  const rows = TENANT_MFA_RULE_INFO.map((rule) => [
    code(rule.name),
    rule.defaultLevel,
    rule.description,
    rule.reads.map((name) => linkTo(readme, name)).join(", "),
    JUDGED[rule.judges],
  ]);
  return table(["Rule", "Default level", "What it asks for", "Reads", "Judges"], rows);
}

export const GENERATED_SECTIONS: readonly GeneratedSection[] = [
  { name: "contents", render: tableOfContents },
  { name: "settings", render: renderSettings },
  { name: "scopes", render: renderScopes },
  { name: "resources", render: renderResources },
  { name: "enums", render: renderEnums },
  { name: "secrets", render: renderSecrets },
  { name: "plugin", render: renderPlugin },
  { name: "mock-tokens", render: renderMockTokens },
  { name: "export", render: renderExport },
  { name: "policy-rules", render: renderPolicyRules },
];
