/**
 * The built package as a consumer sees it: `dist/` loaded through Node's own `require` (createRequire,
 * not vitest's transform, which would change what the closure serializer captures), resolved by the
 * package's name, and serialized exactly as `dynamic.Resource` does it.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as PulumiModule from "@pulumi/pulumi";
import { RESOURCES, type ResourceModule } from "../../provider/resources/registry";
import type * as ShimModule from "../../provider/resources/shim";

export const REPO_ROOT = path.resolve(__dirname, "../..");

export const requireFromRepo = createRequire(path.join(REPO_ROOT, "package.json"));

export type ShimName = keyof typeof ShimModule;

/**
 * The frozen shim module's exports: only the resources that existed before the short provider texts have one
 * (their recorded `__provider` texts must keep working); resources added since need none.
 */
const SHIMMED_MODULES = ["pushProviderSelection", "phoneProvider", "enrollmentTicket"] as const satisfies readonly ResourceModule[];

function shimNameOf(module: (typeof SHIMMED_MODULES)[number]): ShimName {
  return `${module}Shim`;
}

export const SHIM_NAMES: readonly ShimName[] = SHIMMED_MODULES.map(shimNameOf);

/** The registered resource a shim serves (its folder under dist/resources/). */
export function moduleOfShim(shim: ShimName): ResourceModule {
  const found = SHIMMED_MODULES.find((module) => shimNameOf(module) === shim);
  if (!found || !RESOURCES.some((resource) => resource.module === found)) throw new Error(`${shim} belongs to no registered resource`);
  return found;
}

/** Fails with instructions when dist/ is missing or older than any source file it is built from. */
export function assertDistIsFresh(): void {
  const sourceRoot = path.join(REPO_ROOT, "provider");
  const stale: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // provider/build/ is build tooling, not compiled into dist/.
      if (entry.isDirectory()) {
        if (full !== path.join(sourceRoot, "build")) visit(full);
      }
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
        const built = path.join(REPO_ROOT, "dist", path.relative(sourceRoot, full)).replace(/\.ts$/, ".js");
        if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < fs.statSync(full).mtimeMs) stale.push(path.relative(REPO_ROOT, full));
      }
    }
  };
  visit(sourceRoot);
  if (stale.length > 0) {
    throw new Error(`dist/ is missing or older than ${stale.slice(0, 5).join(", ")}${stale.length > 5 ? ", …" : ""}: run "npm run build" first.`);
  }
}

/** The consumer's @pulumi/pulumi (the one dist/ requires). */
export function pulumiFromRepo(): typeof PulumiModule {
  return requireFromRepo("@pulumi/pulumi") as typeof PulumiModule;
}

/** The built shims, loaded by package name like the host loads the handlers. */
export function builtShims(): typeof ShimModule {
  return requireFromRepo("pulumi-tenant/dist/resources/shim") as typeof ShimModule;
}

/** `__provider` text for a shim, produced the way dynamic.Resource produces it. */
export async function serializedProvider(name: ShimName): Promise<{ text: string; containsSecrets: boolean }> {
  const pulumi = pulumiFromRepo();
  const provider = builtShims()[name];
  return pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
}
