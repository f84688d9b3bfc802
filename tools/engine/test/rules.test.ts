/**
 * Engine rules a hand-written stand-in easily gets wrong (§8 rules 2, 3 and 7), each on the Widget fixture:
 * `.get` as a ReadStep, what `--expect-no-changes` counts per command, the `deleteBeforeReplace` option over the
 * provider's answer, `protect`, `retainOnDelete`, deletes left by a failed update running after the program, and
 * the provider host's working directory following Pulumi.yaml's `main`.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { EngineRunError, ExpectNoChangesError, TestEngine } from "../testEngine";
import { WidgetStack, type WidgetSpec } from "./fixtures/widgetStack";
import { ENGINE_RUNS_TIMEOUT_MS, stackFactory } from "./fixtures/stacks";

const newStack = stackFactory(() => new WidgetStack());

async function rejection(run: Promise<unknown>): Promise<Error> {
  const outcome = await run.then(
    () => new Error("expected the run to fail"),
    (error: unknown) => error as Error,
  );
  if (outcome.message === "expected the run to fail") throw outcome;
  return outcome;
}

function mutatingCalls(stack: WidgetStack, since: number): string[] {
  return stack
    .callsSince(since)
    .filter((call) => ["create", "update", "delete"].includes(call.method))
    .map((call) => `${call.method}${call.args.id ? ` ${call.args.id}` : ""}`);
}

describe("Resource.get is a ReadStep (rule 2)", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  it("succeeds for a missing id with nothing but __provider, and ignores the inputs Read returns", async () => {
    const stack = newStack();
    stack.changeRemote((remote) => {
      remote.objects["w-77"] = { label: "made elsewhere", size: 2, kind: "plain", token: "t", version: 4, configLabel: null, hostPid: 0 };
    });
    const spec: WidgetSpec = { widgets: [{ name: "ghost", get: "w-404" }, { name: "found", get: "w-77" }] };
    const result = await stack.engine(spec).up();
    expect(result.steps.map((step) => `${step.op} ${step.name}`).sort()).toEqual(["read found", "read ghost"]);
    const state = await stack.engine(spec).readState();
    const byName = (name: string) => state.resources.find((resource) => resource.urn.endsWith(`::${name}`))!;
    expect(Object.keys(byName("ghost").outputs)).toEqual(["__provider"]);
    expect(byName("ghost").id).toBe("w-404");
    expect(byName("found").outputs).toMatchObject({ label: "made elsewhere" });
    expect(Object.keys(byName("found").inputs)).toEqual(["__provider"]);
  });
});

describe.sequential("--expect-no-changes counts what the command's own steps change (rule 3)", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const spec = (label: string): WidgetSpec => ({ widgets: [{ name: "a", label, ignoreChanges: ["size"] }] });

  it("preview and up --refresh ignore refresh steps; refresh counts them", async () => {
    await stack.engine(spec("A")).up();
    stack.changeRemote((remote) => {
      for (const object of Object.values(remote.objects)) object.size = 5;
    });
    // The refresh sees the new size, but the program ignores size: the update itself proposes nothing.
    const preview = await stack.engine(spec("A")).preview({ refresh: true, expectNoChanges: true });
    expect(preview.steps.map((step) => step.op)).toEqual(["refresh-update", "same"]);
    expect(preview.changed).toBe(false);

    const refresh = await rejection(stack.engine(spec("A")).refresh({ expectNoChanges: true }));
    expect(refresh).toBeInstanceOf(ExpectNoChangesError);
    expect(refresh.message).toBe("no changes were expected for refresh but changes were proposed");
    // The refresh still happened (the CLI fails after the operation).
    expect((await stack.engine(spec("A")).readState()).resources.find((resource) => resource.urn.endsWith("::a"))?.outputs.size).toBe(5);
  });

  it("up fails with the update's message after applying the change", async () => {
    await stack.engine(spec("A")).up({ expectNoChanges: true });
    const error = await rejection(stack.engine(spec("A2")).up({ expectNoChanges: true }));
    expect(error).toBeInstanceOf(ExpectNoChangesError);
    expect(error.message).toBe("no changes were expected for update but changes were proposed");
    expect(Object.values(stack.remote().objects).map((object) => object.label)).toEqual(["A2"]);
  });
});

describe("resource options the engine enforces (rule 7)", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  it("deleteBeforeReplace: false overrides the provider's deleteBeforeReplace", async () => {
    const stack = newStack();
    const spec = (kind: string): WidgetSpec => ({ widgets: [{ name: "a", label: "A", kind, dbr: true, deleteBeforeReplace: false }] });
    await stack.engine(spec("k1")).up();
    const [oldId] = Object.keys(stack.remote().objects);
    const before = stack.callCount();
    await stack.engine(spec("k2")).up();
    expect(mutatingCalls(stack, before)).toEqual(["create", `delete ${oldId}`]);
  });

  it("protect refuses deleting and replacing, in preview too, until the flag is removed", async () => {
    const stack = newStack();
    const keep = (extra: Partial<NonNullable<WidgetSpec["widgets"]>[number]> = {}): WidgetSpec => ({ widgets: [{ name: "p", label: "P", protect: true, ...extra }] });
    await stack.engine(keep()).up();
    const urn = "urn:pulumi:dev::widget-fixture::pulumi-nodejs:dynamic/widget:Widget::p";
    const before = stack.callCount();

    const removed = await rejection(stack.engine({ widgets: [] }).up());
    expect(removed.message).toContain(`resource "${urn}" cannot be deleted\nbecause it is protected.`);
    expect((await rejection(stack.engine({ widgets: [] }).preview())).message).toContain("because it is protected");
    expect((await rejection(stack.engine(keep()).destroy())).message).toContain("because it is protected");
    const replaced = await rejection(stack.engine(keep({ kind: "k2" })).up());
    expect(replaced.message).toContain(`unable to replace resource "${urn}"\nas it is currently marked for protection.`);
    expect(mutatingCalls(stack, before)).toEqual([]);

    await stack.engine(keep({ protect: false })).up();
    await stack.engine(keep({ protect: false })).destroy();
    expect(stack.remote().objects).toEqual({});
  });

  it("retainOnDelete drops the resource from state without calling Delete", async () => {
    const stack = newStack();
    await stack.engine({ widgets: [{ name: "r", label: "R", retainOnDelete: true }] }).up();
    const before = stack.callCount();
    const result = await stack.engine({ widgets: [] }).up();
    expect(result.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["delete r"]);
    expect(mutatingCalls(stack, before)).toEqual([]);
    expect(Object.keys(stack.remote().objects)).toHaveLength(1);
    expect((await stack.engine({ widgets: [] }).readState()).resources.some((resource) => resource.urn.endsWith("::r"))).toBe(false);
  });

  it("a replaced object a failed update could not delete is deleted after the next program", async () => {
    const stack = newStack();
    const spec = (kind: string): WidgetSpec => ({ widgets: [{ name: "a", label: "A", kind }] });
    await stack.engine(spec("k1")).up();
    const [oldId] = Object.keys(stack.remote().objects);
    stack.changeRemote((remote) => (remote.objects[oldId].stuck = true));
    const failed = await rejection(stack.engine(spec("k2")).up());
    expect(failed).toBeInstanceOf(EngineRunError);
    expect(failed.message).toContain(`widget ${oldId} is stuck`);
    const pending = (await stack.engine(spec("k2")).readState()).resources.filter((resource) => resource.urn.endsWith("::a"));
    expect(pending.map((resource) => resource.delete ?? false).sort()).toEqual([false, true]);

    stack.changeRemote((remote) => delete remote.objects[oldId].stuck);
    const before = stack.callCount();
    const result = await stack.engine(spec("k2")).up();
    expect(result.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["same a", "delete-replaced a"]);
    const methods = stack.callsSince(before).map((call) => call.method);
    expect(methods.indexOf("delete")).toBeGreaterThan(methods.lastIndexOf("diff"));
    expect(Object.keys(stack.remote().objects)).not.toContain(oldId);
  });
});

describe("the provider host's working directory (rule 7)", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  it("is the directory of the program Pulumi.yaml's main names, else the project directory", async () => {
    const stack = newStack();
    const spec: WidgetSpec = { widgets: [{ name: "a", label: "A" }] };
    const nestedDir = path.join(__dirname, "fixtures", "widgetProjectNested");
    const nested = new TestEngine({
      projectDir: nestedDir,
      stack: "dev",
      stateDir: path.join(stack.dir, "nested-state"),
      passphrase: "p",
      config: { "widget:spec": { value: JSON.stringify(spec) } },
      env: { WIDGET_REMOTE_STATE: stack.remoteFile, WIDGET_HANDLER_FROM_CWD: "../../widgetProvider/handler.js" },
    });
    await nested.preview();
    await stack.engine(spec).preview();
    expect(stack.remote().configures.map((configure) => configure.cwd)).toEqual([path.join(nestedDir, "program"), path.join(__dirname, "fixtures", "widgetProject")]);
  });
});
