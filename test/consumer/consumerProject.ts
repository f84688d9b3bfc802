/**
 * A user's project around the published package: the built package packed with `npm pack` (scripts off, so `dist/`
 * is never rebuilt under other suites) and installed as a copy into a fresh folder with @pulumi/pulumi, TypeScript,
 * @types/node and vitest (the README's test example uses it), at this repository's versions so the npm cache
 * usually serves them; then `tsc --noEmit` under the tsconfig of Pulumi's TypeScript template, old or current.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../resources/dist";

export const INSTALL_TIMEOUT_MS = 300_000;
/** A full tsc over @pulumi/pulumi's typings takes most of a minute on a busy two-core machine. */
export const TYPECHECK_TIMEOUT_MS = 240_000;

/** The settings of Pulumi's TypeScript template until 2026, which most existing projects still carry. */
export const COMMONJS_TEMPLATE = {
  strict: true,
  outDir: "bin",
  target: "es2020",
  module: "commonjs",
  moduleResolution: "node",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
};

/** The current template: the same, with Node's own module resolution. */
export const NODENEXT_TEMPLATE = { ...COMMONJS_TEMPLATE, module: "nodenext", moduleResolution: "nodenext" };

export const TEMPLATES = [
  ["the older commonjs/node template", COMMONJS_TEMPLATE],
  ["the current nodenext template", NODENEXT_TEMPLATE],
] as const;

export interface Diagnostic {
  /** Relative to the project, with forward slashes. */
  file: string;
  line: number;
  text: string;
}

function installedVersion(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: INSTALL_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
}

/** Packs the built package and installs it, with what a TypeScript project of Pulumi's template has, in a new folder. */
export function installConsumerProject(): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-consumer-"));
  const packed = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", project], REPO_ROOT);
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, main: "index.ts" }));
  run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      ...["@pulumi/pulumi", "typescript", "@types/node", "vitest"].map((name) => `${name}@${installedVersion(name)}`),
      `./${filename}`,
    ],
    project,
  );
  return project;
}

/** Writes a file of the project, making its folders. */
export function writeProjectFile(project: string, relative: string, text: string): void {
  const file = path.join(project, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Runs the project's own tsc over `files` under the given settings and parses its diagnostics. */
export function typecheck(project: string, compilerOptions: object, files: readonly string[]): Diagnostic[] {
  const tsconfig = path.join(project, "tsconfig.json");
  fs.writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { ...compilerOptions, pretty: false }, files }));
  let output = "";
  try {
    output = run(process.execPath, [path.join(project, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", tsconfig], project);
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split("\n")) {
    const match = /^(.+?)\((\d+),\d+\): error (.*)$/.exec(line);
    if (match) diagnostics.push({ file: match[1].replace(/\\/g, "/"), line: Number(match[2]), text: match[3] });
    // Indented lines continue the previous diagnostic (the overload and assignability details).
    else if (/^\s/.test(line) && diagnostics.length > 0) diagnostics[diagnostics.length - 1].text += `\n${line.trim()}`;
  }
  return diagnostics;
}
