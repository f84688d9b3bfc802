/**
 * The native-plugin fixture project (test/support/fixtures/nativeProgram: the three `tenant:index:*` types
 * registered as a generated SDK does, the plugin found through Pulumi.yaml's plugins.providers) as a stack on
 * the engine, with no TENANT_* variable leaking in from the environment of the test run.
 */
import { join } from "node:path";
import type { Emulator } from "../../../tools/emulator";
import { PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import type { StackConfig } from "../../../tools/pulumi-cli/project";
import { REPO_ROOT, packageLookupEnv } from "../../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../../support/blankTenantEnv";

export const NATIVE_PROJECT_DIR = join(REPO_ROOT, "test", "support", "fixtures", "nativeProgram");

/** Tenant resources with the inputs a test gives (the `resources` config), e.g. those `pulumi import` generated. */
export const IMPORTED_PROJECT_DIR = join(REPO_ROOT, "test", "e2e", "native", "fixtures", "importedProgram");

export function nativeEngine(opts: { stateDir: string; config: StackConfig; stack?: string; env?: Record<string, string>; projectDir?: string }): PulumiCliEngine {
  return new PulumiCliEngine({
    projectDir: opts.projectDir ?? NATIVE_PROJECT_DIR,
    stack: opts.stack ?? "dev",
    stateDir: opts.stateDir,
    passphrase: "native plugin passphrase",
    config: opts.config,
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...BLANK_TENANT_ENV, ...packageLookupEnv(), ...opts.env },
    timeoutMs: 120_000,
  });
}

/** The default provider's settings: the tenant:* stack config, the secret kept secret. */
export function tenantConfig(emulator: Emulator, client: { id: string; secret: string }): StackConfig {
  return {
    "tenant:domain": { value: emulator.url },
    "tenant:clientId": { value: client.id },
    "tenant:clientSecret": { value: client.secret, secret: true },
  };
}

/**
 * What the plugin sent through the engine's Log: its own lines, debug ones included (the SDK's debug messages
 * from the program echo wire objects, secrets included, as they do under the real CLI's --debug).
 */
export const pluginLogs = (result: RunResult) => result.logs.filter((log) => log.severity !== "debug" || log.message.startsWith("[pulumi-tenant] "));
