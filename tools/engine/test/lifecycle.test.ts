/**
 * One stack through its life with the engine stand-in, every operation going through the real program runtime and
 * real dynamic-provider hosts: preview, create, no-op, update, both replace orders, drift, refresh, delete, destroy.
 * The tests run in order and share the stack.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ExpectNoChangesError, proposedChanges, type RunResult } from "../testEngine";
import { displayedChanges } from "../steps";
import { WIDGET_TYPE, WidgetStack, type RemoteCall, type WidgetSpec } from "./fixtures/widgetStack";

const stack = new WidgetStack();
afterAll(() => stack.cleanup());

function opsByName(result: RunResult): Record<string, string> {
  return Object.fromEntries(result.steps.map((step) => [step.name, step.op]));
}

function methods(calls: RemoteCall[]): string[] {
  return calls.map((call) => `${call.method}${call.args.id ? ` ${call.args.id}` : ""}`);
}

const base: WidgetSpec = {
  widgets: [
    { name: "a", label: "A" },
    { name: "b", label: "B", dependsOn: ["a"] },
    { name: "c", labelFrom: "a" },
    { name: "d", label: "D" },
  ],
};
type WidgetArgs = NonNullable<WidgetSpec["widgets"]>[number];
const withA = (changes: Partial<WidgetArgs>, without: string[] = []): WidgetSpec => ({
  widgets: base.widgets!.filter((widget) => !without.includes(widget.name)).map((widget) => (widget.name === "a" ? { ...widget, ...changes } : widget)),
});
const finalSpec = withA({ label: "A2", kind: "k3", dbr: true }, ["b"]);

describe.sequential("TestEngine lifecycle", () => {
  let ids: Record<string, string> = {};

  it("preview plans creates without creating anything or writing state", async () => {
    const result = await stack.engine(base).preview();
    expect(opsByName(result)).toEqual({ a: "create", b: "create", c: "create", d: "create" });
    expect(result.steps.every((step) => step.type === WIDGET_TYPE)).toBe(true);
    expect(result.changed).toBe(true);
    const called = new Set(stack.remote().calls.map((call) => call.method));
    expect(called).toEqual(new Set(["check"]));
    expect(await stack.engine(base).rawState()).toBe("");
  });

  it("up creates every widget, records ids, outputs and dependencies", async () => {
    const result = await stack.engine(base).up();
    expect(opsByName(result)).toEqual({ a: "create", b: "create", c: "create", d: "create" });
    ids = result.outputs.widgetIds as Record<string, string>;
    expect(Object.keys(stack.remote().objects).sort()).toEqual(Object.values(ids).sort());
    // c's label came from a's id, which only exists after a was created.
    expect(stack.remote().objects[ids.c].label).toBe(`child-of-${ids.a}`);
    const state = await stack.engine(base).readState();
    const urnOf = (name: string) => state.resources.find((resource) => resource.urn.endsWith(`::${name}`))!;
    expect(urnOf("b").dependencies).toContain(urnOf("a").urn);
    expect(urnOf("c").dependencies).toContain(urnOf("a").urn);
  });

  it("a second up changes nothing and makes no create, update or delete call", async () => {
    const before = stack.callCount();
    const result = await stack.engine(base).up();
    expect(opsByName(result)).toEqual({ a: "same", b: "same", c: "same", d: "same" });
    expect(result.changed).toBe(false);
    expect(methods(stack.callsSince(before)).filter((method) => !/^(check|diff)/.test(method))).toEqual([]);
  });

  it("changing an input updates that widget only", async () => {
    const before = stack.callCount();
    const result = await stack.engine(withA({ label: "A2" })).up();
    expect(opsByName(result)).toEqual({ a: "update", b: "same", c: "same", d: "same" });
    const stepA = result.steps.find((step) => step.name === "a")!;
    // The provider reports no keys (a dynamic provider never does); the display compares the states.
    expect(stepA.diffs).toBeUndefined();
    expect(displayedChanges(stepA)).toEqual(["label"]);
    expect(stepA.new?.outputs).toMatchObject({ label: "A2", version: 2 });
    expect(methods(stack.callsSince(before))).toContain(`update ${ids.a}`);
    expect(stack.remote().objects[ids.a]).toMatchObject({ label: "A2", version: 2 });
  });

  it("a replace-key change creates the replacement before deleting the old object", async () => {
    const before = stack.callCount();
    const result = await stack.engine(withA({ label: "A2", kind: "k2" })).up();
    expect(result.steps.find((step) => step.name === "a")).toMatchObject({ op: "replace", replaces: ["kind"] });
    // c's label follows a's new id: an update, done before the old a is deleted at the end.
    expect(opsByName(result)).toMatchObject({ b: "same", c: "update", d: "same" });
    const calls = methods(stack.callsSince(before)).filter((method) => !/^(check|diff)/.test(method));
    expect(calls).toEqual(["create", `update ${ids.c}`, `delete ${ids.a}`]);
    const newA = (result.outputs.widgetIds as Record<string, string>).a;
    expect(stack.remote().objects[ids.a]).toBeUndefined();
    expect(stack.remote().objects[newA]).toMatchObject({ kind: "k2" });
    ids = result.outputs.widgetIds as Record<string, string>;
  });

  it("with deleteBeforeReplace the old object goes first; a widget dropped from the program is deleted", async () => {
    const before = stack.callCount();
    const result = await stack.engine(finalSpec).up();
    expect(result.steps.find((step) => step.name === "a")).toMatchObject({ op: "replace", replaces: ["kind"] });
    expect(opsByName(result)).toMatchObject({ b: "delete", c: "update", d: "same" });
    const calls = methods(stack.callsSince(before)).filter((method) => /^(create|delete)/.test(method));
    expect(calls).toEqual([`delete ${ids.a}`, "create", `delete ${ids.b}`]);
    expect(stack.remote().objects[ids.b]).toBeUndefined();
    ids = result.outputs.widgetIds as Record<string, string>;
  });

  it("preview --refresh sees out-of-band changes; expectNoChanges fails with the CLI's message, counting only the update's steps", async () => {
    stack.changeRemote((remote) => {
      remote.objects[ids.a].size = 5;
      delete remote.objects[ids.d];
    });
    const rawBefore = await stack.engine(finalSpec).rawState();
    const error = await stack
      .engine(finalSpec)
      .preview({ refresh: true, expectNoChanges: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExpectNoChangesError);
    const failed = error as ExpectNoChangesError;
    expect(failed.message).toBe("no changes were expected for preview but changes were proposed");
    const proposed = proposedChanges(failed.result.steps, "preview");
    expect(proposed.map((step) => `${step.op} ${step.type} ${step.name}`).sort()).toEqual([`create ${WIDGET_TYPE} d`, `update ${WIDGET_TYPE} a`]);
    // The refreshed size reached the inputs, so the display names it.
    expect(displayedChanges(proposed.find((step) => step.name === "a")!)).toEqual(["size"]);
    expect(opsByName(failed.result)).toEqual({ a: "update", c: "same", d: "create" });
    // Preview never persists what refresh read.
    expect(await stack.engine(finalSpec).rawState()).toBe(rawBefore);
  });

  it("refresh takes in the change and drops the object deleted by hand", async () => {
    const result = await stack.engine(finalSpec).refresh();
    expect(opsByName(result)).toEqual({ a: "refresh-update", c: "refresh-same", d: "refresh-delete" });
    expect(displayedChanges(result.steps.find((step) => step.name === "a")!)).toEqual(["size"]);
    const state = await stack.engine(finalSpec).readState();
    const a = state.resources.find((resource) => resource.urn.endsWith("::a"))!;
    expect(a.outputs.size).toBe(5);
    expect(a.inputs.size).toBe(5);
    expect(state.resources.some((resource) => resource.urn.endsWith("::d"))).toBe(false);
  });

  it("destroy deletes dependents before what they depend on and empties the state", async () => {
    const before = stack.callCount();
    const result = await stack.engine(finalSpec).destroy();
    expect(result.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["delete c", "delete a"]);
    expect(methods(stack.callsSince(before))).toEqual([`delete ${ids.c}`, `delete ${ids.a}`]);
    expect(stack.remote().objects).toEqual({});
    expect((await stack.engine(finalSpec).readState()).resources).toEqual([]);
  });
});
