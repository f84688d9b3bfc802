/**
 * Scheduling as the real engine does it: `--parallel` resolved like the CLI's and passed to the program, Check one
 * registration at a time, the operations on at most `--parallel` workers; and state writes that never make a step
 * wait (folded together, flushed at the end).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Limiter, resolveParallelism } from "../scheduler";
import { StateStore, type ResourceState } from "../stateStore";
import { WidgetStack, type RemoteCall, type WidgetSpec } from "./fixtures/widgetStack";

const stacks: WidgetStack[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "engine-scheduling-"));
afterAll(() => {
  stacks.forEach((stack) => stack.cleanup());
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The most calls whose [start, end] intervals overlap at one moment. */
function maxOverlap(calls: RemoteCall[]): number {
  const edges = calls.flatMap((call) => [
    [call.start, 1],
    [call.end, -1],
  ]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let peak = 0;
  for (const [, change] of edges) peak = Math.max(peak, (open += change));
  return peak;
}

describe("parallelism", () => {
  it("is resolved like the CLI's: the flag, else PULUMI_PARALLEL, else 4 × CPUs; ≤ 1 means 1", () => {
    expect(resolveParallelism(undefined, {})).toBe(4 * os.cpus().length);
    expect(resolveParallelism(undefined, { PULUMI_PARALLEL: "3" })).toBe(3);
    expect(resolveParallelism(5, { PULUMI_PARALLEL: "3" })).toBe(5);
    expect(resolveParallelism(0, {})).toBe(1);
    expect(resolveParallelism(-4, {})).toBe(1);
  });

  it("a Limiter never runs more than its limit and starts tasks in order", async () => {
    const limiter = new Limiter(2);
    const started: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        limiter.run(async () => {
          started.push(index);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }),
      ),
    );
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.peak).toBe(2);
  });

  it("Check runs one registration at a time; creates on at most --parallel workers, the value the program is given", async () => {
    // Three providers = three host processes, so only the engine can keep their calls apart.
    const spec: WidgetSpec = {
      providers: { p1: { label: "1" }, p2: { label: "2" }, p3: { label: "3" } },
      widgets: ["p1", "p2", "p3", "p1", "p2", "p3"].map((provider, index) => ({ name: `w${index}`, label: "x", provider, slowMs: 600 })),
    };
    for (const parallel of [1, 2]) {
      const stack = new WidgetStack();
      stacks.push(stack);
      const result = await stack.engine(spec, { env: { PULUMI_PARALLEL: String(parallel) } }).up();
      expect(result.parallel).toBe(parallel);
      expect(result.outputs.parallelArg).toBe(String(parallel));
      const calls = stack.remote().calls;
      expect(maxOverlap(calls.filter((call) => call.method === "check"))).toBe(1);
      expect(maxOverlap(calls.filter((call) => call.method === "create"))).toBe(parallel);
      expect(result.peakOperations).toBe(parallel);
    }
  }, 180_000);
});

describe("state writes", () => {
  it("are folded together: a burst of requests costs a few writes, and flush leaves the newest snapshot on disk", async () => {
    const store = new StateStore(dir, "burst", "p");
    const resources: ResourceState[] = [];
    for (let index = 0; index < 300; index++) {
      resources.push({ urn: `urn:pulumi:burst::p::t::r${index}`, type: "t", custom: true, id: `id-${index}`, inputs: {}, outputs: {}, dependencies: [] });
      store.requestSave(() => resources);
    }
    await store.flush();
    expect(store.writeCount).toBeLessThanOrEqual(2);
    expect((await new StateStore(dir, "burst", "p").load()).map((resource) => resource.id)).toHaveLength(300);
  });

  it("a no-op up writes the state a few times, not once per unchanged resource (the engine's mustWrite rule)", async () => {
    const stack = new WidgetStack();
    stacks.push(stack);
    const spec: WidgetSpec = { widgets: Array.from({ length: 40 }, (_, index) => ({ name: `w${index}`, label: "x" })) };
    const engine = stack.engine(spec);
    const first = await engine.up();
    expect(first.steps.filter((step) => step.op === "create")).toHaveLength(40);
    const noop = await engine.up();
    expect(noop.steps.filter((step) => step.op === "same")).toHaveLength(40);
    // The default provider, the stack, its outputs and the final snapshot: a constant, whatever the resource count.
    expect(noop.stateWrites).toBeLessThanOrEqual(4);
    // Writes are elided, not lost: the state still holds every widget.
    expect((await engine.readState()).resources.filter((resource) => resource.type.endsWith("Widget"))).toHaveLength(40);
  }, 120_000);

  it("every-step checkpoints write the whole state at the start and end of each create, update and delete, unless PULUMI_SKIP_CHECKPOINTS", async () => {
    const widgets = (label: string): WidgetSpec => ({ widgets: Array.from({ length: 5 }, (_, index) => ({ name: `w${index}`, label })) });
    const measure = async (env: NodeJS.ProcessEnv) => {
      const stack = new WidgetStack();
      stacks.push(stack);
      const run = (spec: WidgetSpec) => stack.engine(spec, { checkpoints: "every-step", env }).up({ parallel: 2 });
      const created = await run(widgets("a"));
      const updated = await run(widgets("b"));
      const deleted = await run({ widgets: [] });
      return { created, updated, deleted };
    };
    const every = await measure({});
    const skipped = await measure({ PULUMI_SKIP_CHECKPOINTS: "true" });
    for (const phase of ["created", "updated", "deleted"] as const) {
      // Two writes per widget step; skipped checkpoints leave only the few folded writes.
      expect(every[phase].stateWrites).toBeGreaterThanOrEqual(2 * 5);
      expect(skipped[phase].stateWrites).toBeLessThan(2 * 5);
      expect(every[phase].stateBytesWritten).toBeGreaterThan(skipped[phase].stateBytesWritten ?? 0);
    }
    // Every write is the whole state: the bytes grow with the snapshot, not only with the step.
    expect(every.created.stateBytesWritten).toBeGreaterThan(10 * 5 * 100);
  }, 180_000);
});
