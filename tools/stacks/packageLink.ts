import { createHash } from "node:crypto";
import { mkdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

/** The repository root (this file is tools/stacks/packageLink.ts). */
export const REPO_ROOT = resolve(__dirname, "..", "..");

/**
 * Programs and dynamic-provider hosts run as child processes and load `pulumi-tenant` by name, as they do in a
 * user's project, where npm installed it. Code inside this repository finds it by the package's own name (Node
 * resolves a package's self-reference through its `exports`), but a host's serialized provider is evaluated with
 * no file of its own, so it searches from its working directory, then NODE_PATH. This folder, made once per
 * checkout outside the repository, holds one entry: `pulumi-tenant`, a link to this checkout. Nothing is linked
 * into node_modules, which npm prunes on install.
 */
export function packageLinkFolder(): string {
  const digest = createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 12);
  const folder = join(tmpdir(), `pulumi-tenant-package-link-${digest}`);
  const link = join(folder, "pulumi-tenant");
  if (linkTarget(link) !== REPO_ROOT) {
    mkdirSync(folder, { recursive: true });
    // Made beside it and renamed over it, so concurrent suites never see a missing or half-made link.
    const temporary = `${link}.${process.pid}.tmp`;
    rmSync(temporary, { force: true });
    symlinkSync(REPO_ROOT, temporary, "dir");
    renameSync(temporary, link);
  }
  return folder;
}

function linkTarget(link: string): string | undefined {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/** Environment for a program, host or engine process that must find this checkout as `pulumi-tenant`. */
export function packageLookupEnv(env: NodeJS.ProcessEnv = process.env): { NODE_PATH: string } {
  const folder = packageLinkFolder();
  const others = (env.NODE_PATH ?? "").split(delimiter).filter((entry) => entry !== "" && entry !== folder);
  return { NODE_PATH: [folder, ...others].join(delimiter) };
}
