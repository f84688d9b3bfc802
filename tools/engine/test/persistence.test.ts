/**
 * What a real program run leaves in the state file, entry by entry, as the engine and the file backend store it:
 * timestamps through create, same, update, read and refresh; the property dependencies and source positions the
 * Node SDK sends; compact JSON; and a file an older stand-in wrote. The tests run in order and share the stack.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ResourceState } from "../stateStore";
import { WidgetStack, type WidgetSpec } from "./fixtures/widgetStack";

const stack = new WidgetStack();
afterAll(() => stack.cleanup());

type Stored = Partial<ResourceState> & { urn: string; type: string };

async function storedEntries(spec: WidgetSpec): Promise<Record<string, Stored>> {
  const raw = await stack.engine(spec).rawState();
  expect(raw).not.toContain("\n");
  const resources = (JSON.parse(raw) as { checkpoint: { latest: { resources: Stored[] } } }).checkpoint.latest.resources;
  return Object.fromEntries(resources.map((resource) => [resource.urn.split("::").pop()!, resource]));
}

const base: WidgetSpec = {
  widgets: [
    { name: "a", label: "A" },
    { name: "b", label: "B", dependsOn: ["a"] },
    { name: "c", labelFrom: "a" },
  ],
};
const RFC3339_NANO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{0,8}[1-9])?Z$/;

describe.sequential("the state file through a stack's life", () => {
  let first: Record<string, Stored>;
  let ids: Record<string, string>;

  it("a create stores both timestamps, the SDK's property dependencies, the source position and stack trace", async () => {
    const result = await stack.engine(base).up();
    ids = result.outputs.widgetIds as Record<string, string>;
    first = await storedEntries(base);
    const { a, b, c } = first;
    for (const widget of [a, b, c]) {
      expect(widget.created).toMatch(RFC3339_NANO);
      expect(widget.modified).toBe(widget.created);
      // One entry per input the program sent; `label` of c came from a's id.
      expect(Object.keys(widget.propertyDependencies!).sort()).toEqual(Object.keys(widget.inputs!).sort());
      // index.js, as a URI relative to the folder of Pulumi.yaml; the stack trace starts at the same frame.
      expect(widget.sourcePosition).toMatch(/^project:\/\/\/index\.js#\d+,\d+$/);
      expect(widget.stackTrace![0]).toEqual({ sourcePosition: widget.sourcePosition });
    }
    expect(c.propertyDependencies!.label).toEqual([a.urn]);
    expect(c.propertyDependencies!.size).toEqual([]);
    // dependsOn is a dependency of the resource, not of a property; none at all leaves the field out.
    expect(b.dependencies).toEqual([a.urn]);
    expect(Object.values(b.propertyDependencies!).flat()).toEqual([]);
    expect(a).not.toHaveProperty("dependencies");
    // The engine registers the default provider itself: timestamps, nothing from a request.
    const provider = first.default;
    expect(provider.created).toMatch(RFC3339_NANO);
    expect(provider).not.toHaveProperty("propertyDependencies");
    expect(provider).not.toHaveProperty("sourcePosition");
    // In memory the omitted lists are empty again.
    const state = await stack.engine(base).readState();
    expect(state.resources.find((resource) => resource.urn === a.urn)!.dependencies).toEqual([]);
  });

  it("same steps keep the timestamps; a read (.get) stores none the first time", async () => {
    const spec: WidgetSpec = { widgets: [...base.widgets!, { name: "r", get: ids.b }] };
    await stack.engine(spec).up();
    const now = await storedEntries(spec);
    for (const name of ["a", "b", "c"]) {
      expect([name, now[name].created, now[name].modified]).toEqual([name, first[name].created, first[name].modified]);
    }
    // The default provider's inputs are the stack config, whose spec changed: an update of a provider.
    expect(now.default.created).toBe(first.default.created);
    expect(now.default.modified! > first.default.modified!).toBe(true);
    expect(now.r.external).toBe(true);
    expect(now.r).not.toHaveProperty("created");
    expect(now.r).not.toHaveProperty("modified");
    expect(now.r).not.toHaveProperty("propertyDependencies");
    expect(now.r.sourcePosition).toMatch(/^project:\/\/\/index\.js#/);
  });

  it("an update keeps `created` and moves `modified`; a read whose outputs changed gets a `modified` only", async () => {
    const spec: WidgetSpec = { widgets: [{ name: "a", label: "A2" }, ...base.widgets!.slice(1), { name: "r", get: ids.b }] };
    stack.changeRemote((remote) => (remote.objects[ids.b].label = "B-drifted"));
    await stack.engine(spec).up();
    const now = await storedEntries(spec);
    expect(now.a.created).toBe(first.a.created);
    expect(now.a.modified! > first.a.modified!).toBe(true);
    // b's drift is not looked at without a refresh: a same step.
    expect([now.b.created, now.b.modified]).toEqual([first.b.created, first.b.modified]);
    expect(now.r).not.toHaveProperty("created");
    expect(now.r.modified).toMatch(RFC3339_NANO);
  });

  it("refresh moves `modified` only where the read found a change", async () => {
    const spec: WidgetSpec = { widgets: [{ name: "a", label: "A2" }, ...base.widgets!.slice(1)] };
    await stack.engine(spec).up(); // r leaves the stack
    const before = await storedEntries(spec);
    await stack.engine(spec).refresh(); // b drifted in the test before
    const after = await storedEntries(spec);
    expect(after.b.created).toBe(before.b.created);
    expect(after.b.modified! > before.b.modified!).toBe(true);
    expect(after.a.modified).toBe(before.a.modified);
    expect(after.c.modified).toBe(before.c.modified);
  });

  it("a file an older stand-in wrote (indented, no timestamps or positions) loads; old resources stay without `created`", async () => {
    const spec: WidgetSpec = { widgets: [{ name: "a", label: "A3" }, ...base.widgets!.slice(1)] };
    const file = path.join(stack.dir, "state", "dev.state.json");
    const checkpoint = JSON.parse(fs.readFileSync(file, "utf8")) as { checkpoint: { latest: { resources: Record<string, unknown>[] } } };
    for (const resource of checkpoint.checkpoint.latest.resources) {
      for (const key of ["created", "modified", "propertyDependencies", "sourcePosition", "stackTrace"]) delete resource[key];
      resource.dependencies ??= [];
    }
    fs.writeFileSync(file, `${JSON.stringify(checkpoint, null, 2)}\n`);
    const result = await stack.engine(spec).up();
    // b: the refresh before took its drift into its inputs, so the program's label is a change again.
    expect(Object.fromEntries(result.steps.map((step) => [step.name, step.op]))).toEqual({ a: "update", b: "update", c: "same" });
    const now = await storedEntries(spec);
    expect(now.a).not.toHaveProperty("created");
    expect(now.a.modified).toMatch(RFC3339_NANO);
    expect(now.c).not.toHaveProperty("modified");
    expect(now.c.sourcePosition).toMatch(/^project:\/\/\/index\.js#/);
  });

  it("a provider configured from stored inputs keeps its host when the program registers the same settings", async () => {
    // Stored map keys are sorted; the stack config arrives in another order, which is no change of settings.
    const spec: WidgetSpec = { widgets: [{ name: "a", label: "A3" }, ...base.widgets!.slice(1)] };
    const before = stack.remote().configures.length;
    await stack.engine(spec).up({ refresh: true });
    expect(stack.remote().configures.length - before).toBe(1);
  });
});
