import { lstatSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** The repository root (this file is tools/stacks/selfLink.ts). */
export const REPO_ROOT = join(__dirname, "..", "..");

/**
 * The dynamic-provider host resolves `require("pulumi-tenant/dist/…")` from the project directory, as it
 * does in a user's project. In this repository that needs node_modules/pulumi-tenant → the repo itself.
 * `npm install` creates it (the `prepare` script), but `npm install <pkg>` prunes it; recreate it here.
 */
export function ensureSelfLink(root: string = REPO_ROOT): void {
  const link = join(root, "node_modules", "pulumi-tenant");
  try {
    lstatSync(link);
  } catch {
    mkdirSync(join(root, "node_modules"), { recursive: true });
    symlinkSync("..", link, "dir");
  }
}
