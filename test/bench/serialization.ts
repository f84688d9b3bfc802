/**
 * Serialized providers as dynamic.Resource produces them, measured in a plain `node` child process
 * (fixtures/serialize.js): tsx would transform dist/ on load and change the very text being measured.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../tools/stacks/packageLink";

const run = promisify(execFile);
const SERIALIZE_SCRIPT = path.join(__dirname, "fixtures", "serialize.js");

export interface Serialized {
  bytes?: number;
  containsSecrets?: boolean;
  /** The naive providers' sentinel client secret appears in the text as plain text. */
  secretInText?: boolean;
  requires?: string[];
  /** Captured `require("…")` specifiers the package root cannot resolve (the text would fail to load). */
  unresolvable?: string[];
  text?: string;
  /** The serializer's own error, when the provider cannot be serialized at all. */
  error?: string;
  ms: number;
}

export interface SerializationReport {
  shims?: (Serialized & { name: string })[];
  null?: Serialized;
  naive?: (Serialized & { flavour: "instance" | "module"; resource: string })[];
}

/** Runs the serializer with `root` as the consumer project (its node_modules provides both packages). */
export async function serializeProviders(root: string, what: ("shims" | "null" | "naive")[]): Promise<SerializationReport> {
  const { stdout } = await run(process.execPath, [SERIALIZE_SCRIPT, root, what.join(",")], {
    cwd: root,
    env: { ...process.env, NODE_NO_WARNINGS: "1" },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return JSON.parse(stdout) as SerializationReport;
}

/**
 * A consumer project with pulumi-tenant installed as a COPY (package.json + dist/), as `npm install` leaves it:
 * the closure serializer treats code under node_modules differently from the repository's self-link.
 * Dependencies are linked to the repository's copies. Returns the project root and a cleanup.
 */
export function installedCopy(): { root: string; dispose(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-install-"));
  const modules = path.join(root, "node_modules");
  const packageDir = path.join(modules, "pulumi-tenant");
  fs.mkdirSync(path.join(modules, "@pulumi"), { recursive: true });
  fs.mkdirSync(packageDir);
  fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(packageDir, "package.json"));
  fs.cpSync(path.join(REPO_ROOT, "dist"), path.join(packageDir, "dist"), { recursive: true });
  for (const dependency of ["undici", "zod", "@pulumi/pulumi"]) {
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", dependency), path.join(modules, dependency), "dir");
  }
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "bench-consumer", private: true }));
  return { root, dispose: () => fs.rmSync(root, { recursive: true, force: true }) };
}
