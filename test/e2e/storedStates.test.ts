/**
 * States written by earlier releases, through the Pulumi CLI. A stack of the three first resources is made with `up`,
 * exported, and imported back (`pulumi stack import`) as earlier releases left such stacks: each resource's state
 * holding the `__provider` text those releases stored (test/resources/fixtures/provider-texts/) and lacking one of
 * the fields later versions added, under a name of its own (one resource per field left out, all of the same object).
 * Then the current program's refresh runs the stored texts and fills what the service can read back without a write;
 * an `up` writes only where a state lacks an input the service cannot read back, and the next `up` writes nothing to
 * the tenant; destroy runs the stored texts to put the tenant back.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { PulumiCliEngine, isSecretEnvelope, type ExportedStack, type ResourceState } from "../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT, emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import { assertDistIsFresh } from "../resources/dist";
import { RequestWindow, operations } from "./helpers";

const PROJECT_DIR = path.join(__dirname, "..", "support", "fixtures", "storedStates");
const RECORDED_TEXTS = path.join(__dirname, "..", "resources", "fixtures", "provider-texts");
const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/tenant:";
/** The program's name for each resource → the module whose recorded text its state holds. */
const MODULES = { push: "pushProviderSelection", sms: "phoneProvider", ticket: "enrollmentTicket" } as const;
type Declared = keyof typeof MODULES;

/**
 * What a refresh fills in again: every field the service returns, and schemaVersion, which every read sets. Not a
 * write-only secret (a phone provider's credentials), nor a ticket's fields: no API reads a ticket back. What create
 * recorded of the tenant before it (previousProvider) reads as null: nothing to put back.
 */
const readBack = (declared: Declared, field: string): boolean => field === "schemaVersion" || !(declared === "ticket" || field === "credentials");

/**
 * The states whose missing field is a program input the service cannot read back: the stack cannot know the tenant
 * has it, so the next up sets it (the phone provider's credentials, in place) or, for a ticket, which cannot be
 * updated, makes a new one.
 */
const REPAIRED = [
  "replace tenant:EnrollmentTicket ticket-without-factor",
  "replace tenant:EnrollmentTicket ticket-without-userId",
  "update tenant:PhoneProvider sms-without-credentials",
];

const recordedText = (module: string): string => fs.readFileSync(path.join(RECORDED_TEXTS, `${module}.txt`), "utf8");
const nameOf = (urn: string): string => urn.split("::").pop() ?? "";

/** Each tenant resource of `exported` once per stored field, that field left out, with the recorded text. */
function earlierStates(exported: ExportedStack): { exported: ExportedStack; names: Record<Declared, string[]> } {
  const names: Record<Declared, string[]> = { push: [], sms: [], ticket: [] };
  const resources = exported.deployment.resources ?? [];
  const stored: ResourceState[] = [];
  for (const resource of resources) {
    const declared = nameOf(resource.urn) as Declared;
    if (!resource.type.startsWith(DYNAMIC_PREFIX)) {
      stored.push(resource);
      continue;
    }
    const text = recordedText(MODULES[declared]);
    for (const field of Object.keys(resource.outputs).filter((key) => key !== "__provider")) {
      const name = `${declared}-without-${field}`;
      const { [field]: _left, ...outputs } = resource.outputs;
      stored.push({ ...resource, urn: resource.urn.replace(/::[^:]+$/, `::${name}`), inputs: { ...resource.inputs, __provider: text }, outputs: { ...outputs, __provider: text } });
      names[declared].push(name);
    }
  }
  return { exported: { ...exported, deployment: { ...exported.deployment, resources: stored } }, names };
}

describe.sequential("states of earlier releases, imported into a stack the CLI runs", () => {
  let emulator: Emulator;
  let stateDir: string;
  let engine: PulumiCliEngine;
  let names: Record<Declared, string[]>;
  let tenantBefore: { pushProvider: string };

  const stackOf = (declared?: Record<Declared, string[]>): PulumiCliEngine =>
    new PulumiCliEngine({
      projectDir: PROJECT_DIR,
      stack: "dev",
      stateDir,
      passphrase: "stored states",
      config: {
        ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
        "stored-states:authToken": { value: SENTINELS.smsAuthToken, secret: true },
        ...(declared ? { "stored-states:names": { value: JSON.stringify(declared) } } : {}),
      },
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv() },
      timeoutMs: 180_000,
    });

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    tenantBefore = { pushProvider: emulator.state.pushProvider };
    stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-stored-states-"));
    const current = stackOf();
    await current.up();
    const earlier = earlierStates(await current.exportStack());
    names = earlier.names;
    engine = stackOf(names);
    await engine.importStack(earlier.exported);
  }, 240_000);

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
  });

  it("the stack holds every state as an earlier release wrote it: the recorded text, one field missing", async () => {
    const state = await engine.readState();
    const stored = state.resources.filter((resource) => resource.type.startsWith(DYNAMIC_PREFIX));
    expect(stored.map((resource) => nameOf(resource.urn)).sort()).toEqual(Object.values(names).flat().sort());
    // Each type has several fields, schemaVersion and what create records among them.
    expect(names.push).toEqual(expect.arrayContaining(["push-without-previousProvider", "push-without-schemaVersion"]));
    expect(names.sms.length).toBeGreaterThan(3);
    expect(names.ticket).toEqual(expect.arrayContaining(["ticket-without-ticketUrl"]));
    for (const resource of stored) {
      const missing = nameOf(resource.urn).split("-without-")[1];
      expect(resource.outputs, nameOf(resource.urn)).not.toHaveProperty(missing);
      expect(String(resource.inputs.__provider).length).toBeGreaterThan(2_000);
      expect(resource.outputs.__provider).toBe(resource.inputs.__provider);
    }
  });

  it("refresh runs the stored texts, reads back what the service can, and writes nothing to the tenant", async () => {
    const requests = new RequestWindow(emulator);
    const refreshed = await engine.refresh();
    expect(requests.take().mutating()).toEqual([]);
    // Every state stays in the stack: none is taken for gone.
    expect(operations(refreshed).filter((op) => op.startsWith("refresh-delete"))).toEqual([]);
    const state = await engine.readState();
    for (const resource of state.resources.filter((entry) => entry.type.startsWith(DYNAMIC_PREFIX))) {
      const [declared, missing] = nameOf(resource.urn).split("-without-");
      const outputs = expect(resource.outputs, nameOf(resource.urn));
      if (missing === "previousProvider") outputs.toHaveProperty(missing, null);
      else if (readBack(declared as Declared, missing)) outputs.toHaveProperty(missing);
      else outputs.not.toHaveProperty(missing);
    }
    const ticketUrl = state.resources.find((resource) => nameOf(resource.urn) === "ticket-without-schemaVersion")?.outputs.ticketUrl;
    expect(isSecretEnvelope(ticketUrl)).toBe(true);
  });

  it("up writes only where a state lacks a program input the service cannot read back; the next up writes nothing", async () => {
    const requests = new RequestWindow(emulator);
    const first = await engine.up();
    expect(operations(first).filter((op) => !op.startsWith("same "))).toEqual(REPAIRED);
    expect(requests.take().mutating().map((call) => call.replace(/pro_\w+$/, "{id}")).sort()).toEqual([
      "PATCH /api/v2/branding/phone/providers/{id}",
      "POST /api/v2/guardian/enrollments/ticket",
      "POST /api/v2/guardian/enrollments/ticket",
    ]);

    const second = await engine.up();
    expect(requests.take().mutating()).toEqual([]);
    expect(operations(second).filter((op) => !op.startsWith("same "))).toEqual([]);
    expect(second.steps).toHaveLength(Object.values(names).flat().length);
  });

  it("destroy runs the stored texts: the phone provider goes, the selection is put back, the stack is empty", async () => {
    // An unchanged resource keeps the text it was stored with among its outputs: the one Delete runs.
    const kept = (await engine.readState()).resources.find((resource) => nameOf(resource.urn) === "push-without-schemaVersion");
    expect(kept?.outputs.__provider).toBe(recordedText(MODULES.push));
    await engine.destroy();
    expect((await engine.readState()).resources).toEqual([]);
    expect(emulator.state.phoneProviders.size).toBe(0);
    expect(emulator.state.pushProvider).toBe(tenantBefore.pushProvider);
  });
});
