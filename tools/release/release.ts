/**
 * `npm run release`: builds the package and the pinned Pulumi CLI (reused when current), then writes every release
 * artifact of this machine's platform into release/ (git-ignored) and refreshes the committed Go SDK in sdk/go.
 * The release workflow runs the same command on each platform's runner; CI runs it too (test/e2e/release/).
 *
 *   npm run release [-- --built] [--out <dir>] [--go-sdk <dir>]
 *
 *   --built        dist/ is built and current: skip `npm run build` (the tests, which load dist/ meanwhile)
 *   --out DIR      where the archive, the npm tarball and the wheel go (default release/)
 *   --go-sdk DIR   where the Go SDK's code goes (default sdk/go)
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ensurePulumiCli } from "../pulumi-cli/build";
import { REPO_ROOT } from "../stacks/packageLink";
import { writeRelease } from "./artifacts";
import { currentPlatform } from "./platform";
import { COMMITTED_GO_SDK } from "./sdks";

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a folder`);
  return path.resolve(value);
}

async function main(args: string[]): Promise<void> {
  const known = new Set(["--built", "--out", "--go-sdk"]);
  const unknown = args.filter((arg, index) => arg.startsWith("--") && !known.has(arg) && !known.has(args[index - 1]));
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(", ")}; see tools/release/release.ts`);
  if (!args.includes("--built")) execFileSync("npm", ["run", "build"], { cwd: REPO_ROOT, stdio: "inherit", shell: process.platform === "win32" });
  const cli = await ensurePulumiCli();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-release-"));
  const release = await writeRelease({
    cli,
    platform: currentPlatform(),
    outDir: option(args, "--out") ?? path.join(REPO_ROOT, "release"),
    goSdkDir: option(args, "--go-sdk") ?? COMMITTED_GO_SDK,
    workDir,
  }).finally(() => fs.rmSync(workDir, { recursive: true, force: true }));
  // One line per artifact, for the workflow's log (and its upload step, which takes the folder).
  for (const file of [release.archive, release.npmTarball, release.wheel]) console.log(path.relative(process.cwd(), file));
  console.log(`${path.relative(process.cwd(), release.goSdkDir)}/ (Go SDK, v${release.version})`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`npm run release: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
