/** The words the CLI build prints: progress, the missing-toolchain line, the free disk it checks. */
import * as fs from "node:fs";
import * as path from "node:path";
import type { PathPolicy } from "./cliChoice";

/** The one line `npm test` (or, for `pinnedOrNewer`, the demo and `npm run pulumi`) stops with when no CLI can be had. */
export function missingCliMessage(version: string, policy: PathPolicy = "pinned"): string {
  const who = policy === "pinned" ? "The tests run" : "This command runs";
  const onPath = policy === "pinned" ? `a pulumi ${version}` : `a pulumi ${version} or newer`;
  return (
    `${who} the Pulumi CLI ${version}${policy === "pinned" ? "" : " or newer"}, and this machine has neither Go (1.26 or newer, which builds it: ` +
    `npm run pulumi-cli) nor ${onPath} on PATH (https://www.pulumi.com/docs/install/${policy === "pinned" ? ` with --version ${version.slice(1)}` : ""}).`
  );
}

function clock(elapsedMs: number): string {
  const seconds = Math.round(elapsedMs / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

/**
 * A line of progress: the packages `go build -v` reported compiling so far, of all the build needs (`go list -deps`).
 * Go reports only what it compiles; a package its build cache holds is never named, so a build that finds some there
 * ends below the total: `buildDoneLine` says how many.
 */
export function buildProgressLine(version: string, compiled: number, total: number, elapsedMs: number): string {
  return `pulumi CLI ${version}: compiled ${compiled} of ${total} packages, the others still to compile, in Go's build cache or with nothing to compile (${clock(elapsedMs)})`;
}

/**
 * The build's last line of progress, once Go succeeded: every package ready, how many Go compiled now, and the others,
 * which it never names: those its build cache held, and those with nothing to compile (`unsafe`; 7 of them in an
 * empty cache).
 */
export function buildDoneLine(version: string, compiled: number, total: number, elapsedMs: number): string {
  const fresh = Math.min(compiled, total);
  const others = total - fresh;
  const detail =
    others === 0 ? "all compiled now" : `${fresh} compiled now, the other ${others} already in Go's build cache or with nothing to compile`;
  return `pulumi CLI ${version}: ${total} of ${total} packages ready: ${detail} (${clock(elapsedMs)})`;
}

/** Free bytes on the file system holding `target` (or its nearest existing parent); undefined when unknown. */
export function freeBytes(target: string): number | undefined {
  let dir = path.resolve(target || ".");
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** The last `lines` lines of a command's output, where Go puts the error that stopped it. */
export function tail(text: string, lines: number): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/** A failed build's error: the release and the YAML host it built, the command, and the last 30 lines Go printed. */
export function failedBuildMessage(pins: { pulumi: string; yaml: string }, command: string, code: number | null, output: string): string {
  return `building the Pulumi CLI ${pins.pulumi} (pulumi-yaml ${pins.yaml}) failed: ${command} exited with ${code}:\n${tail(output, 30)}`;
}
