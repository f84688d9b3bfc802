/**
 * `pulumi import --file` through the native plugin, under the Pulumi CLI: an MFA policy and event streams the tenant
 * already has (EventBridge, Action, a webhook with a bearer token), listed in one import file, come into the stack in
 * one deployment; the CLI warns only of the webhook's token, which its generated code holds as `token: ""`; that code
 * covers them all, and as the program it changes nothing on its first preview and up. Then what the README says of an
 * import.json: the streams come protected and without `retainOnDelete`; with it added to their code and the
 * protection lifted, destroying the stack takes nothing away.
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
function declared(type: string, name: string, generated: Record<string, unknown>, options: { protect: boolean; retainOnDelete?: boolean } = { protect: true }) {
  const definition = REGISTRY.find((entry) => entry.definition.name === type)!.definition;
  const inputs = Object.fromEntries(Object.entries(generated).map(([key, value]) => [key, isSecretEnvelope(value) ? value.value : value]));
  const secretInputs = propertiesOf(definition.inputs).filter((shape) => shape.secret).map((shape) => shape.name);
  // The generated code keeps the import's protection.
  return { type, name, inputs, secretInputs, ...options };
}

const STREAMS = {
  stream: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } },
  action: { type: "action", configuration: { action_id: "act_made_by_hand" } },
  hook: {
    type: "webhook",
    configuration: { webhook_endpoint: "https://hooks.example.com/made-by-hand", webhook_authorization: { method: "bearer", token: "sentinel-import-file-bearer-4f1a" } },
  },
};

describe.sequential("an import file through the native plugin", () => {
  let emulator: Emulator;
  let dir: string;
  const streamIds: Record<string, string> = {};
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
    for (const [name, destination] of Object.entries(STREAMS)) {
      const stream = (await admin.call("POST", STREAMS_API_PATH, {
        name: name === "stream" ? "made-by-hand" : `made-by-hand-${name}`,
        subscriptions: [{ event_type: "user.created" }],
        destination,
        status: "enabled",
      })) as { id: string };
      streamIds[name] = stream.id;
    }
    dir = mkdtempSync(join(tmpdir(), "pulumi-tenant-import-file-"));
  });

  afterAll(async () => {
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("imports the policy and the streams listed in one file, in one deployment, with the code for all", async () => {
    const file = join(dir, "import.json");
    const resources = [
      { type: "tenant:index:MfaPolicy", name: "policy", id: new URL(emulator.url).host },
      ...Object.keys(STREAMS).map((name) => ({ type: "tenant:index:EventStream", name, id: streamIds[name] })),
    ];
    writeFileSync(file, JSON.stringify({ resources }));
    const result = await stack([]).importFile(file);
    expect(operations(result)).toEqual([
      "import tenant:index:EventStream action",
      "import tenant:index:EventStream hook",
      "import tenant:index:EventStream stream",
      "import tenant:index:MfaPolicy policy",
    ]);
    for (const step of result.steps) generated[step.name] = step.generatedInputs!;
    expect(generated.policy).toEqual({ policy: "all-applications" });
    expect(generated.stream).toMatchObject({ name: "made-by-hand", destination: { type: "eventbridge" } });
    expect(generated.action).toMatchObject({ destination: { type: "action", configuration: { actionId: "act_made_by_hand" } } });
    // As the README says: the bearer webhook's code holds an empty token, which keeps the one the service holds.
    expect(generated.hook).toMatchObject({ destination: { type: "webhook", configuration: { webhookAuthorization: { method: "bearer", token: "" } } } });
    // The CLI warns of the webhook's write-only token, in one sentence, and of nothing for the other streams.
    expect(result.diagnostics.map((log) => [log.urn.split("::").pop(), log.message.trim()])).toEqual([
      [
        "hook",
        "The imported EventStream's destination.configuration.webhookAuthorization.token is write-only (the service never returns it), so the " +
          "imported inputs lack it and the generated code has an empty value for it, which keeps the value the service holds until your program " +
          "sets one (as a secret).",
      ],
    ]);
    expect(result.programOutput).not.toMatch(/EventStream \((?:stream|action)\):\n\s+warning/);
    const state = await stack([]).readState();
    expect(state.resources.filter((resource) => resource.type.startsWith("tenant:index:")).map((resource) => [resource.type, resource.id, resource.protect]).sort()).toEqual(
      [
        ...Object.values(streamIds).map((id) => ["tenant:index:EventStream", id, true]),
        ["tenant:index:MfaPolicy", new URL(emulator.url).host, true],
      ].sort(),
    );
  });

  const streamNames = Object.keys(STREAMS);

  it("the generated code, as the program, changes nothing on its first preview and up", async () => {
    const program = stack([declared("MfaPolicy", "policy", generated.policy), ...streamNames.map((name) => declared("EventStream", name, generated[name]))]);
    await program.preview({ expectNoChanges: true });
    const up = await program.up({ expectNoChanges: true });
    expect(operations(up)).toEqual([...streamNames.sort().map((name) => `same tenant:index:EventStream ${name}`), "same tenant:index:MfaPolicy policy"]);
  });

  it("with retainOnDelete added to the streams' code, as the README says, and the protection lifted, destroy takes nothing away", async () => {
    const program = stack([
      declared("MfaPolicy", "policy", generated.policy, { protect: false }),
      ...streamNames.map((name) => declared("EventStream", name, generated[name], { protect: false, retainOnDelete: true })),
    ]);
    await program.up();
    const destroyed = await program.destroy();
    expect(destroyed.steps.filter((step) => step.op === "delete")).toHaveLength(streamNames.length + 1);
    expect(emulator.state.eventStreams.map((stream) => stream.id).sort()).toEqual(Object.values(streamIds).sort());
    expect(emulator.state.mfa.policies).toEqual(["all-applications"]);
  });
});
