/** A command run to its end, its stdout and stderr interleaved as a terminal (or a CI log) shows them. */
import { spawn } from "node:child_process";

export interface InterleavedRun {
  code: number | null;
  output: string;
}

export function runInterleaved(command: string, args: readonly string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<InterleavedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}
