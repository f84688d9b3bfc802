// The typings users compile against: every .d.ts reachable from the package's types entry is free of zod
// and undici, and the declarations generated for each resource say what its definition says (names,
// optionality, types, secrets aside, and the TSDoc), read back from the built .d.ts with the TypeScript parser.
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { propertiesOf, type PropertyShape } from "../../provider/shapes/property";
import { RESOURCES } from "../../provider/resources/registry";
import { publicTypesPath, renderPublicTypes } from "../../provider/build/publicTypes";
import { REPO_ROOT, assertDistIsFresh } from "./dist";

const DIST = path.join(REPO_ROOT, "dist");

/** Relative module specifiers of import/export declarations and `import("…")` types. */
function relativeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Every .d.ts the types entry reaches through relative imports, and every bare module any of them names. */
function reachableTypings(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (const specifier of relativeSpecifiers(file)) {
      if (!specifier.startsWith(".")) {
        packages.add(specifier);
        continue;
      }
      const base = path.resolve(path.dirname(file), specifier);
      const candidates = [`${base}.d.ts`, path.join(base, "index.d.ts")];
      const found = candidates.find((candidate) => fs.existsSync(candidate));
      if (!found) throw new Error(`${path.relative(DIST, file)} imports ${specifier}, which has no .d.ts`);
      pending.push(found);
    }
  }
  return { files, packages };
}

beforeAll(() => assertDistIsFresh());

describe("the public typings", () => {
  it("reach neither zod nor undici from dist/index.d.ts", () => {
    const { files, packages } = reachableTypings(path.join(DIST, "index.d.ts"));
    // The walk itself must reach the generated resource modules, or it proves nothing.
    for (const definition of RESOURCES) {
      expect(files).toContain(path.join(DIST, "resources", definition.module, "resource.generated.d.ts"));
    }
    expect([...packages].sort()).toEqual(["@pulumi/pulumi"]);
    // Belt and braces: no module string naming them either (e.g. in a triple-slash reference).
    for (const file of files) expect(fs.readFileSync(file, "utf8"), path.relative(DIST, file)).not.toMatch(/["'](zod|undici)(\/[^"']*)?["']/);
  });
});

describe("the TSDoc of the public typings", () => {
  it("documents every property of every interface and class, and every exported declaration, reachable from dist/index.d.ts", () => {
    const { files } = reachableTypings(path.join(DIST, "index.d.ts"));
    const undocumented: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const where = (node: ts.Node, name: string): string => `${path.relative(DIST, file)}: ${name}`;
      for (const statement of source.statements) {
        const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        const named = (ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name;
        if (exported && named && !hasDoc(statement)) undocumented.push(where(statement, statement.name.text));
        if (!(ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) || !statement.name) continue;
        for (const member of statement.members) {
          if (!(ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) || !member.name) continue;
          const isPrivate = ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword);
          if (!isPrivate && !hasDoc(member)) undocumented.push(where(member, `${statement.name.text}.${member.name.getText(source)}`));
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});

/** Whether a declaration has a TSDoc comment with text (links included). */
function hasDoc(node: ts.Node): boolean {
  return ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc) && (ts.getTextOfJSDocComment(doc.comment) ?? "").trim() !== "");
}

/** A member's TSDoc as one line of text. */
function docOf(node: ts.Node): string {
  return ts
    .getJSDocCommentsAndTags(node)
    .map((doc) => (typeof doc.comment === "string" ? doc.comment : ""))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

interface Member {
  optional: boolean;
  type: string;
  doc: string;
}

function membersOf(file: string, container: string): Map<string, Member> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const members = new Map<string, Member>();
  const found = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration | ts.ClassDeclaration =>
      (ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === container,
  );
  if (!found) throw new Error(`${container} is not declared in ${file}`);
  for (const member of found.members) {
    if (!(ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) || !member.type) continue;
    members.set(member.name.getText(source), {
      optional: member.questionToken !== undefined,
      type: member.type.getText(source).replace(/\s+/g, " "),
      doc: docOf(member),
    });
  }
  return members;
}

/** The text a property's type must contain, independent of how the generator spells wrappers. */
function essentialType(shape: PropertyShape): string {
  switch (shape.type.kind) {
    case "enum":
      return shape.type.values.map((value) => JSON.stringify(value)).join(" | ");
    case "array":
      return "[]";
    case "object":
      return shape.type.typeName ?? "{";
    case "union":
      // every variant, by its interface name, joined as a union
      return shape.type.variants.map((variant) => variant.type.typeName ?? "{").join(" | ");
    case "integer":
      return "number";
    case "record":
      return "Record<string, unknown>";
    default:
      return shape.type.kind;
  }
}

describe.each(RESOURCES.map((definition) => [definition.name, definition] as const))("%s's generated declarations", (_name, definition) => {
  const declarations = path.join(DIST, "resources", definition.module, "resource.generated.d.ts");

  it("are what the definition renders to (the generated module is not stale)", () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, publicTypesPath(definition)), "utf8")).toBe(renderPublicTypes(definition));
  });

  it("declare every input in Args: required-ness, type, Input wrapper, description", () => {
    const members = membersOf(declarations, `${definition.name}Args`);
    const inputs = propertiesOf(definition.inputs);
    expect([...members.keys()]).toEqual(inputs.map((shape) => shape.name));
    for (const shape of inputs) {
      const member = members.get(shape.name) as Member;
      // A secret the service keeps may be left out by a resource that takes over what the tenant holds.
      expect(member.optional, shape.name).toBe(!shape.required || shape.keptWhenOmitted === true);
      expect(member.type, shape.name).toMatch(/^pulumi\.Input<.*>$/);
      expect(member.type, shape.name).toContain(essentialType(shape));
      expect(member.doc, shape.name).toBe(oneLine(shape.description));
    }
  });

  it("declare every output on the class as an Output, undefined when optional, with its description", () => {
    const members = membersOf(declarations, definition.name);
    const outputs = propertiesOf(definition.outputs);
    expect([...members.keys()]).toEqual(outputs.map((shape) => shape.name));
    for (const shape of outputs) {
      const member = members.get(shape.name) as Member;
      expect(member.type, shape.name).toMatch(/^pulumi\.Output<.*>$/);
      expect(member.type, shape.name).toContain(essentialType(shape));
      expect(member.type.includes("| undefined"), shape.name).toBe(!shape.required);
      expect(member.type.includes("| null"), shape.name).toBe(shape.nullable);
      expect(member.doc, shape.name).toBe(oneLine(shape.description));
    }
  });
});
