/**
 * A create interrupted under the Pulumi CLI in the native plugin's door: a phone provider declared as a generated SDK
 * declares it (test/e2e/native/fixtures/importedProgram). The plugin killed with the create's POST held on the tenant
 * (and never applied); then, in the next `up`, which calls Create again, the CLI killed instead: the plugin ends with
 * it, the tenant applies the POST, and `pulumi cancel`, `pulumi refresh --clear-pending-creates` and `pulumi import`
 * bring that provider, the only one, under the stack.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../tools/emulator";
import type { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { PHONE_API_PATH } from "../e2e/helpers";
import { IMPORTED_PROJECT_DIR, nativeEngine, tenantConfig } from "../e2e/native/nativeStack";
import { assertDistIsFresh } from "../resources/dist";
import { PROCESSES, failureLines, itLeavesNoSecret, stackProcesses, stackRecord, until, useInterruptedStack } from "./support/interruption";

const DECLARED = [
  {
    type: "PhoneProvider",
    name: "sms",
    inputs: {
      name: "vendor_a",
      credentials: { authToken: SENTINELS.smsAuthToken },
      configuration: { sid: "AC0000000000000000000000000000news", deliveryMethods: ["text"], defaultFrom: "+15550100" },
    },
    secretInputs: ["credentials"],
  },
];
const URNS = { sms: "urn:pulumi:dev::tenant-imported::tenant:index:PhoneProvider::sms" };

/** The importedProgram stack declaring the provider, on an emulator of its own. */
function pluginStack(emulator: Emulator, stateDir: string): PulumiCliEngine {
  return nativeEngine({
    stateDir,
    projectDir: IMPORTED_PROJECT_DIR,
    // Secret config: the declaration holds the auth token, and the backend keeps each update's config in its history.
    config: { ...tenantConfig(emulator, SENTINEL_CLIENT), "tenant-imported:resources": { value: JSON.stringify(DECLARED), secret: true } },
  });
}

describe.sequential("the native plugin's door: a phone provider's create interrupted", { timeout: 180_000 }, () => {
  const stack = useInterruptedStack<never>({ prefix: "pulumi-tenant-plugin-interrupted-", engine: pluginStack, secrets: {} });
  const phoneProviders = () => [...stack.emulator.state.phoneProviders.keys()];

  beforeAll(() => assertDistIsFresh());

  it("the plugin killed mid-create fails the create, naming it; nothing is recorded, and the lost POST made nothing", async () => {
    const error = await stack.interruptedUp([PHONE_API_PATH], PROCESSES.plugin, "drop");
    expect(failureLines(error)).toEqual(["tenant:index:PhoneProvider 'sms': error reading from server: EOF"]);
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: { sms: undefined }, pendingCreates: [] });
    expect(phoneProviders()).toEqual([]);
  });

  it("the CLI killed in the next up's create: the plugin ends with it, the create stays pending, and the tenant applies the POST", async () => {
    stack.requests.take();
    await stack.interruptedUp([PHONE_API_PATH], PROCESSES.cli, "handle");
    // That up called Create again: its POST is the one held.
    expect(stack.requests.take().counts()).toEqual({ [`POST ${PHONE_API_PATH}`]: 1 });
    // Unlike the dynamic-provider host, the plugin leaves with the CLI that started it (its stdin closes).
    await until("the plugin to end", () => (stackProcesses(stack.engine(), PROCESSES.plugin).length === 0 ? true : undefined), 10_000);
    expect(phoneProviders()).toHaveLength(1);
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: { sms: undefined }, pendingCreates: [URNS.sms] });
  });

  it("pulumi cancel, then refresh --clear-pending-creates: the pending create goes, nothing else changes", async () => {
    for (const args of [
      ["cancel", "--yes"],
      ["refresh", "--yes", "--clear-pending-creates"],
    ]) {
      const outcome = await stack.pulumi(args);
      expect(outcome.code, outcome.stdout + outcome.stderr).toBe(0);
    }
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: { sms: undefined }, pendingCreates: [] });
    expect(stack.requests.take().mutating()).toEqual([]);
  });

  it("pulumi import of the provider the tenant holds, then up: one PATCH sends the credentials, and the tenant holds that one", async () => {
    const [id] = phoneProviders();
    await stack.engine().importResource("tenant:index:PhoneProvider", "sms", id, { protect: false });
    await stack.up();
    expect(stack.requests.take().mutating()).toEqual([`PATCH ${PHONE_API_PATH}/${id}`]);
    expect(phoneProviders()).toEqual([id]);
    expect(stack.emulator.state.phoneProviders.get(id)?.credentials).toEqual({ auth_token: SENTINELS.smsAuthToken });
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: { sms: id }, pendingCreates: [] });
  });

  itLeavesNoSecret(stack);
});
