/**
 * The files of the exported project beside `index.ts`: `Pulumi.yaml`, `package.json` (this package as npm can install
 * it again, see installSource.ts; `@pulumi/pulumi` at its peer range), Pulumi's template `tsconfig.json`, and
 * `import.json` for `pulumi import --file` with the native plugin. Each a pure function of the plan and these facts,
 * so the same tenant gives the same bytes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { isImportable } from "../resources/common/definition";
import { tokenOf } from "../plugin/schema";
import type { ExportPlan } from "./exportPlan";

export interface PackageFacts {
  name: string;
  version: string;
  /** The range `@pulumi/pulumi` must be in. */
  pulumiRange: string;
  /** The folder of this package's manifest. */
  root: string;
}

/** This package's manifest: beside dist/ when installed, beside provider/ in a checkout. */
export function packageFacts(): PackageFacts {
  const root = path.join(__dirname, "..", "..");
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    name: string;
    version: string;
    peerDependencies: Record<string, string>;
  };
  return { name: manifest.name, version: manifest.version, pulumiRange: manifest.peerDependencies["@pulumi/pulumi"], root };
}

/** A Pulumi project name: letters, digits, `-`, `_` and `.`, at most 100 characters. */
export const PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** The default project name: the tenant's host, any other character (the port's colon) made a `-`. */
export function projectNameOf(host: string): string {
  return host.toLowerCase().replace(/[^a-z0-9_.-]+/g, "-").slice(0, 100);
}

/** Pulumi's TypeScript template's compiler options, as the README's "A first program" shows them. */
const TEMPLATE_TSCONFIG = {
  compilerOptions: {
    strict: true,
    outDir: "bin",
    target: "es2020",
    module: "nodenext",
    moduleResolution: "nodenext",
    sourceMap: true,
    experimentalDecorators: true,
    pretty: true,
    noFallthroughCasesInSwitch: true,
    noImplicitReturns: true,
    forceConsistentCasingInFileNames: true,
  },
  files: ["index.ts"],
};

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export function pulumiYaml(projectName: string, host: string, facts: PackageFacts): string {
  // Double-quoted scalars: a name such as "123" must stay a string.
  return [
    `name: ${JSON.stringify(projectName)}`,
    "runtime: nodejs",
    `description: ${JSON.stringify(`The tenant ${host}, exported by ${facts.name} ${facts.version}`)}`,
    "",
  ].join("\n");
}

/** `spec`: how npm installs this package again (installSource.ts); without one, the project names it not. */
export function packageJson(projectName: string, facts: PackageFacts, spec: string | undefined): string {
  return json({
    name: projectName.toLowerCase().replace(/^[._]+/, ""),
    private: true,
    main: "index.ts",
    devDependencies: { "@types/node": "^20", typescript: "^5.0.0" },
    dependencies: { "@pulumi/pulumi": facts.pulumiRange, ...(spec === undefined ? {} : { [facts.name]: spec }) },
  });
}

export const tsconfigJson = (): string => json(TEMPLATE_TSCONFIG);

/** Every declared resource the native plugin can import, by the same names as in index.ts. */
export function importJson(plan: ExportPlan): string {
  const resources = plan.declarations
    .filter((declaration) => isImportable(declaration.definition))
    .map((declaration) => ({ type: tokenOf(declaration.definition.name), name: declaration.name, id: declaration.id }));
  return json({ resources });
}
