/**
 * How the engine stand-in fails: check failures name the resource and property (never the values), a crashed
 * host or a hung program ends the run quickly with a clear error.
 */
import { afterAll, describe, expect, it } from "vitest";
import { EngineRunError } from "../engine";
import { WIDGET_TYPE, WidgetStack } from "./fixtures/widgetStack";

const SECRET = "SENTINEL-never-in-errors-92c1";
const stacks: WidgetStack[] = [];
function newStack(): WidgetStack {
  const stack = new WidgetStack();
  stacks.push(stack);
  return stack;
}
afterAll(() => stacks.forEach((stack) => stack.cleanup()));

async function failure(run: Promise<unknown>): Promise<EngineRunError> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineRunError);
  return error as EngineRunError;
}

describe("engine stand-in failures", () => {
  it("a check failure fails the run, naming resource, property and reason but no secret", async () => {
    const stack = newStack();
    const error = await failure(stack.engine({ widgets: [{ name: "bad", label: "x", size: -3, password: SECRET }] }).up());
    expect(error.message).toContain(`${WIDGET_TYPE} 'bad'`);
    expect(error.message).toContain("property size: size must be a number >= 0, got -3");
    expect(error.message).not.toContain(SECRET);
    expect(error.result.steps).toEqual([]);
    expect(stack.remote().calls.map((call) => call.method)).toEqual(["check"]);
  });

  it("a host that dies mid-call fails the run at once with the method, exit code and stderr tail", async () => {
    const stack = newStack();
    const started = Date.now();
    const error = await failure(stack.engine({ widgets: [{ name: "doomed", label: "x", crashOn: "create" }] }).up());
    expect(error.message).toMatch(/dynamic-provider host \(pid \d+\) exited with code 3 during or before Create/);
    expect(error.message).toContain(`${WIDGET_TYPE} 'doomed'`);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("a partially failed create fails the run but is recorded with its id, as the engine does", async () => {
    const stack = newStack();
    const spec = { widgets: [{ name: "half", label: "x", failOn: "create-partial" }] };
    const error = await failure(stack.engine(spec).up());
    expect(error.message).toContain(`${WIDGET_TYPE} 'half': Create failed: widget was created but did not become ready`);
    const [id] = Object.keys(stack.remote().objects);
    const half = (await stack.engine(spec).readState()).resources.find((resource) => resource.urn.endsWith("::half"));
    expect(half).toMatchObject({ id, outputs: { label: "x" } });
  });

  it("a program that never finishes is killed at the deadline", async () => {
    const stack = newStack();
    const started = Date.now();
    const error = await failure(stack.engine({ widgets: [{ name: "w", label: "x" }], hang: true }, { timeoutMs: 4_000 }).up());
    expect(error.message).toContain("the program did not finish within 4000 ms and was killed");
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
