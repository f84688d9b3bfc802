/**
 * Runs a Pulumi program with the real Node.js entry point (`node <@pulumi/pulumi>/cmd/run`), as the Go language
 * host would, against the stand-in's monitor. A preload turns util.inspect colours off: Node 20.20 loops colouring
 * a failing program's SDK frames (nodejs/node#64011), which the stand-in's own fixtures do on purpose. The CLI adds no
 * such preload, so the package's suites, which run under it, meet the bug as users do. The whole run has a deadline. `programFailure` says why
 * a run failed, as the CLI would.
 */
import { spawn } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineLog } from "./engineLogService";
import { programConfigEnv, type ProjectInfo, type StackConfig } from "./project";
import { assertFile, runScript } from "./sdk";

const PRELOAD_SOURCE = `"use strict";
// Written by the pulumi-tenant engine stand-in: util.inspect without colours (Node 20.20 hang, see its README).
const util = require("util");
const original = util.inspect;
function inspectWithoutColors(value, options, ...rest) {
  if (options && typeof options === "object") return original.call(this, value, { ...options, colors: false }, ...rest);
  return original.call(this, value, options, ...rest);
}
for (const key of ["custom", "colors", "styles", "defaultOptions"]) {
  const descriptor = Object.getOwnPropertyDescriptor(original, key);
  if (descriptor) Object.defineProperty(inspectWithoutColors, key, descriptor);
}
util.inspect = inspectWithoutColors;
`;

/** Path of the preload script (written once per machine, content-addressed). */
export function inspectPreloadPath(): string {
  const digest = crypto.createHash("sha256").update(PRELOAD_SOURCE).digest("hex").slice(0, 12);
  const file = path.join(os.tmpdir(), `pulumi-engine-stand-in-preload-${digest}.js`);
  if (!fs.existsSync(file)) {
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, PRELOAD_SOURCE);
    fs.renameSync(temporary, file);
  }
  return file;
}

export interface ProgramRunOptions {
  project: ProjectInfo;
  stack: string;
  monitorAddress: string;
  dryRun: boolean;
  config: StackConfig;
  env?: NodeJS.ProcessEnv;
  /** `--parallel`, passed on as the Node language host does. */
  parallel: number;
  timeoutMs: number;
  /** Receives stdout and stderr text as it arrives. */
  onOutput: (text: string) => void;
}

export interface ProgramExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
}

export function runProgram(opts: ProgramRunOptions): Promise<ProgramExit> {
  const script = runScript(opts.project.rootDir);
  assertFile(script, "@pulumi/pulumi program runner (cmd/run)");
  const args = [
    ...opts.project.nodeargs,
    "-r",
    inspectPreloadPath(),
    script,
    `--monitor=${opts.monitorAddress}`,
    `--engine=${opts.monitorAddress}`,
    "--organization=organization",
    `--project=${opts.project.name}`,
    `--stack=${opts.stack}`,
    `--root-directory=${opts.project.rootDir}`,
    `--pwd=${opts.project.programDir}`,
    `--parallel=${opts.parallel}`,
    ...(opts.dryRun ? ["--dry-run"] : []),
    opts.project.entryPoint,
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, ...programConfigEnv(opts.config) };
  delete env.PULUMI_NODEJS_TYPESCRIPT;
  if (opts.project.typescript) env.PULUMI_NODEJS_TYPESCRIPT = "true";
  if (opts.project.tsconfig) env.PULUMI_NODEJS_TSCONFIG_PATH = opts.project.tsconfig;

  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: opts.project.programDir, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.setEncoding("utf8").on("data", opts.onOutput);
    child.stderr.setEncoding("utf8").on("data", opts.onOutput);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start the program: ${error.message}`));
    });
    // Prefer "close" (all output read); a grandchild holding the pipes open must not keep us waiting, though.
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut });
    };
    child.once("close", finish);
    child.once("exit", (code, signal) => setTimeout(() => finish(code, signal), 2_000).unref());
  });
}

/** Why a program run failed, or undefined: step errors first, then the program's own errors. */
export function programFailure(exit: ProgramExit, stepErrors: readonly string[], logs: readonly EngineLog[], output: string, timeoutMs: number): string | undefined {
  const reasons = [...stepErrors];
  if (exit.timedOut) reasons.push(`the program did not finish within ${timeoutMs} ms and was killed`);
  else if (exit.code !== 0) {
    reasons.push(`the program exited with ${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`}`);
    if (stepErrors.length === 0) {
      const errors = logs.filter((log) => log.severity === "error").map((log) => truncate(log.message.trim(), 1_500));
      reasons.push(...(errors.length > 0 ? errors : [`output: ${truncate(output.trim(), 1_500, true) || "(none)"}`]));
    }
  }
  return reasons.length > 0 ? reasons.join("\n") : undefined;
}

function truncate(text: string, max: number, keepEnd = false): string {
  if (text.length <= max) return text;
  return keepEnd ? `…${text.slice(-max)}` : `${text.slice(0, max)}…`;
}
