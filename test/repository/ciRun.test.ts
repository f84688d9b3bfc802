// CI's script, `.ci/run`, counts what it runs in its last line: each vitest step's tests, and `npm run demo` (no vitest
// run) as one test of its own. Run here on a copy of the script with an `npm` on PATH that stands for each step: it
// writes the JSON report a vitest step would, and exits as the case says. So a failing demo fails CI and is counted.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO_ROOT = path.resolve(__dirname, "../..");

/**
 * The stand-in `npm`: records each command it is given, answers a vitest step (`--outputFile.json=…`) with a report of
 * STEP_PASSED passed tests, and exits with the code STEP_STATUS_<step> gives (0 when unset).
 */
const NPM_STAND_IN = `#!/usr/bin/env bash
echo "$*" >> "$NPM_LOG"
case "$*" in
  "run demo") step=demo ;;
  "test "*) step=test ;;
  "run test:reliability "*) step=reliability ;;
  "run test:sdk "*) step=sdk ;;
  *) step=other ;;
esac
for arg in "$@"; do
  case "$arg" in
    --outputFile.json=*) printf '{"numPassedTests":%s,"numFailedTests":0,"numFailedTestSuites":0}' "$STEP_PASSED" > "\${arg#--outputFile.json=}" ;;
  esac
done
status_var="STEP_STATUS_$step"
exit "\${!status_var:-0}"
`;

let scratch: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-ci-run-"));
  fs.mkdirSync(path.join(scratch, "repo", ".ci"), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, ".ci", "run"), path.join(scratch, "repo", ".ci", "run"));
  fs.mkdirSync(path.join(scratch, "bin"));
  fs.writeFileSync(path.join(scratch, "bin", "npm"), NPM_STAND_IN, { mode: 0o755 });
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** `.ci/run` with each vitest step passing `passed` tests and the steps' exit codes as given. */
function ciRun(passed: number, statuses: Partial<Record<"test" | "demo" | "reliability" | "sdk", number>>): { code: number | null; lastLine: string; commands: string[] } {
  const log = path.join(scratch, `npm-${Date.now()}.log`);
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.join(scratch, "bin")}${path.delimiter}${process.env.PATH}`, NPM_LOG: log, STEP_PASSED: String(passed) };
  for (const [step, status] of Object.entries(statuses)) env[`STEP_STATUS_${step}`] = String(status);
  const run = spawnSync("bash", [path.join(scratch, "repo", ".ci", "run")], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return {
    code: run.status,
    lastLine: run.stdout.trimEnd().split("\n").pop() ?? "",
    commands: fs.readFileSync(log, "utf8").trimEnd().split("\n"),
  };
}

describe(".ci/run's last line", () => {
  it("counts the demo as one passed test beside the three vitest steps' tests", () => {
    const run = ciRun(10, {});
    expect(run.commands).toContain("run demo");
    expect(run.lastLine).toBe(`${3 * 10 + 1} passed, 0 failed`);
    expect(run.code).toBe(0);
  });

  it("counts a failing demo as one failed test, and CI fails", () => {
    const run = ciRun(10, { demo: 1 });
    expect(run.lastLine).toBe("10 passed, 1 failed");
    expect(run.code).not.toBe(0);
  });
});
