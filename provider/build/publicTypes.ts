/**
 * Renders a resource definition as the program-side module of the resource: the Args interface (every
 * property a `pulumi.Input`, enums as strict unions of their literals), the named object types, and the
 * resource class with its output properties, each with its description as TSDoc. The class registers what
 * common/register.ts derives from the definition. Its declarations mention only @pulumi/pulumi, so the
 * published typings never mention zod. Build tooling: not part of dist/.
 */
import type { ResourceDefinition } from "../resources/common/definition";
import { propertiesOf, type PropertyShape, type TypeShape } from "../shapes/property";
import { dynamicResourceType, providerText } from "../resources/common/providerText";

const WIDTH = 110;

/** `/** … *\/` wrapped at WIDTH, paragraphs kept. */
export function docComment(text: string, indent: string): string {
  const lines: string[] = [];
  for (const [index, paragraph] of text.split("\n\n").entries()) {
    if (index > 0) lines.push("");
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line !== "" && indent.length + 3 + line.length + 1 + word.length > WIDTH) {
        lines.push(line);
        line = word;
      } else line = line === "" ? word : `${line} ${word}`;
    }
    lines.push(line);
  }
  if (lines.length === 1 && indent.length + lines[0].length + 7 <= WIDTH) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => (line === "" ? `${indent} *\n` : `${indent} * ${line}\n`)).join("")}${indent} */\n`;
}

const quoted = (values: readonly string[]): string => values.map((value) => JSON.stringify(value)).join(" | ");

export interface Rendering {
  /** The resource's class name (or function's name), for the TSDoc of named types without a description. */
  resourceName: string;
  /** Named interfaces, in the order they were first met. */
  named: Map<string, string>;
}

/** A type as TypeScript spells it; `wrap` turns a nested value's type into what a member holds (an Input, or itself). */
function typeText(type: TypeShape, rendering: Rendering, wrap: (text: string) => string): string {
  const nested = (inner: TypeShape): string => typeText(inner, rendering, wrap);
  switch (type.kind) {
    case "enum":
      return quoted(type.values);
    case "array":
      return `${wrap(nested(type.items))}[]`;
    case "object":
      return objectType(type, rendering, (shape) => wrap(nested(shape.type)));
    case "union":
      return type.variants.map((variant) => nested(variant.type)).join(" | ");
    case "record":
      return "Record<string, unknown>";
    case "integer":
      return "number";
    default:
      return type.kind;
  }
}

/**
 * An input type: enums accept exactly their values, so a typo fails at compile time rather than at preview
 * (a value read from config goes through the package's type guards); objects and array items take Inputs.
 */
export function inputType(type: TypeShape, rendering: Rendering): string {
  return typeText(type, rendering, (text) => `pulumi.Input<${text}>`);
}

/** A plain type, as the service reports it. */
export function plainType(type: TypeShape, rendering: Rendering): string {
  return typeText(type, rendering, (text) => text);
}

/**
 * Whether a property may be left out of a program's object: an optional one, or a secret the service keeps
 * (`keptWhenOmitted`), which a resource taking over what the tenant holds may leave out (as `pulumi-tenant export`'s
 * programs do); check refuses one left out where nothing is taken over.
 */
export function optionalMember(shape: PropertyShape): boolean {
  return !shape.required || shape.keptWhenOmitted === true;
}

export function withNull(shape: PropertyShape, text: string): string {
  return shape.nullable ? `${text} | null` : text;
}

function objectType(
  { properties, typeName, description }: Extract<TypeShape, { kind: "object" }>,
  rendering: Rendering,
  member: (shape: PropertyShape) => string,
): string {
  if (typeName === undefined) {
    return `{ ${properties.map((shape) => `${shape.name}${optionalMember(shape) ? "?" : ""}: ${withNull(shape, member(shape))}`).join("; ")} }`;
  }
  if (!rendering.named.has(typeName)) {
    rendering.named.set(typeName, ""); // reserve the position before nested types
    const body = properties
      .map((shape) => `${docComment(shape.description, "  ")}  ${shape.name}${optionalMember(shape) ? "?" : ""}: ${withNull(shape, member(shape))};\n`)
      .join("");
    const doc = docComment(description ?? `An object type of the {@link ${rendering.resourceName}} resource's properties.`, "");
    rendering.named.set(typeName, `${doc}export interface ${typeName} {\n${body}}\n`);
  }
  return typeName;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The resource class: output properties, `get`, and a constructor that registers with its provider text. */
function renderClass(definition: ResourceDefinition, outputs: string): string {
  const { name } = definition;
  const definitionName = `${lowerFirst(name)}Definition`;
  const options = "opts?: pulumi.CustomResourceOptions";
  return [
    docComment(definition.description, ""),
    `export class ${name} extends pulumi.CustomResource {\n`,
    outputs,
    `\n${docComment(definition.getDescription, "  ")}`,
    `  public static get(name: string, id: pulumi.Input<pulumi.ID>, ${options}): ${name} {\n`,
    `    return new ${name}(name, undefined, { ...opts, id });\n  }\n\n`,
    `  /**\n   * @param name The unique name of the resource.\n   * @param args ${definition.argsDescription}\n`,
    "   * @param opts Resource options; `provider` may be an explicit tenant `Provider`.\n   */\n",
    `  constructor(name: string, args: ${name}Args, ${options});\n`,
    "  /** Used by `get`: no args, `opts.id` set. */\n",
    `  constructor(name: string, args: ${name}Args | undefined, ${options});\n`,
    `  constructor(name: string, args: ${name}Args | undefined, ${options}) {\n`,
    `    super(${JSON.stringify(dynamicResourceType(name))}, name, { ...registeredProperties(${definitionName}, args, name), __provider: PROVIDER_TEXT }, resourceOptions(${definitionName}, opts));\n`,
    "  }\n}\n",
  ].join("");
}

/** The whole generated module for one resource. */
export function renderPublicTypes(definition: ResourceDefinition): string {
  const rendering: Rendering = { resourceName: definition.name, named: new Map() };
  const args = propertiesOf(definition.inputs)
    .map((shape) => {
      const type = withNull(shape, `pulumi.Input<${inputType(shape.type, rendering)}>`);
      return `${docComment(shape.description, "  ")}  ${shape.name}${optionalMember(shape) ? "?" : ""}: ${type};\n`;
    })
    .join("");
  const outputs = propertiesOf(definition.outputs)
    .map((shape) => {
      const type = withNull(shape, plainType(shape.type, rendering)) + (shape.required ? "" : " | undefined");
      return `${docComment(shape.description, "  ")}  declare public readonly ${shape.name}: pulumi.Output<${type}>;\n`;
    })
    .join("");
  const imports = [
    `import * as pulumi from "@pulumi/pulumi";\n`,
    `import { registeredProperties, resourceOptions } from "../common/register";\n`,
    `import { ${lowerFirst(definition.name)}Definition } from "./definition";\n`,
  ].join("");
  const text = [
    "\n/**\n * Stored in state as `__provider`: the dynamic-provider host evaluates it and uses the handler module as the\n",
    " * provider object. Frozen: the path it requires never moves, and the text never changes.\n */\n",
    `const PROVIDER_TEXT = ${JSON.stringify(providerText(definition.module))};\n`,
  ].join("");
  return [
    `// Generated by provider/build/generateTypes.ts from definition.ts: do not edit, and do not commit.\n`,
    imports,
    text,
    ...[...rendering.named.values()].map((text) => `\n${text}`),
    `\n/** The arguments of {@link ${definition.name}}. */\nexport interface ${definition.name}Args {\n${args}}\n`,
    `\n${renderClass(definition, outputs)}`,
  ].join("");
}

/** Where the generated module of a resource lives, relative to the repository root. */
export function publicTypesPath(definition: ResourceDefinition): string {
  return `provider/resources/${definition.module}/resource.generated.ts`;
}
