/**
 * Native plugins the way the CLI runs them, on the gadget fixture plugin (fixtures/gadgetPlugin): the executable
 * found through Pulumi.yaml `plugins.providers[].path`, started with the engine's address as its argument in the
 * program's directory with PULUMI_CONFIG; GetPluginInfo, CheckConfig with secrets stripped, Configure with
 * envelopes in `args` and the legacy `variables`; acceptSecrets mode (envelopes both ways, only the step
 * executor's secret rules); Diff answers interpreted as the engine does; invokes routed to the plugin; the
 * plugin's Log messages shown, its stderr hidden; Cancel at the end of each run, then its stdin pipe closed. Each test reads what the engine
 * sent from the plugin's record of calls.
 */
import { describe, expect, it } from "vitest";
import { EngineRunError } from "../testEngine";
import { readProject } from "../project";
import { isSecretEnvelope, secretEnvelope } from "../values";
import { GADGET_PROJECT_DIR, GadgetStack, gadgetConfig, type GadgetSpec } from "./fixtures/gadgetStack";
import { ENGINE_RUNS_TIMEOUT_MS, stackFactory } from "./fixtures/stacks";

const newStack = stackFactory(() => new GadgetStack());

const API_KEY = "gadget-api-key-7Qx";
const PASSWORD = "gadget-password-3Zr";
const secretConfig = gadgetConfig({ endpoint: "ep-1", apiKey: { value: API_KEY, secret: true }, label: "L1" });
const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.sequential("starting a plugin and configuring the default provider", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const spec: GadgetSpec = { gadgets: [{ name: "a", password: PASSWORD }] };

  it("runs the executable in the program directory with the engine address and PULUMI_CONFIG (the package's keys, decrypted)", async () => {
    await stack.engine(spec, { config: secretConfig }).up();
    const [info] = stack.callsSince(0, "getPluginInfo");
    expect(info.cwd).toBe(GADGET_PROJECT_DIR);
    expect(info.argv).toHaveLength(1);
    expect(info.argv).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
    expect(info.argv).not.toEqual(["127.0.0.1:0"]);
    expect(JSON.parse(info.pulumiConfig as string)).toEqual({ endpoint: "ep-1", apiKey: API_KEY, label: "L1" });
  });

  it("calls GetPluginInfo, CheckConfig with secrets stripped and the plugin version, then Configure with envelopes and the legacy variables", async () => {
    const calls = stack.calls();
    const pid = calls[0].pid;
    expect(calls.filter((call) => call.pid === pid).map((call) => call.method).slice(0, 3)).toEqual(["getPluginInfo", "checkConfig", "configure"]);
    const [checkConfig] = stack.callsSince(0, "checkConfig");
    expect(checkConfig.urn).toBe("urn:pulumi:dev::gadget-fixture::pulumi:providers:gadget::default");
    expect(checkConfig.news).toEqual({ endpoint: "ep-1", apiKey: API_KEY, label: "L1", version: "1.2.3" });
    const [configure] = stack.callsSince(0, "configure");
    expect(configure.acceptSecrets).toBe(true);
    expect(configure.args).toEqual({ endpoint: "ep-1", apiKey: secretEnvelope(API_KEY), label: "L1", version: "1.2.3" });
    // The engine skips `version` in the legacy variables (provider_plugin.go Configure).
    expect(configure.variables).toEqual({ "gadget:config:endpoint": "ep-1", "gadget:config:apiKey": API_KEY, "gadget:config:label": "L1" });
  });

  it("records the default provider in state with the package's config as its inputs, secrets encrypted", async () => {
    const engine = stack.engine(spec, { config: secretConfig });
    const state = await engine.readState();
    const provider = state.resources.find((resource) => resource.type === "pulumi:providers:gadget")!;
    expect(provider.urn).toBe("urn:pulumi:dev::gadget-fixture::pulumi:providers:gadget::default");
    expect(provider.inputs).toMatchObject({ endpoint: "ep-1", apiKey: secretEnvelope(API_KEY), label: "L1" });
    const gadget = state.resources.find((resource) => resource.type === "gadget:index:Gadget")!;
    expect(gadget.provider).toBe(`${provider.urn}::${provider.id}`);
    expect(await engine.rawState()).not.toContain(API_KEY);
  });

  it("sends a plugin that accepts secrets envelopes, and keeps only the step executor's rules on what comes back", async () => {
    const [check] = stack.callsSince(0, "check");
    expect((check.news as Record<string, unknown>).password).toEqual(secretEnvelope(PASSWORD));
    const [create] = stack.callsSince(0, "create");
    expect((create.inputs as Record<string, unknown>).password).toEqual(secretEnvelope(PASSWORD));
    const engine = stack.engine(spec, { config: secretConfig });
    const gadget = (await engine.readState()).resources.find((resource) => resource.type === "gadget:index:Gadget")!;
    // The plugin returned password and token in plain text: a secret top-level input and additionalSecretOutputs make them secret.
    expect(gadget.outputs.password).toEqual(secretEnvelope(PASSWORD));
    expect(isSecretEnvelope(gadget.outputs.token)).toBe(true);
    expect(gadget.outputs.serial).toBe(1);
    expect(gadget.inputs.password).toEqual(secretEnvelope(PASSWORD));
    expect(await engine.rawState()).not.toContain(PASSWORD);
  });

  it("cancels each plugin at the end of the run and stops it; its stderr is not shown", async () => {
    const pids = new Set(stack.calls().map((call) => call.pid));
    expect(stack.callsSince(0, "cancel").map((call) => call.pid)).toEqual([...pids]);
    for (const pid of pids) expect(processAlive(pid)).toBe(false);
    const result = await stack.engine({ gadgets: [{ name: "a", password: PASSWORD }, { name: "b" }] }, { config: secretConfig }).up();
    expect(result.hostOutput).toContain("GADGET-STDERR");
    expect(result.programOutput).not.toContain("GADGET-STDERR");
    expect(JSON.stringify(result.diagnostics)).not.toContain("GADGET-STDERR");
  });

  it("closes each plugin's stdin pipe at the end of the run; a plugin that does not exit then fails the run", async () => {
    const outliving = newStack();
    const error = await outliving.engine(spec, { config: secretConfig, env: { GADGET_IGNORE_STDIN: "1" } }).up().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EngineRunError);
    expect((error as Error).message).toMatch(/plugin pulumi-resource-gadget \(pid \d+\) was still running 5000 ms after its stdin closed/);
    for (const pid of new Set(outliving.calls().map((call) => call.pid))) expect(processAlive(pid)).toBe(false);
  });

  it("a missing key answered with ConfigureErrorMissingKeys fails with the CLI's message", async () => {
    const error = await newStack()
      .engine(spec, { config: gadgetConfig({ label: "no endpoint" }) })
      .up()
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EngineRunError);
    expect((error as Error).message).toContain('missing required configuration key "gadget:endpoint": where the gadgets live');
    expect((error as Error).message).toContain("Set a value using the command `pulumi config set gadget:endpoint <value>`.");
  });
});

describe.sequential("Diff answers, as the engine interprets them", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const up = (spec: GadgetSpec) => stack.engine(spec).up();
  const stepOf = async (spec: GadgetSpec, name = "a") => (await up(spec)).steps.find((step) => step.name === name)!;

  it("DIFF_SOME with a detailed UPDATE is an update whose changed keys are the provider's", async () => {
    await up({ gadgets: [{ name: "a", size: 1 }] });
    const step = await stepOf({ gadgets: [{ name: "a", size: 2 }] });
    expect(step.op).toBe("update");
    expect(step.diffs).toEqual(["size"]);
    const [diff] = stack.callsSince(0, "diff");
    expect(diff.olds).toMatchObject({ size: 1 }); // old inputs, sent as old_inputs
    expect(diff.oldOutputs).toMatchObject({ size: 1, serial: 1 });
  });

  it("an UPDATE_REPLACE kind (and replaces) is a replacement, created before the old object is deleted", async () => {
    const before = stack.callCount();
    const step = await stepOf({ gadgets: [{ name: "a", size: 2, color: "blue" }] });
    expect(step.op).toBe("replace");
    expect(step.replaces).toEqual(["color"]);
    expect(stack.callsSince(before).map((call) => call.method).filter((method) => method === "create" || method === "delete")).toEqual(["create", "delete"]);
  });

  it("a detailed diff of a *_REPLACE kind replaces even without replace keys", async () => {
    await up({ gadgets: [{ name: "a", size: 2, color: "blue", shape: "round" }] });
    const step = await stepOf({ gadgets: [{ name: "a", size: 2, color: "blue", shape: "square" }] });
    expect(step.op).toBe("replace");
    expect(step.replaces).toEqual([]);
    expect(step.detailedDiff).toEqual({ shape: { kind: "update-replace", inputDiff: true } });
  });

  it("DIFF_NONE is a same step, even when inputs changed; nothing is written to the service", async () => {
    const before = stack.callCount();
    const step = await stepOf({ gadgets: [{ name: "a", size: 5, color: "blue", shape: "square", diffMode: "none" }] });
    expect(step.op).toBe("same");
    expect(stack.callsSince(before, "update")).toEqual([]);
  });

  it("DIFF_UNKNOWN makes the engine compare old and new inputs itself", async () => {
    await up({ gadgets: [{ name: "a", size: 5, color: "blue", diffMode: "unknown" }] });
    expect((await stepOf({ gadgets: [{ name: "a", size: 5, color: "blue", diffMode: "unknown" }] })).op).toBe("same");
    const step = await stepOf({ gadgets: [{ name: "a", size: 6, color: "blue", diffMode: "unknown" }] });
    expect(step.op).toBe("update");
    expect(step.diffs).toEqual(["size"]);
  });

  it("a Check failure is reported as the engine formats it", async () => {
    const error = await up({ gadgets: [{ name: "a", checkFail: "size" }] }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EngineRunError);
    expect((error as Error).message).toContain("is not acceptable");
  });
});

describe.sequential("invokes and the Log service", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();

  it("routes an invoke of the plugin's function to the default provider's process", async () => {
    const result = await stack.engine({ gadgets: [{ name: "a" }], invoke: "default" }).up();
    const [invoke] = stack.callsSince(0, "invoke");
    expect(invoke.tok).toBe("gadget:index:listGadgets");
    expect(result.outputs.listed).toMatchObject({ endpoint: "ep-1" });
    const configure = stack.callsSince(0, "configure").find((call) => call.pid === invoke.pid);
    expect(configure?.args).toMatchObject({ endpoint: "ep-1" });
  });

  it("shows a message the plugin sends through the engine's Log service", async () => {
    const result = await stack.engine({ gadgets: [{ name: "a" }, { name: "b", logOnCreate: "gadget b is warming up" }] }).up();
    const log = result.logs.find((entry) => entry.message.includes("gadget b is warming up"));
    expect(log).toMatchObject({ severity: "info" });
    expect(log?.urn).toContain("gadget:index:Gadget::b");
  });
});

describe("what the stand-in does not mirror fails loudly", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const spec: GadgetSpec = { gadgets: [{ name: "a" }] };
  it.each([
    [{ GADGET_HANDSHAKE: "1" }, "implements Handshake; the engine stand-in only mirrors plugins that leave it unimplemented"],
    [{ GADGET_CONFIGURE_ANSWER: "plain" }, "answered Configure without acceptSecrets"],
    [{ GADGET_CONFIGURE_ANSWER: "preview" }, "answered Configure with supportsPreview"],
  ])("a plugin run with %o", async (env, message) => {
    const error = await newStack()
      .engine(spec, { env })
      .preview()
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EngineRunError);
    expect((error as Error).message).toContain(message);
  });
});

describe("the plugin's folder", () => {
  it("comes from Pulumi.yaml plugins.providers[].path", () => {
    expect(readProject(GADGET_PROJECT_DIR).plugins).toEqual({ gadget: expect.stringMatching(/gadgetPlugin\/pulumi-resource-gadget$/) });
  });
});
