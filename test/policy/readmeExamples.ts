/**
 * What the README's examples declare, as the policy rules read a stack: each TypeScript example run as its program
 * under Pulumi's mocks (the resources reach the mocks' `newResource` with their inputs and provider), and each YAML
 * program's `resources`. No CLI, no tenant: the one CLI run of a README example is in cliDoors.test.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { parse as parseYaml } from "yaml";
import { headingsOf, type Heading } from "../../provider/build/readmeMarkdown";
import { declaredResource, type DeclaredResource } from "../../provider/policy/declared";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { folderOf, readmeFencedBlocks, readmePrograms } from "../docs/snippets";

export interface ExampleDeclarations {
  /** Where the example starts, e.g. `README.md:212`. */
  origin: string;
  resources: DeclaredResource[];
}

const PROJECT = "my-project";
/** What the engine sends for a value not known yet: a YAML program's `${…}` before it runs. */
const UNKNOWN_WIRE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The keys a program must find in config (`config.require("x")`, `requireSecret`, …): those read with `get` may be absent. */
function requiredConfigKeys(source: string): string[] {
  return [...new Set([...source.matchAll(/\bconfig\.require(?:Secret)?(?:Object|Number|Boolean)?\(\s*["']([^"']+)["']/g)].map((match) => match[1]))];
}

/** The heading of the section an example starts in (`README.md:212` → the last heading above line 212). */
export function sectionOf(readme: string, origin: string): Heading {
  const line = Number(origin.slice(origin.lastIndexOf(":") + 1));
  const heading = [...headingsOf(readme)].reverse().find((candidate) => candidate.line < line);
  if (!heading) throw new Error(`${origin} is under no heading`);
  return heading;
}

/** The README's TypeScript example of one section (its first whole program), as the text of its index.ts. */
export function exampleOfSection(readme: string, headingText: string): string {
  const program = readmePrograms(readme).find((candidate) => sectionOf(readme, candidate.origin).text === headingText);
  const index = program?.files.find((file) => file.name === "index.ts");
  if (!index) throw new Error(`the README's "${headingText}" has no TypeScript example`);
  return index.lines.join("\n");
}

/** A provider reference (`<urn>::<id>`) as the URN of the provider: the tenant the resource belongs to. */
const providerUrnOf = (reference: string | undefined): string | undefined => (reference ? reference.slice(0, reference.lastIndexOf("::")) : undefined);

/** Each TypeScript example of `readme`, run under mocks in a folder of its own under `.tmp/` (with a `push.p12` to read). */
export async function typeScriptExampleDeclarations(readme: string): Promise<ExampleDeclarations[]> {
  const root = path.join(REPO_ROOT, ".tmp", "policy-readme-examples");
  fs.rmSync(root, { recursive: true, force: true });
  const examples: ExampleDeclarations[] = [];
  const home = process.cwd();
  for (const program of readmePrograms(readme)) {
    const index = program.files.find((file) => file.name === "index.ts");
    if (!index) continue;
    const source = index.lines.join("\n");
    const dir = path.join(root, folderOf(program));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "index.ts"), source);
    fs.writeFileSync(path.join(dir, "push.p12"), "not a certificate");
    const registered: pulumi.runtime.MockResourceArgs[] = [];
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push(args);
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => {
          if (args.token === "tenant:index:getEventStreams") return { eventStreams: [] };
          if (args.token === "tenant:index:getPhoneTemplates") return { templates: [] };
          throw new Error(`${program.origin}: unexpected call ${args.token}`);
        },
      },
      PROJECT,
      "readme",
      false,
    );
    const keys = requiredConfigKeys(source);
    pulumi.runtime.setAllConfig(Object.fromEntries(keys.map((key) => [`${PROJECT}:${key}`, "{}"])), keys.map((key) => `${PROJECT}:${key}`));
    // The example reads its files (`push.p12`) from where it runs.
    process.chdir(dir);
    try {
      await import(path.join(dir, "index.ts"));
      await pulumi.runtime.disconnect();
    } finally {
      process.chdir(home);
    }
    const resources = registered.flatMap((args) => {
      const declared = declaredResource({
        type: args.type,
        name: args.name,
        urn: `urn:pulumi:readme::${PROJECT}::${args.type}::${args.name}`,
        properties: args.inputs,
        providerUrn: providerUrnOf(args.provider),
      });
      return declared ? [declared] : [];
    });
    examples.push({ origin: program.origin, resources });
  }
  return examples;
}

interface YamlProgram {
  resources?: Record<string, { type?: string; properties?: Record<string, unknown>; options?: { provider?: string } }>;
}

/** A value the YAML program computes (`${…}`) is not known before it runs. */
function yamlValue(value: unknown): unknown {
  if (typeof value === "string") return value.includes("${") ? UNKNOWN_WIRE : value;
  if (Array.isArray(value)) return value.map(yamlValue);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, yamlValue(inner)]));
  return value;
}

/** Each whole YAML program of `readme` (a block with `runtime: yaml`) by the resources it declares. */
export function yamlExampleDeclarations(readme: string): ExampleDeclarations[] {
  const lines = readme.split("\n");
  return readmeFencedBlocks(readme, "yaml")
    .filter((block) => /^runtime: yaml$/m.test(block))
    .map((block) => {
      const program = parseYaml(block) as YamlProgram;
      const origin = `README.md:${lines.indexOf(block.split("\n")[0]) + 1}`;
      const resources = Object.entries(program.resources ?? {}).flatMap(([name, resource]) => {
        const declared = declaredResource({
          type: resource.type ?? "",
          name,
          urn: `urn:pulumi:readme::tenant-yaml::${resource.type}::${name}`,
          properties: yamlValue(resource.properties ?? {}),
          providerUrn: resource.options?.provider,
        });
        return declared ? [declared] : [];
      });
      return { origin, resources };
    });
}
