/**
 * Upgrading the package under an existing stack. Earlier versions stored a ~2.4 KB serialized closure as each
 * resource's `__provider` (the recorded texts in test/resources/fixtures/provider-texts/); this version stores a
 * ~110-byte text. The stack is made as the previous version left it — every resource's inputs and outputs hold
 * the old text — then driven by the current program: preview shows no change, refresh runs the old texts, an
 * update moves that one resource to the new text, and destroy runs whichever text each resource holds.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { SENTINEL_CLIENT, basicStack, type BasicStack } from "../../tools/stacks/basicStack";
import { providerText } from "../../provider/resources/common/providerText";
import { RequestWindow, operations } from "./helpers";

const OLD_TEXTS = path.join(__dirname, "..", "resources", "fixtures", "provider-texts");
const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/tenant:";

interface StoredResource {
  type: string;
  urn: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

const moduleOf = (type: string): string => {
  const name = type.slice(DYNAMIC_PREFIX.length);
  return name.charAt(0).toLowerCase() + name.slice(1);
};
const oldText = (module: string): string => fs.readFileSync(path.join(OLD_TEXTS, `${module}.txt`), "utf8");

describe.sequential("a stack written by the previous version, driven by this one", () => {
  let emulator: Emulator;
  let stack: BasicStack;
  let stateFile: string;

  const tenantResources = (): StoredResource[] => {
    const checkpoint = JSON.parse(fs.readFileSync(stateFile, "utf8")) as { checkpoint: { latest: { resources?: StoredResource[] } } };
    // The CLI leaves the list out of a checkpoint that holds no resource.
    return (checkpoint.checkpoint.latest.resources ?? []).filter((resource) => resource.type.startsWith(DYNAMIC_PREFIX));
  };
  const providerTexts = (): Record<string, { inputs: unknown; outputs: unknown }> =>
    Object.fromEntries(tenantResources().map((r) => [r.urn.split("::").pop(), { inputs: r.inputs.__provider, outputs: r.outputs.__provider }]));

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    stack = basicStack(emulator);
    await stack.engine.up();
    stateFile = stack.engine.stateFile();
    // What the previous version wrote: the same properties, with its serialized shim as the provider text.
    const checkpoint = JSON.parse(fs.readFileSync(stateFile, "utf8")) as { checkpoint: { latest: { resources: StoredResource[] } } };
    for (const resource of checkpoint.checkpoint.latest.resources.filter((r) => r.type.startsWith(DYNAMIC_PREFIX))) {
      resource.inputs.__provider = oldText(moduleOf(resource.type));
      resource.outputs.__provider = oldText(moduleOf(resource.type));
    }
    fs.writeFileSync(stateFile, JSON.stringify(checkpoint, null, 2));
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  it("starts from state that holds only the old, long texts", () => {
    const texts = Object.values(providerTexts());
    expect(texts).toHaveLength(3);
    for (const { inputs, outputs } of texts) {
      expect(String(inputs).length).toBeGreaterThan(2000);
      expect(outputs).toBe(inputs);
    }
  });

  it("preview --expect-no-changes: the new provider text is no change, and nothing is called but reads", async () => {
    const requests = new RequestWindow(emulator);
    const preview = await stack.engine.preview({ expectNoChanges: true });
    expect(operations(preview).filter((op) => !op.startsWith("same"))).toEqual([]);
    expect(requests.take().mutating()).toEqual([]);
  });

  it("refresh --expect-no-changes runs the stored old texts, and keeps them", async () => {
    const refresh = await stack.engine.refresh({ expectNoChanges: true });
    expect(operations(refresh).filter((op) => !op.startsWith("refresh-same"))).toEqual([]);
    for (const [name, { outputs }] of Object.entries(providerTexts())) expect(String(outputs).length, name).toBeGreaterThan(2000);
  });

  it("an update moves that resource to the new text; the others keep theirs until they change", async () => {
    // The same stack with one input changed: the phone provider disabled.
    const changed = basicStack(emulator, { stateDir: stack.stateDir, projectConfig: { smsDisabled: "true" } });
    const update = await changed.engine.up();
    expect(operations(update)).toContain("update tenant:PhoneProvider sms");
    const texts = providerTexts();
    expect(texts.sms).toEqual({ inputs: providerText("phoneProvider"), outputs: providerText("phoneProvider") });
    expect(String(texts.push.outputs).length).toBeGreaterThan(2000);
    expect([...emulator.state.phoneProviders.values()][0]?.disabled).toBe(true);
  });

  it("destroy runs each resource's own text: the selection restored, the provider deleted, the state empty", async () => {
    await stack.engine.destroy();
    expect(emulator.state.pushProvider).toBe("guardian");
    expect(emulator.state.phoneProviders.size).toBe(0);
    expect(tenantResources()).toEqual([]);
  });
});
