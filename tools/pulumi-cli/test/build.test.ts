// The CLI build's decisions and words: the pins go.mod holds, which CLI a run uses, the one line when none can be
// had, and the progress and failure lines a build prints.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_DIR, buildKey, readPins, recordedBuildIsCurrent } from "../build";
import { buildDoneLine, buildProgressLine, failedBuildMessage, missingCliMessage, tail } from "../buildReport";
import { cliChoice, compareVersions, pathCliFits } from "../cliChoice";

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
  it("the suites: a current build first, then the pinned release on PATH, then a build where Go is, else none", () => {
    const policy = "pinned";
    expect(cliChoice({ policy, currentBuild: true, pathFits: true, go: true })).toBe("built");
    expect(cliChoice({ policy, currentBuild: false, pathFits: true, go: true })).toBe("path");
    expect(cliChoice({ policy, currentBuild: false, pathFits: false, go: true })).toBe("build");
    expect(cliChoice({ policy, currentBuild: false, pathFits: false, go: false })).toBe("missing");
  });

  it("a user's command (npm run pulumi, the demo): their pulumi on PATH first, then a current build, then a build", () => {
    const policy = "pinnedOrNewer";
    expect(cliChoice({ policy, currentBuild: true, pathFits: true, go: true })).toBe("path");
    expect(cliChoice({ policy, currentBuild: true, pathFits: false, go: true })).toBe("built");
    expect(cliChoice({ policy, currentBuild: false, pathFits: false, go: true })).toBe("build");
    expect(cliChoice({ policy, currentBuild: false, pathFits: false, go: false })).toBe("missing");
  });

  it("the suites take from PATH only the pin; a user's command the pin or any newer release", () => {
    expect(pathCliFits("v3.259.0", "v3.259.0", "pinned")).toBe(true);
    expect(pathCliFits("v3.274.1", "v3.259.0", "pinned")).toBe(false);
    expect(pathCliFits("v3.259.0", "v3.259.0", "pinnedOrNewer")).toBe(true);
    expect(pathCliFits("v3.274.1", "v3.259.0", "pinnedOrNewer")).toBe(true);
    expect(pathCliFits("v3.260.0-alpha.1", "v3.259.0", "pinnedOrNewer")).toBe(true);
    expect(pathCliFits("v3.258.9", "v3.259.0", "pinnedOrNewer")).toBe(false);
    expect(pathCliFits("v3.259.0-alpha.1", "v3.259.0", "pinnedOrNewer")).toBe(false);
    expect(pathCliFits("", "v3.259.0", "pinnedOrNewer")).toBe(false);
  });

  it("orders versions as semver does, prereleases before their release", () => {
    const sorted = ["v3.259.0", "v3.274.1", "v3.9.0", "v3.274.1-alpha.10", "v3.274.1-alpha.9", "v3.274.1-alpha", "v4.0.0", "3.274.0+dirty"];
    expect([...sorted].sort((a, b) => compareVersions(a, b)!)).toEqual([
      "v3.9.0",
      "v3.259.0",
      "3.274.0+dirty",
      "v3.274.1-alpha",
      "v3.274.1-alpha.9",
      "v3.274.1-alpha.10",
      "v3.274.1",
      "v4.0.0",
    ]);
    expect(compareVersions("dev", "v3.259.0")).toBeUndefined();
  });

  it("with none, one line names both ways to get it", () => {
    const line = missingCliMessage("v3.259.0");
    expect(line).not.toContain("\n");
    expect(line).toContain("Go (1.26 or newer, which builds it: npm run pulumi-cli)");
    expect(line).toContain("a pulumi v3.259.0 on PATH");
    expect(missingCliMessage("v3.259.0", "pinnedOrNewer")).toContain("a pulumi v3.259.0 or newer on PATH");
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
    expect(buildProgressLine("v3.259.0", 512, 1710, 130_400)).toBe(
      "pulumi CLI v3.259.0: compiled 512 of 1710 packages, the others still to compile, in Go's build cache or with nothing to compile (2m10s)",
    );
  });

  it("the last line of progress ends at the total, saying how many Go compiled and that it names no other", () => {
    expect(buildDoneLine("v3.259.0", 463, 1729, 407_000)).toBe(
      "pulumi CLI v3.259.0: 1729 of 1729 packages ready: 463 compiled now, the other 1266 already in Go's build cache or with nothing to compile (6m47s)",
    );
    expect(buildDoneLine("v3.259.0", 1729, 1729, 60_000)).toBe("pulumi CLI v3.259.0: 1729 of 1729 packages ready: all compiled now (1m00s)");
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
