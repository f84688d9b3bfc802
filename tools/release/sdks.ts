/**
 * The SDKs of the release, from the schema the build writes (dist/schema.json, what the plugin's GetSchema answers)
 * through the pinned CLI's `pulumi package gen-sdk`: the Python SDK built into a wheel with PyPA's `build`, and the
 * Go SDK's code, which the repository keeps under sdk/go (its module, sdk/go.mod, is written by hand: gen-sdk writes
 * none). .NET and Java are not generated here: their generators (pulumi-dotnet, pulumi-java) are language hosts this
 * machine's module proxy does not serve.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { PulumiCli } from "../pulumi-cli/build";
import { pulumiCliEnv } from "../pulumi-cli/pulumi";
import { REPO_ROOT } from "../stacks/packageLink";

const SCHEMA = path.join(REPO_ROOT, "dist", "schema.json");
const BUILD_TIMEOUT_MS = 600_000;

/** The folder the committed Go SDK's code lives in: the module is sdk/, its one package sdk/go/tenant. */
export const COMMITTED_GO_SDK = path.join(REPO_ROOT, "sdk", "go");

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: BUILD_TIMEOUT_MS });
}

/**
 * `gen-sdk` for each language into `<out>/<language>`. Run from a folder of its own: the CLI reads a Pulumi.yaml of
 * the working folder or any parent, and the repository has one (beside PulumiPlugin.yaml, which it refuses).
 */
export function generateSdks(cli: PulumiCli, languages: readonly string[], out: string): void {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-gen-sdk-"));
  try {
    const env = pulumiCliEnv(cli, { ...process.env, PULUMI_HOME: path.join(cwd, "home") });
    for (const language of languages) run(cli.bin, ["package", "gen-sdk", SCHEMA, "--language", language, "-o", out], cwd, env);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

/** A virtual environment holding PyPA's `build` (from PyPI), made once per checkout under .tmp/. */
function pythonBuilder(): string {
  const venv = path.join(REPO_ROOT, ".tmp", "release-python");
  const python = path.join(venv, process.platform === "win32" ? "Scripts" : "bin", process.platform === "win32" ? "python.exe" : "python");
  if (!fs.existsSync(python)) run(process.platform === "win32" ? "python" : "python3", ["-m", "venv", venv], REPO_ROOT);
  run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "build"], REPO_ROOT);
  return python;
}

/** Builds the generated Python SDK (`<sdks>/python`) into a wheel in `outDir`; returns its path. */
export function buildWheel(sdks: string, outDir: string): string {
  const before = new Set(fs.readdirSync(outDir));
  run(pythonBuilder(), ["-m", "build", "--wheel", "--outdir", outDir, path.join(sdks, "python")], REPO_ROOT);
  const wheels = fs.readdirSync(outDir).filter((name) => name.endsWith(".whl") && !before.has(name));
  if (wheels.length !== 1) throw new Error(`python -m build wrote ${wheels.length} wheels into ${outDir}, expected one`);
  return path.join(outDir, wheels[0]);
}

/** Replaces `target` (the Go SDK's code folder) with what gen-sdk wrote (`<sdks>/go`). */
export function placeGoSdk(sdks: string, target: string): void {
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(path.join(sdks, "go"), target, { recursive: true });
}

/** Every file under `dir`, as sorted relative paths with forward slashes. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The files that differ between two Go SDK folders (added, removed or changed): empty when they are the same. */
export function goSdkDifferences(committed: string, regenerated: string): string[] {
  const [left, right] = [filesUnder(committed), filesUnder(regenerated)];
  const all = [...new Set([...left, ...right])].sort();
  return all.filter((file) => {
    if (!left.includes(file)) return true;
    if (!right.includes(file)) return true;
    return !fs.readFileSync(path.join(committed, file)).equals(fs.readFileSync(path.join(regenerated, file)));
  });
}
