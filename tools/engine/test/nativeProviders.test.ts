/**
 * A native plugin's providers as the engine keeps them (§8 rules 1 and 6, as for dynamic providers): one plugin
 * process per provider resource (the package's default provider and each explicit `pulumi.ProviderResource`),
 * each recorded in state; refresh and destroy configure from the stored inputs, `--run-program` from the current
 * ones; an explicit provider with unknown inputs in preview is not configured. And `pulumi import`: Read with the
 * id only, then Check with the read inputs as olds and news (failures only warn), then the resource is in state;
 * a resource the stack already holds with that id is left as it is. Import files are in importFile.test.ts.
 * On the gadget fixture plugin; what each process was configured with comes from its record of calls.
 */
import { describe, expect, it } from "vitest";
import * as path from "node:path";
import { runCli } from "../cli";
import { EngineRunError } from "../testEngine";
import { secretEnvelope } from "../values";
import { GADGET_PROJECT_DIR, GADGET_TYPE, GadgetStack, gadgetConfig, type GadgetCall, type GadgetSpec } from "./fixtures/gadgetStack";
import { ENGINE_RUNS_TIMEOUT_MS, stackFactory } from "./fixtures/stacks";

const newStack = stackFactory(() => new GadgetStack());

const withLabel = (label: string) => ({ config: gadgetConfig({ endpoint: "ep-1", label }) });
const labels = (calls: GadgetCall[]) => calls.map((call) => `${String(call.id)}:${call.configuredLabel ?? "?"}`).sort();

describe.sequential("default and explicit providers of a plugin", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const spec = (explicitLabel: string): GadgetSpec => ({
    providers: { p: { endpoint: "ep-p", label: explicitLabel } },
    gadgets: [{ name: "a" }, { name: "b", provider: "p" }],
  });

  it("starts one process per provider resource and records both providers in state", async () => {
    await stack.engine(spec("P1"), withLabel("D1")).up();
    const configures = stack.callsSince(0, "configure");
    expect(configures).toHaveLength(2);
    expect(new Set(configures.map((call) => call.pid)).size).toBe(2);
    expect(configures.map((call) => call.args)).toEqual(
      expect.arrayContaining([expect.objectContaining({ endpoint: "ep-1", label: "D1" }), expect.objectContaining({ endpoint: "ep-p", label: "P1" })]),
    );
    const state = await stack.engine(spec("P1")).readState();
    const providers = state.resources.filter((resource) => resource.type === "pulumi:providers:gadget");
    expect(providers.map((provider) => provider.urn.split("::").pop()).sort()).toEqual(["default", "p"]);
    const explicit = providers.find((provider) => provider.urn.endsWith("::p"))!;
    expect(explicit.inputs).toMatchObject({ endpoint: "ep-p", label: "P1" });
    expect(state.resources.find((resource) => resource.urn.endsWith("::b"))?.provider).toBe(`${explicit.urn}::${explicit.id}`);
  });

  it("refresh configures each process from the stored provider inputs; --run-program from the current ones", async () => {
    let before = stack.callCount();
    await stack.engine(spec("P2"), withLabel("D2")).refresh();
    expect(labels(stack.callsSince(before, "read"))).toEqual(["g-1:D1", "g-2:P1"]);
    before = stack.callCount();
    await stack.engine(spec("P2"), withLabel("D2")).refresh({ runProgram: true });
    expect(labels(stack.callsSince(before, "read"))).toEqual(["g-1:D2", "g-2:P2"]);
  });

  it("destroy deletes through the stored providers", async () => {
    const before = stack.callCount();
    await stack.engine(spec("P3"), withLabel("D3")).destroy();
    expect(labels(stack.callsSince(before, "delete"))).toEqual(["g-1:D1", "g-2:P1"]);
    expect(stack.remote().objects).toEqual({});
  });
});

describe.sequential("a provider whose inputs are unknown in preview", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const spec = (color: string): GadgetSpec => ({
    providers: { q: { endpointFrom: "a", label: "Q" } },
    gadgets: [{ name: "a", color }, { name: "c", provider: "q" }],
  });

  it("is not configured: Check echoes the news and nothing reaches the plugin for its resources", async () => {
    const preview = await stack.engine(spec("red")).preview();
    expect(preview.steps.find((step) => step.name === "c")?.op).toBe("create");
    expect(stack.calls().filter((call) => call.method === "configure" && (call.args as { label?: string }).label === "Q")).toEqual([]);
    expect(stack.calls().filter((call) => String(call.urn ?? "").endsWith("::c"))).toEqual([]);
  });

  it("an existing resource of it becomes an update without Diff, with the engine's warning", async () => {
    await stack.engine(spec("red")).up();
    const before = stack.callCount();
    const preview = await stack.engine(spec("blue")).preview(); // a is replaced: its id, so q's endpoint, unknown
    expect(preview.steps.find((step) => step.name === "a")?.op).toBe("replace");
    expect(preview.steps.find((step) => step.name === "c")?.op).toBe("update");
    expect(stack.callsSince(before, "diff").filter((call) => call.id !== "g-1")).toEqual([]);
    expect(preview.diagnostics).toContainEqual(
      expect.objectContaining({ severity: "warning", urn: expect.stringMatching(/::c$/), message: expect.stringContaining("has inputs that are not known during preview") }),
    );
    expect(stack.callsSince(before, "configure").map((call) => (call.args as { label?: string }).label)).not.toContain("Q");
  });
});

describe.sequential("import", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const PASSWORD = "imported-password-Kq2";
  const importOf = (id: string, name = "imported") => stack.engine({}).importResource(GADGET_TYPE, name, id);
  const failureOf = (pending: Promise<unknown>) => pending.then(() => new Error("expected the import to fail"), (error: unknown) => error as Error);

  it("reads with the id only, checks the read inputs against themselves, and stores the resource", async () => {
    const inputs = { name: "imported", size: 3, color: "green", password: secretEnvelope(PASSWORD) };
    stack.changeRemote((state) => (state.objects["g-77"] = { inputs, outputs: { ...inputs, serial: 77, token: "tok-77" } }));
    const result = await importOf("g-77");
    expect(result.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["import imported"]);
    const [read] = stack.callsSince(0, "read");
    // As ImportStep sends it: an empty property map (the engine always marshals one), no inputs.
    expect(read).toMatchObject({ id: "g-77", properties: {}, inputs: "unset" });
    const [check] = stack.callsSince(0, "check");
    expect(check.olds).toEqual(inputs);
    expect(check.news).toEqual(inputs);
    const engine = stack.engine({});
    const state = await engine.readState();
    const provider = state.resources.find((resource) => resource.type === "pulumi:providers:gadget")!;
    expect(state.resources.find((resource) => resource.urn.endsWith("::imported"))).toMatchObject({
      id: "g-77",
      inputs,
      outputs: { serial: 77, password: secretEnvelope(PASSWORD) },
      provider: `${provider.urn}::${provider.id}`,
      protect: true, // the CLI's --protect default
    });
    expect(state.resources.find((resource) => resource.type === "pulumi:pulumi:Stack")?.urn).toBe("urn:pulumi:dev::gadget-fixture::pulumi:pulumi:Stack::gadget-fixture-dev");
    expect(await engine.rawState()).not.toContain(PASSWORD);
  });

  it("the program that declares it as read then changes nothing", async () => {
    const result = await stack.engine({ gadgets: [{ name: "imported", size: 3, color: "green", password: PASSWORD }] }).up();
    expect(result.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["same imported"]);
    // The program gives no protect option, so the resource is no longer protected.
    expect((await stack.engine({}).readState()).resources.find((resource) => resource.urn.endsWith("::imported"))?.protect).toBeUndefined();
  });

  it("Check failures only warn, blaming the plugin; the resource is imported", async () => {
    stack.changeRemote((state) => (state.objects["g-78"] = { inputs: { name: "odd", size: 1, color: "red", checkFail: "size" }, outputs: { name: "odd" } }));
    const result = await importOf("g-78", "odd");
    const warnings = result.diagnostics.map((log) => log.message).join("\n");
    expect(warnings).toContain("One or more imported inputs failed to validate. This is almost certainly a bug in the `gadget` provider.");
    expect(warnings).toContain("is not acceptable");
    expect((await stack.engine({}).readState()).resources.some((resource) => resource.urn.endsWith("::odd"))).toBe(true);
  });

  it("leaves a resource the stack holds under that name with that id as it is", async () => {
    const before = stack.callCount();
    const result = await importOf("g-77");
    expect(result.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["same imported"]);
    expect(stack.callsSince(before, "read")).toEqual([]);
  });

  it("fails on a missing object, a plugin that returns no inputs, another id under a name in the stack and a dynamic type", async () => {
    expect((await failureOf(importOf("g-404", "missing"))).message).toContain("resource 'g-404' does not exist");
    stack.changeRemote((state) => (state.objects["g-79"] = { inputs: {}, outputs: { name: "old" }, noInputs: true }));
    expect((await failureOf(importOf("g-79", "old"))).message).toContain("provider does not support importing resources; please try updating the 'gadget' plugin");
    expect((await failureOf(importOf("g-78"))).message).toContain("resource 'urn:pulumi:dev::gadget-fixture::gadget:index:Gadget::imported' already exists");
    const dynamic = failureOf(stack.engine({}).importResource("pulumi-nodejs:dynamic:Resource", "d", "x"));
    expect(await dynamic).toBeInstanceOf(EngineRunError);
    expect((await dynamic).message).toContain("only a native plugin's resources can be imported");
  });
});

describe("the command line's import", () => {
  it("imports `<type> <name> <id>` and prints the import step", async () => {
    const stack = newStack();
    stack.changeRemote((state) => (state.objects["g-90"] = { inputs: { name: "cli", size: 1, color: "red" }, outputs: { name: "cli", serial: 90 } }));
    let stdout = "";
    const args = ["import", GADGET_TYPE, "cli", "g-90", "--project-dir", GADGET_PROJECT_DIR, "--stack", "dev", "--state-dir", path.join(stack.dir, "state")];
    const code = await runCli([...args, "--config", "gadget:endpoint=ep-1", "--protect=false"], {
      out: (text) => (stdout += `${text}\n`),
      err: () => undefined,
      env: { PULUMI_CLI: "0", PULUMI_CONFIG_PASSPHRASE: "correct horse battery staple", GADGET_RECORD: stack.recordFile, GADGET_REMOTE: stack.remoteFile },
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^import\s+gadget:index:Gadget\s+cli/m);
    const imported = (await stack.engine({}).readState()).resources.find((resource) => resource.urn.endsWith("::cli"));
    expect(imported).toMatchObject({ id: "g-90", inputs: { name: "cli", size: 1, color: "red" } });
    expect(imported?.protect).toBeUndefined();
  });
});
