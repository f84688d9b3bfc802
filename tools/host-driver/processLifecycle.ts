/**
 * TEST TOOL — the process side of a provider (the dynamic-provider host or a native plugin): the port it prints on
 * start, a bounded wait for its exit, the tail of its output for messages, its project's name.
 */
import type { ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const STDERR_TAIL_CHARS = 2_000;

/** Resolves with the port from the first stdout line; everything after it goes to `chunks`. */
export function readPort(child: ChildProcess, chunks: string[], timeoutMs: number, script: string, label = "dynamic-provider host"): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let firstLine: string | undefined = "";
    const finish = (error?: string, port?: number) => {
      clearTimeout(timer);
      child.removeListener("exit", onExit);
      child.removeListener("error", onError);
      if (error === undefined && port !== undefined) return resolve(port);
      child.kill("SIGKILL");
      reject(new Error(`${label} (${script}) ${error}; stderr: ${tail(chunks.join(""))}`));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(signal ? `was killed by ${signal} before starting` : `exited with code ${code} before starting`);
    const onError = (error: Error) => finish(`could not be spawned: ${error.message}`);
    const timer = setTimeout(() => finish(`did not print its port within ${timeoutMs} ms`), timeoutMs);
    child.once("exit", onExit);
    child.once("error", onError);
    child.stdout?.setEncoding("utf8").on("data", (text: string) => {
      if (firstLine === undefined) return void chunks.push(text);
      firstLine += text;
      const newline = firstLine.indexOf("\n");
      if (newline < 0) return;
      const line = firstLine.slice(0, newline).trim();
      const rest = firstLine.slice(newline + 1);
      firstLine = undefined;
      if (rest) chunks.push(rest);
      const port = Number(line);
      if (Number.isInteger(port) && port > 0) finish(undefined, port);
      else finish(`printed "${line}" instead of a port`);
    });
  });
}

/** Resolves when the promise does, or after `ms` at the latest. */
export function waitUpTo(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The end of a process's output, for an error message. */
export function tail(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > STDERR_TAIL_CHARS ? `…${trimmed.slice(-STDERR_TAIL_CHARS)}` : trimmed || "(empty)";
}

/** The processes `pid` started that are still running (Linux's /proc; none where it cannot be read). */
export function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The project name in the folder's Pulumi.yaml, if any. */
export function projectNameIn(dir: string): string | undefined {
  try {
    const text = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
    return /^name:\s*["']?([^"'\s#]+)/m.exec(text)?.[1];
  } catch {
    return undefined;
  }
}
