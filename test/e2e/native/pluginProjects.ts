/**
 * What the suites of the plugin's other doors share: a project folder whose `tenant-plugin/` holds the packed package
 * installed (as the README has users do), and a stack of it on the CLI against an emulator with one client.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { stringify as stringifyYaml } from "yaml";
import type { Emulator } from "../../../tools/emulator";
import { PulumiCliEngine } from "../../../tools/pulumi-cli/driver";
import type { StackConfig } from "../../../tools/pulumi-cli/project";
import { BLANK_TENANT_ENV } from "../../support/blankTenantEnv";

/** The `plugins.providers` entry of the README: the plugin is the package in `tenant-plugin/`. */
export const README_PLUGINS = { providers: [{ name: "tenant", path: "tenant-plugin/node_modules/pulumi-tenant" }] };

/** `dir` with `tenant-plugin/` linked to `installed` (a project holding the packed package), its Pulumi.yaml and files. */
export function pluginProject(dir: string, installed: string, pulumiYaml: Record<string, unknown>, files: Record<string, string> = {}): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(installed, path.join(dir, "tenant-plugin"), "dir");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), stringifyYaml(pulumiYaml));
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

/**
 * The project's `dev` stack, its state beside it, the tenant settings in stack config and none in the environment
 * (`env` adds to the CLI's, e.g. a PATH of its own).
 */
export function pluginProjectEngine(
  projectDir: string,
  emulator: Emulator,
  client: { id: string; secret: string },
  config: StackConfig = {},
  env: NodeJS.ProcessEnv = {},
): PulumiCliEngine {
  return new PulumiCliEngine({
    projectDir,
    stack: "dev",
    stateDir: path.join(projectDir, ".state"),
    passphrase: `${path.basename(projectDir)} passphrase`,
    config: {
      "tenant:domain": { value: emulator.url },
      "tenant:clientId": { value: client.id },
      "tenant:clientSecret": { value: client.secret, secret: true },
      ...config,
    },
    env: { ...BLANK_TENANT_ENV, ...env },
    timeoutMs: 300_000,
  });
}
