/**
 * Where the running package came from, so the exported project's `package.json` names what `npm install` can fetch
 * again: the tarball it was installed from (`npm install ./pulumi-tenant-0.1.0.tgz`), the registry version, or the
 * URL npm resolved. npm records that in the lockfile of the folder holding `node_modules` (the hidden
 * `node_modules/.package-lock.json`, in a project, a global prefix or npx's cache alike, else `package-lock.json`).
 * A copy npm cannot fetch again — a clone of the repository, a linked folder — gives no dependency: the report then
 * says how to install it.
 */
import * as fs from "node:fs";
import * as path from "node:path";

export type InstallSource =
  /** A tarball file (absolute path). */
  | { kind: "tarball"; file: string }
  /** The registry, at this version. */
  | { kind: "registry"; version: string }
  /** A URL npm resolved (a tarball on a server, a git repository), as npm wrote it. */
  | { kind: "url"; url: string }
  /** Nothing npm can fetch again: the folder the package runs from. */
  | { kind: "folder"; folder: string };

interface LockEntry {
  resolved?: string;
  link?: boolean;
}

function lockEntry(projectRoot: string, name: string): LockEntry | undefined {
  for (const file of [path.join(projectRoot, "node_modules", ".package-lock.json"), path.join(projectRoot, "package-lock.json")]) {
    try {
      const lock = JSON.parse(fs.readFileSync(file, "utf8")) as { packages?: Record<string, LockEntry> };
      const entry = lock.packages?.[`node_modules/${name}`];
      if (entry) return entry;
    } catch {
      // No such lockfile, or not one npm wrote: the next, else no source.
    }
  }
  return undefined;
}

/** How the package `name` at `version` in `packageRoot` was installed, read from the lockfile beside it. */
export function installSource(packageRoot: string, name: string, version: string): InstallSource {
  const folder = fs.realpathSync(packageRoot);
  const nameParts = name.split("/").length;
  const modules = path.resolve(folder, ...Array<string>(nameParts).fill(".."));
  if (path.basename(modules) !== "node_modules") return { kind: "folder", folder };
  const projectRoot = path.dirname(modules);
  const entry = lockEntry(projectRoot, name);
  const resolved = entry?.resolved;
  if (!resolved || entry.link) return { kind: "folder", folder };
  if (resolved.startsWith("file:")) {
    const file = path.resolve(projectRoot, resolved.slice("file:".length));
    return /\.(tgz|tar\.gz)$/.test(file) ? { kind: "tarball", file } : { kind: "folder", folder };
  }
  const registryTarball = `/${name}/-/${name.split("/").pop()}-${version}.tgz`;
  if (/^https?:\/\//.test(resolved) && new URL(resolved).pathname.endsWith(registryTarball)) return { kind: "registry", version };
  return { kind: "url", url: resolved };
}

/** The `dependencies` entry of a project in `projectFolder` that installs this source, if npm can fetch it. */
export function dependencySpec(source: InstallSource, projectFolder: string): string | undefined {
  switch (source.kind) {
    case "tarball":
      return `file:${path.relative(projectFolder, source.file).split(path.sep).join("/")}`;
    case "registry":
      return source.version;
    case "url":
      return source.url;
    case "folder":
      return undefined;
  }
}
