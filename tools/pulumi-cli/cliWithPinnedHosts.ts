/**
 * TEST TOOL — another `pulumi` (a newer release, built by hand) run with the pinned build's language hosts and
 * launchers. The CLI looks for its language hosts beside its own executable, as Pulumi's installer lays them out (and
 * warns when it takes one from PATH), so the other CLI is placed in a folder of its own under `.tmp/` (a hard link, or
 * a copy across file systems) with links to what sits beside the pinned one: the YAML host, this module's stand-ins
 * for Node.js (policy packs), Python and Go, and the dynamic-provider launcher.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { PulumiCli } from "./build";
import { requirePulumiCli } from "./driver/engine";

const REPO_ROOT = path.resolve(__dirname, "..", "..");

function versionOf(bin: string): string {
  const result = spawnSync(bin, ["version"], { encoding: "utf8", env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" } });
  if (result.status !== 0) throw new Error(`${bin} version failed: ${result.stderr || result.error?.message}`);
  return result.stdout.trim();
}

/** `bin` as a CLI whose folder holds the pinned build's hosts; the same folder is reused while `bin` is unchanged. */
export function cliWithPinnedHosts(bin: string): PulumiCli {
  const pinned = requirePulumiCli();
  const version = versionOf(bin);
  const folder = path.join(REPO_ROOT, ".tmp", `pulumi-cli-${version}`, "bin");
  fs.mkdirSync(folder, { recursive: true });
  const placed = path.join(folder, "pulumi");
  const source = fs.statSync(bin);
  const current = fs.existsSync(placed) ? fs.statSync(placed) : undefined;
  if (!current || current.size !== source.size || current.mtimeMs < source.mtimeMs) {
    fs.rmSync(placed, { force: true });
    try {
      fs.linkSync(bin, placed);
    } catch {
      fs.copyFileSync(bin, placed);
      fs.chmodSync(placed, 0o755);
    }
  }
  const pinnedFolder = path.dirname(pinned.bin);
  for (const name of fs.readdirSync(pinnedFolder)) {
    if (name === "pulumi" || name.startsWith(".")) continue;
    const link = path.join(folder, name);
    fs.rmSync(link, { force: true });
    fs.symlinkSync(path.join(pinnedFolder, name), link);
  }
  return { bin: placed, version, source: "path" };
}
