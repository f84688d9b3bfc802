/** The stand-in's entry points besides the API: TypeScript programs (through ts-node, as cmd/run does) and cli.ts. */
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatResult, parseArgs, runCli } from "../cli";
import { TestEngine } from "../testEngine";
import { WIDGET_PROJECT_DIR, WidgetStack } from "./fixtures/widgetStack";
import { UNKNOWN_VALUE, secretEnvelope } from "../values";

const stacks: WidgetStack[] = [];
afterAll(() => stacks.forEach((stack) => stack.cleanup()));

describe("TypeScript programs", () => {
  it("runs a .ts main through ts-node and previews its resources", async () => {
    const stack = new WidgetStack();
    stacks.push(stack);
    const engine = new TestEngine({
      projectDir: path.join(__dirname, "fixtures", "widgetProjectTs"),
      stack: "dev",
      stateDir: path.join(stack.dir, "state"),
      passphrase: "p",
      config: { "widget:typedLabel": { value: "typed label" } },
      // Type-checking is the program author's business (tsc); skip it here to keep the suite quick.
      env: { WIDGET_REMOTE_STATE: stack.remoteFile, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
    });
    const result = await engine.preview();
    expect(result.steps).toMatchObject([{ op: "create", type: "widget:Widget", name: "typed" }]);
    expect(result.outputs).toEqual({ label: "typed label" });
  });
});

describe("cli.ts", () => {
  it("parses commands, flags and config", () => {
    expect(parseArgs(["up", "--project-dir", "p", "--stack", "s", "--state-dir", "d", "--config", "a:b=c=d", "--secret", "a:k=v", "--refresh", "--run-program", "--parallel", "3"])).toEqual({
      command: "up",
      projectDir: "p",
      stack: "s",
      stateDir: "d",
      refresh: true,
      expectNoChanges: false,
      runProgram: true,
      parallel: 3,
      config: { "a:b": { value: "c=d", secret: false }, "a:k": { value: "v", secret: true } },
    });
    expect(() => parseArgs(["deploy"])).toThrow(/preview, up, refresh, destroy/);
    expect(() => parseArgs(["up", "--stack", "s"])).toThrow(/--project-dir is required/);
  });

  it("prints steps with the properties --diff would show, and outputs with secrets hidden", () => {
    const text = formatResult({
      steps: [
        {
          op: "update",
          type: "widget:Widget",
          name: "a",
          urn: "u",
          old: { inputs: { label: "x", size: 1, kind: "k" }, outputs: {} },
          new: { inputs: { label: "y", size: 2, kind: "k" }, outputs: {} },
        },
      ],
      outputs: { token: secretEnvelope("hidden-value"), id: "w-1", later: UNKNOWN_VALUE },
      changed: true,
      programOutput: "",
      hostOutput: "",
      logs: [],
      diagnostics: [],
      parallel: 8,
      peakOperations: 1,
    });
    expect(text).toMatch(/^OPERATION\s+TYPE\s+NAME\s+PROPERTIES\nupdate\s+widget:Widget\s+a\s+label,size$/m);
    expect(text).toContain('token: "[secret]"');
    expect(text).toContain('later: "[unknown]"');
    expect(text).not.toContain("hidden-value");
  });

  it("exits 7 with the CLI's message when --expect-no-changes finds changes, listing them", async () => {
    const stack = new WidgetStack();
    stacks.push(stack);
    const spec = JSON.stringify({ widgets: [{ name: "a", label: "A" }] });
    const args = ["preview", "--expect-no-changes", "--project-dir", WIDGET_PROJECT_DIR, "--stack", "dev", "--state-dir", stack.dir, "--config", `widget:spec=${spec}`];
    let stdout = "";
    let stderr = "";
    const code = await runCli(args, {
      out: (text) => (stdout += `${text}\n`),
      err: (text) => (stderr += `${text}\n`),
      env: { PULUMI_CLI: "0", PULUMI_CONFIG_PASSPHRASE: "p", WIDGET_REMOTE_STATE: stack.remoteFile },
    });
    expect(code).toBe(7);
    expect(stdout).toMatch(/^create\s+widget:Widget\s+a$/m);
    expect(stderr).toContain('  create widget:Widget "a"\nerror: no changes were expected for preview but changes were proposed');
  });

  it("shows a warning logged about a resource as the CLI does, under the resource, and counts it among the warnings", async () => {
    const stack = new WidgetStack();
    stacks.push(stack);
    const spec = JSON.stringify({ widgets: [{ name: "a", label: "x", warn: "mind the widget" }] });
    const args = ["up", "--project-dir", WIDGET_PROJECT_DIR, "--stack", "dev", "--state-dir", stack.dir, "--config", `widget:spec=${spec}`];
    let stderr = "";
    const code = await runCli(args, {
      out: () => undefined,
      err: (text) => (stderr += `${text}\n`),
      env: { PULUMI_CLI: "0", PULUMI_CONFIG_PASSPHRASE: "p", WIDGET_REMOTE_STATE: stack.remoteFile },
    });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("widget:Widget (a):\n  warning: mind the widget\n");
  });

  it("exits 2 with usage when arguments or the passphrase are missing", async () => {
    let stderr = "";
    const io = { out: () => undefined, err: (text: string) => (stderr += text), env: {} };
    expect(await runCli(["up"], io)).toBe(2);
    expect(stderr).toContain("usage:");
    expect(await runCli(["up", "--project-dir", "p", "--stack", "s", "--state-dir", "d"], io)).toBe(2);
    expect(stderr).toContain("PULUMI_CONFIG_PASSPHRASE");
  });
});
