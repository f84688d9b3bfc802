// CI's script, `.ci/run`, counts what it runs in its last line: the vitest step's tests (every suite, in one step), and
// `npm run demo` (no vitest run) as one test of its own. Run here on a copy of the script with an `npm` on PATH that
// stands for each step: it writes the JSON report a vitest step would, and exits (or waits) as the case says. So a
// failing demo fails CI and is counted, and a failing check stops the CLI's build that runs beside it.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO_ROOT = path.resolve(__dirname, "../..");

/**
 * The stand-in `npm`: records each command it is given (and TENANT_SUITE, when set) and its process id, waits
 * STEP_SLEEP_<step> seconds when set, answers a vitest step (`--outputFile.json=…`) with a report of STEP_PASSED passed tests, and exits with the
 * code STEP_STATUS_<step> gives (0 when unset).
 */
const NPM_STAND_IN = `#!/usr/bin/env bash
echo "$*\${TENANT_SUITE:+ (TENANT_SUITE=$TENANT_SUITE)}" >> "$NPM_LOG"
case "$*" in
  "run demo") step=demo ;;
  "test "*) step=test ;;
  "run pulumi-cli") step=cli ;;
  "run typecheck") step=typecheck ;;
  *) step=other ;;
esac
echo $$ > "$NPM_LOG.$step.pid"
sleep_var="STEP_SLEEP_$step"
[ -z "\${!sleep_var:-}" ] || sleep "\${!sleep_var}"
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

type Step = "test" | "demo" | "cli" | "typecheck";

/** `.ci/run` with the vitest step passing `passed` tests, the steps' exit codes and waits (in seconds) as given. */
function ciRun(
  passed: number,
  statuses: Partial<Record<Step, number>>,
  sleeps: Partial<Record<Step, number>> = {},
): { code: number | null; lastLine: string; commands: string[]; seconds: number; pids: Partial<Record<Step, number>> } {
  const log = path.join(scratch, `npm-${Date.now()}.log`);
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.join(scratch, "bin")}${path.delimiter}${process.env.PATH}`, NPM_LOG: log, STEP_PASSED: String(passed) };
  delete env.TENANT_SUITE;
  for (const [step, status] of Object.entries(statuses)) env[`STEP_STATUS_${step}`] = String(status);
  for (const [step, seconds] of Object.entries(sleeps)) env[`STEP_SLEEP_${step}`] = String(seconds);
  const started = Date.now();
  const run = spawnSync("bash", [path.join(scratch, "repo", ".ci", "run")], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return {
    code: run.status,
    lastLine: run.stdout.trimEnd().split("\n").pop() ?? "",
    commands: fs.readFileSync(log, "utf8").trimEnd().split("\n"),
    seconds: (Date.now() - started) / 1000,
    pids: Object.fromEntries(
      (["test", "demo", "cli", "typecheck"] as const).flatMap((step) => (fs.existsSync(`${log}.${step}.pid`) ? [[step, Number(fs.readFileSync(`${log}.${step}.pid`, "utf8"))]] : [])),
    ),
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe(".ci/run's last line", () => {
  it("counts the demo as one passed test beside the tests of the one vitest step, which runs every suite", () => {
    const run = ciRun(10, {});
    expect(run.commands).toContain("run demo");
    expect(run.commands.filter((command) => command.startsWith("test "))).toEqual([expect.stringMatching(/^test -- .*\(TENANT_SUITE=all\)$/)]);
    expect(run.lastLine).toBe(`${10 + 1} passed, 0 failed`);
    expect(run.code).toBe(0);
  });

  it("counts a failing demo as one failed test, and CI fails", () => {
    const run = ciRun(10, { demo: 1 });
    expect(run.lastLine).toBe("10 passed, 1 failed");
    expect(run.code).not.toBe(0);
  });

  it("counts a failing CLI build as one failed test, and runs no test", () => {
    const run = ciRun(10, { cli: 1 });
    expect(run.lastLine).toBe("0 passed, 1 failed");
    expect(run.commands.some((command) => command.startsWith("test ") || command === "run demo")).toBe(false);
    expect(run.code).not.toBe(0);
  });

  it("stops the CLI's build, which runs beside the checks, when a check fails", () => {
    const run = ciRun(10, { typecheck: 1 }, { cli: 60, typecheck: 1 });
    expect(run.lastLine).toBe("0 passed, 1 failed");
    expect(run.seconds).toBeLessThan(30);
    expect(run.pids.cli).toBeDefined();
    expect(isRunning(run.pids.cli!), "the CLI's build still runs").toBe(false);
    expect(run.code).not.toBe(0);
  });
});
