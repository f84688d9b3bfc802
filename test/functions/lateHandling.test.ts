// A data function's failure in a program prints its one message: Node's warning that a rejection "was handled
// asynchronously" (a top-level export Pulumi takes in after the function failed) is kept quiet for the package's own
// errors, and still printed for any other promise. test/e2e/userErrors.test.ts runs such programs through the engine.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";

/** Runs `body` in a plain Node process with the built package's error marking loaded; the warnings it printed. */
function warningsOf(body: string): string[] {
  assertDistIsFresh();
  const script = [
    `const { asRunError } = require(${JSON.stringify(path.join(REPO_ROOT, "dist", "resources", "common", "programErrors.js"))});`,
    // As Pulumi's program runner does: it reports unhandled rejections itself.
    "process.on('unhandledRejection', () => {});",
    body,
  ].join("\n");
  const { NODE_NO_WARNINGS: _quiet, ...env } = process.env;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env });
  expect(run.status, run.stderr).toBe(0);
  return run.stderr.split("\n").filter((line) => line.includes("Warning:"));
}

it("no warning for the package's error handled late, through a derived promise too", () => {
  expect(warningsOf("const p = Promise.reject(asRunError(new Error('ours'))).then((x) => x); setTimeout(() => p.catch(() => {}), 20);")).toEqual([]);
});

it("the warning as Node prints it for another promise handled late", () => {
  const warnings = warningsOf("asRunError(new Error('ours')); const p = Promise.reject(new Error('theirs')).then((x) => x); setTimeout(() => p.catch(() => {}), 20);");
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/PromiseRejectionHandledWarning: Promise rejection was handled asynchronously/);
});

it("the package's error carries its message as its stack: inspecting it in colour, as the runner does, is immediate on Node 20.20", () => {
  assertDistIsFresh();
  // A stack as the runner sees one (the SDK's frames source-mapped under node_modules/@pulumi/), which Node 20.20's
  // coloured inspect of an error loops on (nodejs/node#64011).
  const script = [
    `const { asRunError } = require(${JSON.stringify(path.join(REPO_ROOT, "dist", "resources", "common", "programErrors.js"))});`,
    "const error = new Error('Missing tenant domain');",
    "error.stack = 'Error: Missing tenant domain\\n    at async applyHelperAsync (/project/node_modules/@pulumi/output.ts:516:25)';",
    "asRunError(error);",
    "process.stdout.write(require('util').inspect(error, { colors: true }));",
  ].join("\n");
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 10_000 });
  expect(run.signal, "the inspect did not finish within 10 s").toBeNull();
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain("Missing tenant domain");
  expect(run.stdout).not.toContain("    at ");
});
