/**
 * Reads Pulumi.yaml the way the CLI and the Node.js language host do: project name, where the program lives
 * (`main`), runtime options and the plugins it names; and stack config keys as `pulumi config set` qualifies them.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { pulumiSdk } from "./sdk";

export interface ProjectInfo {
  name: string;
  rootDir: string;
  /** Directory the program runs in (`--pwd`). */
  programDir: string;
  /** A file name inside programDir, or "." (then package.json's exports/main decides, as in `cmd/run`). */
  entryPoint: string;
  typescript: boolean;
  tsconfig?: string;
  nodeargs: string[];
  /** Native resource plugins by package name: the executable `pulumi-resource-<name>` in each `plugins.providers[].path`. */
  plugins: Record<string, string>;
}

export type StackConfig = Record<string, { value: string; secret?: boolean }>;

interface PulumiYaml {
  name?: unknown;
  main?: unknown;
  runtime?: unknown;
  plugins?: { providers?: { name?: unknown; path?: unknown }[] };
}

/** `plugins.providers[]`: each path (relative to the project) is a folder holding `pulumi-resource-<name>`. */
function pluginExecutables(doc: PulumiYaml, rootDir: string, file: string): Record<string, string> {
  const plugins: Record<string, string> = {};
  for (const entry of doc.plugins?.providers ?? []) {
    if (typeof entry.name !== "string" || typeof entry.path !== "string") throw new Error(`${file}: plugins.providers entries need a name and a path`);
    const folder = path.resolve(rootDir, entry.path);
    if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new Error(`${file}: the path of plugin "${entry.name}" must be a folder: ${folder}`);
    plugins[entry.name] = path.join(folder, `pulumi-resource-${entry.name}`);
  }
  return plugins;
}

function readPulumiYaml(projectDir: string): { rootDir: string; file: string; doc: PulumiYaml & { name: string } } {
  const rootDir = path.resolve(projectDir);
  const file = ["Pulumi.yaml", "Pulumi.yml"].map((name) => path.join(rootDir, name)).find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`no Pulumi.yaml in ${rootDir}`);
  const yaml = createRequire(path.join(pulumiSdk().dir, "package.json"))("js-yaml") as { load(text: string): unknown };
  const doc = (yaml.load(fs.readFileSync(file, "utf8")) ?? {}) as PulumiYaml;
  if (typeof doc.name !== "string" || !doc.name) throw new Error(`${file}: "name" is required`);
  return { rootDir, file, doc: doc as PulumiYaml & { name: string } };
}

/** The project's name, whatever its runtime. */
export function readProjectName(projectDir: string): string {
  return readPulumiYaml(projectDir).doc.name;
}

export function readProject(projectDir: string): ProjectInfo {
  const { rootDir, file, doc } = readPulumiYaml(projectDir);
  const runtime = typeof doc.runtime === "string" ? { name: doc.runtime } : ((doc.runtime ?? {}) as { name?: unknown; options?: Record<string, unknown> });
  if (runtime.name !== "nodejs") throw new Error(`${file}: runtime must be nodejs, got ${JSON.stringify(runtime.name)}`);
  const options = runtime.options ?? {};

  // Like ProgramInfo: a directory main runs as ".", a file main runs by its base name from its directory.
  let programDir = rootDir;
  let entryPoint = ".";
  if (typeof doc.main === "string" && doc.main) {
    const mainPath = path.resolve(rootDir, doc.main);
    if (fs.existsSync(mainPath) && fs.statSync(mainPath).isDirectory()) {
      programDir = mainPath;
    } else {
      programDir = path.dirname(mainPath);
      entryPoint = path.basename(mainPath);
    }
  }
  return {
    name: doc.name,
    rootDir,
    programDir,
    entryPoint,
    typescript: options.typescript !== false,
    tsconfig: typeof options.tsconfig === "string" ? options.tsconfig : undefined,
    nodeargs: typeof options.nodeargs === "string" ? options.nodeargs.split(/\s+/).filter(Boolean) : [],
    plugins: pluginExecutables(doc, rootDir, file),
  };
}

/** Config keys without a namespace belong to the project, as with `pulumi config set`. */
export function qualifiedConfig(config: StackConfig, project: string): StackConfig {
  const qualified: StackConfig = {};
  for (const [key, entry] of Object.entries(config)) qualified[key.includes(":") ? key : `${project}:${key}`] = entry;
  return qualified;
}
