/**
 * Providers as the real engine treats them (§8 rules 1 and 6): the default `pulumi-nodejs` provider is a resource in
 * state whose inputs are the stack config of the last update; refresh, destroy and the refresh phase of
 * `preview --refresh` configure hosts from those stored inputs, and `--run-program` (or PULUMI_RUN_PROGRAM=true)
 * from the current config. Explicit providers likewise. An explicit provider with unknown inputs in preview is
 * not configured. Each test reads which configuration served a call from the fixture's record of configures.
 */
import { describe, expect, it } from "vitest";
import type { EngineOptions } from "../testEngine";
import { WidgetStack, type RemoteCall, type WidgetSpec } from "./fixtures/widgetStack";
import { ENGINE_RUNS_TIMEOUT_MS, stackFactory } from "./fixtures/stacks";

const newStack = stackFactory(() => new WidgetStack());

const DEFAULT_PROVIDER_URN = "urn:pulumi:dev::widget-fixture::pulumi:providers:pulumi-nodejs::default";
const withLabel = (label: string, env: NodeJS.ProcessEnv = {}): Partial<EngineOptions> => ({ config: { "widget:label": { value: label } }, env });

/** The configured label of the host that made each call of a method since `since`. */
function labelsOf(stack: WidgetStack, method: RemoteCall["method"], since: number): (string | undefined)[] {
  const configures = stack.remote().configures;
  return stack
    .callsSince(since)
    .filter((call) => call.method === method)
    .map((call) => configures.find((configure) => configure.pid === call.pid)?.label);
}

describe.sequential("the default provider", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const spec: WidgetSpec = { widgets: [{ name: "a", label: "A" }] };

  it("is stored in state with the stack config as its inputs, and resources point at it; it is not a step", async () => {
    const result = await stack.engine(spec, withLabel("L1")).up();
    expect(result.steps.map((step) => step.name)).toEqual(["a"]);
    const state = await stack.engine(spec).readState();
    const provider = state.resources.find((resource) => resource.urn === DEFAULT_PROVIDER_URN)!;
    expect(provider).toMatchObject({ type: "pulumi:providers:pulumi-nodejs", inputs: { "widget:label": "L1" } });
    expect(state.resources.find((resource) => resource.urn.endsWith("::a"))?.provider).toBe(`${DEFAULT_PROVIDER_URN}::${provider.id}`);
  });

  it("refresh configures the host from the stored inputs, not the current config", async () => {
    const before = stack.callCount();
    await stack.engine(spec, withLabel("L2")).refresh();
    expect(labelsOf(stack, "read", before)).toEqual(["L1"]);
  });

  it("refresh --run-program and PULUMI_RUN_PROGRAM=true use the current config (and leave the stored provider alone)", async () => {
    let before = stack.callCount();
    await stack.engine(spec, withLabel("L2")).refresh({ runProgram: true });
    expect(labelsOf(stack, "read", before)).toEqual(["L2"]);
    before = stack.callCount();
    await stack.engine(spec, withLabel("L3", { PULUMI_RUN_PROGRAM: "true" })).refresh();
    expect(labelsOf(stack, "read", before)).toEqual(["L3"]);
    const state = await stack.engine(spec).readState();
    expect(state.resources.find((resource) => resource.urn === DEFAULT_PROVIDER_URN)?.inputs["widget:label"]).toBe("L1");
  });

  it("preview --refresh reads with the stored config and diffs with the current one; with --run-program it reads with the current one", async () => {
    let before = stack.callCount();
    await stack.engine(spec, withLabel("L2")).preview({ refresh: true });
    expect(labelsOf(stack, "read", before)).toEqual(["L1"]);
    expect(labelsOf(stack, "diff", before)).toEqual(["L1", "L2"]); // the refresh step's Diff, then the program's
    before = stack.callCount();
    await stack.engine(spec, withLabel("L2")).preview({ refresh: true, runProgram: true });
    expect(labelsOf(stack, "read", before)).toEqual(["L2"]);
  });

  it("up with a new config updates the stored provider; destroy then uses it, unless --run-program gives the current one", async () => {
    await stack.engine(spec, withLabel("L2")).up();
    const state = await stack.engine(spec).readState();
    expect(state.resources.find((resource) => resource.urn === DEFAULT_PROVIDER_URN)?.inputs["widget:label"]).toBe("L2");

    const before = stack.callCount();
    await stack.engine(spec, withLabel("L9")).destroy();
    expect(labelsOf(stack, "delete", before)).toEqual(["L2"]);
    expect((await stack.engine(spec).readState()).resources).toEqual([]);

    await stack.engine(spec, withLabel("L2")).up();
    const again = stack.callCount();
    await stack.engine(spec, withLabel("L5")).destroy({ runProgram: true });
    expect(labelsOf(stack, "delete", again)).toEqual(["L5"]);
  });
});

describe.sequential("explicit providers", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const spec = (label: string): WidgetSpec => ({ providers: { eu: { label } }, widgets: [{ name: "r", label: "R", provider: "eu" }] });

  it("refresh and destroy use the arguments stored at the last up; --run-program the program's", async () => {
    await stack.engine(spec("E1")).up();
    let before = stack.callCount();
    await stack.engine(spec("E2")).refresh();
    expect(labelsOf(stack, "read", before)).toEqual(["E1"]);
    before = stack.callCount();
    await stack.engine(spec("E2")).refresh({ runProgram: true });
    expect(labelsOf(stack, "read", before)).toEqual(["E2"]);
    before = stack.callCount();
    await stack.engine(spec("E3")).destroy();
    expect(labelsOf(stack, "delete", before)).toEqual(["E1"]);
  });
});

describe("an explicit provider whose inputs are unknown in preview", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  it("is not configured: Check echoes, no Diff is made, the step is an update, and the engine warns", async () => {
    const stack = newStack();
    const spec = (kind: string): WidgetSpec => ({
      providers: { dyn: { labelFrom: "a" } },
      widgets: [
        { name: "a", label: "A", kind },
        { name: "b", label: "B", provider: "dyn" },
      ],
    });
    await stack.engine(spec("plain")).up();
    const aId = stack.remote().objects["w-1"] ? "w-1" : Object.keys(stack.remote().objects)[0];
    expect(Object.values(stack.remote().objects).find((object) => object.label === "B")?.configLabel).toBe(`label-from-${aId}`);

    const before = stack.callCount();
    // Replacing a makes its id, and so dyn's label, unknown during preview.
    const preview = await stack.engine(spec("k2")).preview();
    const ops = Object.fromEntries(preview.steps.map((step) => [step.name, step.op]));
    expect(ops).toEqual({ a: "replace", dyn: "update", b: "update" });
    const callsForB = stack.callsSince(before).filter((call) => JSON.stringify(call.args).includes('"label":"B"'));
    expect(callsForB).toEqual([]);
    const b = preview.steps.find((step) => step.name === "b")!;
    expect(preview.diagnostics).toEqual([
      {
        severity: "warning",
        urn: b.urn,
        message:
          "The provider for this resource has inputs that are not known during preview.\nThis preview may not correctly represent the changes that will be applied during an update.",
      },
    ]);
  });
});
