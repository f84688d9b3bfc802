/**
 * Everything a release ships, written from a built package (dist/) by the pinned CLI and this machine's node:
 *
 *   <out>/pulumi-resource-tenant-v<version>-<os>-<arch>.tar.gz   the plugin executable at the archive's root, nothing
 *                                                                else (a PulumiPlugin.yaml would make `plugin install`
 *                                                                install dependencies through the Node.js host)
 *   <out>/pulumi-tenant-<version>.tgz                            the npm package (`npm pack`)
 *   <out>/pulumi_tenant-<version>-py3-none-any.whl               the Python SDK
 *   <goSdk>                                                      the Go SDK's code (sdk/go in the repository)
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { PulumiCli } from "../pulumi-cli/build";
import { REPO_ROOT } from "../stacks/packageLink";
import { buildExecutable } from "./executable";
import { archiveName, executableName, type Platform } from "./platform";
import { buildWheel, generateSdks, placeGoSdk } from "./sdks";

export interface ReleaseOptions {
  cli: PulumiCli;
  platform: Platform;
  /** Emptied first, then holds the archive, the npm tarball and the wheel. */
  outDir: string;
  /** Where the Go SDK's generated code goes (replaced whole). */
  goSdkDir: string;
  /** Scratch space (the bundle, the SEA blob, the generated SDKs). */
  workDir: string;
  log?: (line: string) => void;
}

export interface Release {
  version: string;
  archive: string;
  npmTarball: string;
  wheel: string;
  goSdkDir: string;
  /** Wall time of each step, for the report. */
  stepsMs: Record<string, number>;
}

export const packageVersion = (): string => (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

/** A gzip tarball of `file` alone, at the archive's root. */
function archiveOf(file: string, archive: string): void {
  execFileSync("tar", ["-czf", archive, "-C", path.dirname(file), path.basename(file)], { stdio: ["ignore", "pipe", "pipe"] });
}

export async function writeRelease(opts: ReleaseOptions): Promise<Release> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const version = packageVersion();
  const stepsMs: Record<string, number> = {};
  const step = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    stepsMs[name] = Math.round(performance.now() - started);
    log(`release: ${name} (${(stepsMs[name] / 1000).toFixed(1)} s)`);
    return result;
  };
  fs.rmSync(opts.outDir, { recursive: true, force: true });
  fs.mkdirSync(opts.outDir, { recursive: true });

  const archive = await step("plugin executable and archive", async () => {
    const executableDir = path.join(opts.workDir, "executable");
    const { file } = await buildExecutable(executableDir, opts.platform, path.join(opts.workDir, "sea"));
    if (path.basename(file) !== executableName(opts.platform)) throw new Error(`unexpected executable name ${file}`);
    const target = path.join(opts.outDir, archiveName(version, opts.platform));
    archiveOf(file, target);
    return target;
  });
  const npmTarball = await step("npm package", () => {
    // dist/ is built already: packing must not rebuild it under suites that are loading it.
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", opts.outDir], { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" }),
    ) as { filename: string }[];
    return path.join(opts.outDir, packed[0].filename);
  });
  const sdks = path.join(opts.workDir, "sdks");
  await step("gen-sdk python and go", () => generateSdks(opts.cli, ["python", "go"], sdks));
  const wheel = await step("Python wheel", () => buildWheel(sdks, opts.outDir));
  await step("Go SDK", () => placeGoSdk(sdks, opts.goSdkDir));
  return { version, archive, npmTarball, wheel, goSdkDir: opts.goSdkDir, stepsMs };
}
