/**
 * How the engine stand-in fails: check failures printed as the engine prints them (§8 rule 8: the top-level input
 * value with Go's %v, secrets in plain text unless they are current stack-config secrets), a crashed host or a hung
 * program ends the run quickly with a clear error.
 */
import { describe, expect, it } from "vitest";
import { EngineRunError } from "../testEngine";
import { stackFactory } from "./fixtures/stacks";
import { WIDGET_TYPE, WidgetStack } from "./fixtures/widgetStack";

const SECRET = "SENTINEL-never-in-errors-92c1";
const newStack = stackFactory(() => new WidgetStack());

async function failure(run: Promise<unknown>): Promise<EngineRunError> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineRunError);
  return error as EngineRunError;
}

describe("engine stand-in failures", () => {
  it("a check failure prints the top-level input value, as the engine does, and stops before any other call", async () => {
    const stack = newStack();
    const error = await failure(stack.engine({ widgets: [{ name: "bad", label: "x", size: -3 }] }).up());
    expect(error.message).toContain(
      `pulumi-nodejs:dynamic/widget:Widget resource 'bad': property size value {-3} has a problem: size must be a number >= 0, got -3`,
    );
    expect(error.result.steps).toEqual([]);
    expect(stack.remote().calls.map((call) => call.method)).toEqual(["check"]);
  });

  it("a failure on a secret input shows its plaintext, unless it is a current stack-config secret", async () => {
    const weak = `weak-${SECRET}`;
    const spec = { widgets: [{ name: "pw", label: "x", password: weak }] };
    // The password reaches the program as pulumi.secret(...) but is not itself a stack-config value: printed.
    const shown = await failure(newStack().engine(spec, { config: { "widget:other": { value: "unrelated-secret", secret: true } } }).up());
    expect(shown.message).toContain(`resource 'pw': property password value {&{{${weak}}}} has a problem: password is too weak`);
    // The same value held as a stack secret is masked by the CLI's filter.
    const masked = await failure(newStack().engine(spec, { config: { "widget:leaked": { value: weak, secret: true } } }).up());
    expect(masked.message).toContain("resource 'pw': property password value {&{{[secret]}}} has a problem: password is too weak");
    expect(masked.message).not.toContain(SECRET);
  });

  it("a nested property path finds no top-level input ({<nil>}); a failure without a property prints only the reason", async () => {
    const nested = await failure(newStack().engine({ widgets: [{ name: "n", label: "x", size: 13 }] }).up());
    expect(nested.message).toContain("resource 'n': property size.value value {<nil>} has a problem: 13 is unlucky");
    const bare = await failure(newStack().engine({ widgets: [{ name: "k", label: "x", kind: "forbidden" }] }).preview());
    expect(bare.message).toContain("pulumi-nodejs:dynamic/widget:Widget resource 'k' has a problem: kind forbidden is not allowed");
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
