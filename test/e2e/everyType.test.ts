/**
 * The TypeScript dynamic resources' door: the every-type program (test/support/fixtures/everyTypeProgram, one resource
 * of each of the package's types and both functions, its inputs picked by the stack config `phase`) through the Pulumi CLI,
 * from create to destroy (everyTypeLife.ts).
 */
import { join } from "node:path";
import { beforeAll } from "vitest";
import type { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { emulatorConnectionConfig, exampleStack, type BasicStack } from "../../tools/stacks/basicStack";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { assertDistIsFresh } from "../resources/dist";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import type { Phase } from "../support/fixtures/everyTypeProgram/inputs";
import { describeEveryTypeLife } from "./everyTypeLife";
import { EVERY_TYPE_CLIENT, everyTypeSecretConfig } from "./everyTypeTenant";

const PROJECT_DIR = join(REPO_ROOT, "test", "support", "fixtures", "everyTypeProgram");

beforeAll(() => assertDistIsFresh());

describeEveryTypeLife("the dynamic resources: a TypeScript program declaring every type and calling both functions", (emulator) => {
  // Phase 2's stack keeps phase 1's state folder (which the first one owns): the same stack with the config changed.
  let first: BasicStack | undefined;
  const openStack = (phase: Phase): PulumiCliEngine => {
    const config = { ...emulatorConnectionConfig(emulator, EVERY_TYPE_CLIENT), ...everyTypeSecretConfig(phase), "tenant-every-type:phase": { value: String(phase) } };
    const stack = exampleStack({
      projectDir: PROJECT_DIR,
      stack: "dev",
      stateDir: first?.stateDir,
      tempPrefix: "pulumi-tenant-every-type-",
      passphrase: "every type passphrase",
      config,
      env: BLANK_TENANT_ENV,
    });
    first ??= stack;
    return stack.engine;
  };
  return { openStack, functionsAwaitDependsOn: true, warningsUnderResources: false, dispose: () => first?.dispose() };
});
