/**
 * What the benchmarks need around serialized providers and installed copies: the cold-start benchmark's null
 * provider, serialized as dynamic.Resource does it in a plain `node` child process (fixtures/serialize.js; tsx would
 * transform the function and change its text), and a consumer project holding an installed copy of the package.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../tools/stacks/packageLink";

const run = promisify(execFile);
const SERIALIZE_SCRIPT = path.join(__dirname, "fixtures", "serialize.js");

/** The `__provider` text of the null provider (fixtures/nullProvider.js), as dynamic.Resource would store it. */
export async function serializedNullProvider(root: string = REPO_ROOT): Promise<string> {
  const { stdout } = await run(process.execPath, [SERIALIZE_SCRIPT, root], {
    cwd: root,
    env: { ...process.env, NODE_NO_WARNINGS: "1" },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  });
  return (JSON.parse(stdout) as { text: string }).text;
}

/**
 * A consumer project with pulumi-tenant installed as a COPY (package.json + dist/), as `npm install` leaves it, its
 * dependencies linked to the repository's copies. Returns the project root and a cleanup.
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
