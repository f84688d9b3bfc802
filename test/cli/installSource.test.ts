// Where `pulumi-tenant export` finds how the running package was installed, so the exported package.json names what
// npm can fetch again: the lockfile entry npm wrote beside node_modules (its hidden lockfile first), read for a
// tarball, the registry, another URL; a linked folder or a copy outside node_modules (a clone) gives none. The
// layouts are the ones npm writes (a project that ran `npm install ../pulumi-tenant-0.1.0.tgz` is the end-to-end
// case, test/e2e/exportRoundTrip.test.ts).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dependencySpec, installSource } from "../../provider/cli/installSource";

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-install-source-")));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A project `name` whose node_modules holds the package, its lockfile entry `entry` (hidden lockfile or the project's). */
function installed(name: string, entry: Record<string, unknown> | undefined, lockfile: "hidden" | "project" = "hidden"): string {
  const project = path.join(root, name);
  const packageRoot = path.join(project, "node_modules", "pulumi-tenant");
  fs.mkdirSync(packageRoot, { recursive: true });
  if (entry) {
    const file = lockfile === "hidden" ? path.join(project, "node_modules", ".package-lock.json") : path.join(project, "package-lock.json");
    fs.writeFileSync(file, JSON.stringify({ name, lockfileVersion: 3, packages: { "node_modules/pulumi-tenant": { version: "0.1.0", ...entry } } }));
  }
  return packageRoot;
}

describe("the install source", () => {
  it("a tarball: its file, named in package.json relative to the exported folder", () => {
    const packageRoot = installed("from-tarball", { resolved: "file:../pulumi-tenant-0.1.0.tgz" });
    const source = installSource(packageRoot, "pulumi-tenant", "0.1.0");
    expect(source).toEqual({ kind: "tarball", file: path.join(root, "pulumi-tenant-0.1.0.tgz") });
    expect(dependencySpec(source, path.join(root, "from-tarball", "my-tenant"))).toBe("file:../../pulumi-tenant-0.1.0.tgz");
  });

  it("the registry: the version; another URL or git: as npm resolved it; the project's lockfile when no hidden one", () => {
    const registry = installed("from-registry", { resolved: "https://registry.npmjs.org/pulumi-tenant/-/pulumi-tenant-0.1.0.tgz" });
    expect(dependencySpec(installSource(registry, "pulumi-tenant", "0.1.0"), root)).toBe("0.1.0");
    const server = installed("from-server", { resolved: "https://example.com/builds/pulumi-tenant-0.1.0.tgz" }, "project");
    expect(dependencySpec(installSource(server, "pulumi-tenant", "0.1.0"), root)).toBe("https://example.com/builds/pulumi-tenant-0.1.0.tgz");
    const git = installed("from-git", { resolved: "git+ssh://git@github.com/pulumi-tenant/pulumi-tenant.git#0123abc" });
    expect(dependencySpec(installSource(git, "pulumi-tenant", "0.1.0"), root)).toBe("git+ssh://git@github.com/pulumi-tenant/pulumi-tenant.git#0123abc");
  });

  it("a linked folder, a copy npm recorded nothing of, or one outside node_modules: none, naming the folder", () => {
    const linked = installed("linked", { resolved: "../pulumi-tenant", link: true });
    expect(installSource(linked, "pulumi-tenant", "0.1.0")).toEqual({ kind: "folder", folder: linked });
    const unrecorded = installed("unrecorded", undefined);
    expect(installSource(unrecorded, "pulumi-tenant", "0.1.0")).toEqual({ kind: "folder", folder: unrecorded });
    const clone = path.join(root, "clone");
    fs.mkdirSync(clone);
    const source = installSource(clone, "pulumi-tenant", "0.1.0");
    expect(source).toEqual({ kind: "folder", folder: clone });
    expect(dependencySpec(source, root)).toBeUndefined();
  });
});
