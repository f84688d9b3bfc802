/** The words the CLI build prints: progress, the missing-toolchain line, the free disk it checks. */
import * as fs from "node:fs";
import * as path from "node:path";

/** The one line `npm test` stops with when neither Go nor the pinned CLI is here. */
export function missingCliMessage(version: string): string {
  return (
    `The tests run the Pulumi CLI ${version}, and this machine has neither Go (1.26 or newer, which builds it: ` +
    `npm run pulumi-cli) nor a pulumi ${version} on PATH (https://www.pulumi.com/docs/install/ with --version ${version.slice(1)}).`
  );
}

export function buildProgressLine(version: string, compiled: number, total: number, elapsedMs: number): string {
  const seconds = Math.round(elapsedMs / 1000);
  const clock = `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
  return `pulumi CLI ${version}: compiled ${compiled} of about ${total} packages (${clock})`;
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
