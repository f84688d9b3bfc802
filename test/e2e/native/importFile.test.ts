/**
 * `pulumi import --file` through the native plugin, under the Pulumi CLI: an MFA policy and an event stream the
 * tenant already has, listed in one import file, come into the stack in one deployment; the CLI's generated code
 * covers both, and as the program it changes nothing on its first preview and up.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { propertiesOf } from "../../../provider/shapes/property";
import { REGISTRY } from "../../../provider/resources/registry";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import type { PulumiCliEngine } from "../../../tools/pulumi-cli/driver";
import { isSecretEnvelope } from "../../../tools/pulumi-cli/driver/values";
import { assertDistIsFresh } from "../../resources/dist";
import { OutOfBandAdmin, STREAMS_API_PATH, operations } from "../helpers";
import { IMPORTED_PROJECT_DIR, nativeEngine, tenantConfig } from "./nativeStack";

const CLIENT = { id: "native-import-file-ci", secret: "sentinel-import-file-client-secret-2d5c" };

/** The program's declaration of an imported resource: the generated inputs, secret ones as the schema marks them. */
function declared(type: string, name: string, generated: Record<string, unknown>) {
  const definition = REGISTRY.find((entry) => entry.definition.name === type)!.definition;
  const inputs = Object.fromEntries(Object.entries(generated).map(([key, value]) => [key, isSecretEnvelope(value) ? value.value : value]));
  const secretInputs = propertiesOf(definition.inputs).filter((shape) => shape.secret).map((shape) => shape.name);
  // The generated code keeps the import's protection.
  return { type, name, inputs, secretInputs, protect: true };
}

describe.sequential("an import file through the native plugin", () => {
  let emulator: Emulator;
  let dir: string;
  let streamId: string;
  const generated: Record<string, Record<string, unknown>> = {};
  const stack = (resources: unknown[]): PulumiCliEngine =>
    nativeEngine({
      stateDir: join(dir, "state"),
      projectDir: IMPORTED_PROJECT_DIR,
      config: { ...tenantConfig(emulator, CLIENT), "tenant-imported:resources": { value: JSON.stringify(resources) } },
    });

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    emulator.seedMfa({ policies: ["all-applications"] });
    const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    const stream = (await admin.call("POST", STREAMS_API_PATH, {
      name: "made-by-hand",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } },
      status: "enabled",
    })) as { id: string };
    streamId = stream.id;
    dir = mkdtempSync(join(tmpdir(), "pulumi-tenant-import-file-"));
  });

  afterAll(async () => {
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("imports the policy and the stream listed in one file, in one deployment, with the code for both", async () => {
    const file = join(dir, "import.json");
    const resources = [
      { type: "tenant:index:MfaPolicy", name: "policy", id: new URL(emulator.url).host },
      { type: "tenant:index:EventStream", name: "stream", id: streamId },
    ];
    writeFileSync(file, JSON.stringify({ resources }));
    const result = await stack([]).importFile(file);
    expect(operations(result)).toEqual(["import tenant:index:EventStream stream", "import tenant:index:MfaPolicy policy"]);
    for (const step of result.steps) generated[step.name] = step.generatedInputs!;
    expect(generated.policy).toEqual({ policy: "all-applications" });
    expect(generated.stream).toMatchObject({ name: "made-by-hand", destination: { type: "eventbridge" } });
    const state = await stack([]).readState();
    expect(state.resources.filter((resource) => resource.type.startsWith("tenant:index:")).map((resource) => [resource.type, resource.id, resource.protect]).sort()).toEqual([
      ["tenant:index:EventStream", streamId, true],
      ["tenant:index:MfaPolicy", new URL(emulator.url).host, true],
    ]);
  });

  it("the generated code, as the program, changes nothing on its first preview and up", async () => {
    const program = stack([declared("MfaPolicy", "policy", generated.policy), declared("EventStream", "stream", generated.stream)]);
    await program.preview({ expectNoChanges: true });
    const up = await program.up({ expectNoChanges: true });
    expect(operations(up)).toEqual(["same tenant:index:EventStream stream", "same tenant:index:MfaPolicy policy"]);
  });
});
