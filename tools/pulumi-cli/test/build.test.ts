// The CLI build's decisions and words: the pins go.mod holds, which CLI a run uses, the one line when none can be
// had, and the progress and failure lines a build prints.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_DIR, buildKey, cliChoice, readPins, recordedBuildIsCurrent } from "../build";
import { buildProgressLine, failedBuildMessage, missingCliMessage, tail } from "../buildReport";

describe("the pins", () => {
  it("go.mod pins pkg/v3 and sdk/v3 to one release and pulumi-yaml beside them", () => {
    const pins = readPins();
    expect(pins.pulumi).toMatch(/^v3\.\d+\.\d+$/);
    expect(pins.sdk).toBe(pins.pulumi);
    expect(pins.yaml).toMatch(/^v1\.\d+\.\d+$/);
  });

  it("reads what a changed go.mod says, and refuses one that requires no CLI", () => {
    const goMod = fs.readFileSync(path.join(CLI_DIR, "go.mod"), "utf8");
    const lifted = goMod.replace(/(github\.com\/pulumi\/pulumi\/sdk\/v3) v\S+/, "$1 v3.999.0");
    expect(readPins(lifted).sdk).toBe("v3.999.0");
    expect(() => readPins("module x\n")).toThrow("tools/pulumi-cli/go.mod requires no github.com/pulumi/pulumi/pkg/v3");
  });
});

describe("which CLI", () => {
  it("a current build first, then the pinned release on PATH, then a build where Go is, else none", () => {
    expect(cliChoice({ currentBuild: true, pinnedOnPath: true, go: true })).toBe("built");
    expect(cliChoice({ currentBuild: false, pinnedOnPath: true, go: true })).toBe("path");
    expect(cliChoice({ currentBuild: false, pinnedOnPath: false, go: true })).toBe("build");
    expect(cliChoice({ currentBuild: false, pinnedOnPath: false, go: false })).toBe("missing");
  });

  it("with none, one line names both ways to get it", () => {
    const line = missingCliMessage("v3.259.0");
    expect(line).not.toContain("\n");
    expect(line).toContain("Go (1.26 or newer, which builds it: npm run pulumi-cli)");
    expect(line).toContain("a pulumi v3.259.0 on PATH");
  });
});

describe("when a build is reused", () => {
  const pins = readPins();
  const goMod = fs.readFileSync(path.join(CLI_DIR, "go.mod"), "utf8");
  const withGoMod = (text: string) => (file: string) => (file === "go.mod" ? text : fs.readFileSync(path.join(CLI_DIR, file)));

  it("a changed pin, or another Go, makes another key: the build it recorded is not reused", () => {
    const key = buildKey(pins, "go1.26.8");
    const recorded = `${key}\n${pins.pulumi}\n`;
    expect(recordedBuildIsCurrent(recorded, pins, buildKey(pins, "go1.26.8", withGoMod(goMod)))).toBe(true);
    const lifted = goMod.replace(/(github\.com\/pulumi\/pulumi-yaml) v\S+/, "$1 v1.99.0");
    expect(lifted).not.toBe(goMod);
    expect(recordedBuildIsCurrent(recorded, pins, buildKey(readPins(lifted), "go1.26.8", withGoMod(lifted)))).toBe(false);
    expect(recordedBuildIsCurrent(recorded, pins, buildKey(pins, "go1.27.0"))).toBe(false);
  });

  it("without Go the key cannot be made: a build of the pinned release is still it, another is not", () => {
    expect(recordedBuildIsCurrent(`anykey\n${pins.pulumi}\n`, pins, undefined)).toBe(true);
    expect(recordedBuildIsCurrent("anykey\nv3.1.0\n", pins, undefined)).toBe(false);
  });
});

describe("what a build prints", () => {
  it("progress: packages compiled of the total and the time so far", () => {
    expect(buildProgressLine("v3.259.0", 512, 1710, 130_400)).toBe("pulumi CLI v3.259.0: compiled 512 of about 1710 packages (2m10s)");
  });

  it("a failure's last lines, where Go puts the error", () => {
    expect(tail("a\nb\nc\nd\n", 2)).toBe("c\nd");
  });

  it("a failed build's whole message: the release and YAML host it built, the command, and Go's last 30 lines", () => {
    const output = Array.from({ length: 40 }, (_, index) => `line ${index + 1}`).join("\n");
    const message = failedBuildMessage({ pulumi: "v3.259.0", yaml: "v1.38.3" }, "go build", 1, `${output}\n`);
    expect(message.split("\n")[0]).toBe("building the Pulumi CLI v3.259.0 (pulumi-yaml v1.38.3) failed: go build exited with 1:");
    expect(message.split("\n").slice(1)).toEqual(Array.from({ length: 30 }, (_, index) => `line ${index + 11}`));
  });
});
