// The repository speaks for itself: no tracked file names a folder of a particular machine, a path climbing
// out of the repository, or a document that is not in it, and no comment cites this project's own tracker
// numbers. System paths a program uses (/dev/null, /proc/<pid>/…, #!/usr/bin/env), URL paths (/api/v2/…),
// user paths (~/.pulumi/plugins) and upstream references (pulumi/pulumi#16175) are fine.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const REPO_ROOT = path.resolve(__dirname, "../..");

/** Generated or third-party text, not written in this repository's words. */
const SKIPPED = new Set(["package-lock.json", "LICENSE"]);

/** Folders that exist only on some machine: a home, a work or a temporary folder. */
const MACHINE_FOLDER = /(?<![\w.~$-])(?:\/(?:work|workspace|home|root|Users|mnt|tmp|private|var\/folders)\/|[A-Za-z]:\\(?:Users|work)\\)/;
/** A relative path that starts by climbing: where it ends is checked against the file's own folder. */
const CLIMBING_PATH = /(?<![\w.])((?:\.\.\/)+)([\w.@-]*)/g;
/** A document by file name (checked against the tracked files); `> out.md` names an output, not a document. */
const DOCUMENT_NAME = /(?<![\w.>-]|> )\b([\w-]+\.md)\b/g;
/** A hash and a number on their own (not after `owner/repo`, not an HTML entity), or the word "issue" and a number. */
const TRACKER_NUMBER = /(?<![\w/.&-])#\d+\b|\bissues? #?\d+\b/i;

export interface Finding {
  line: number;
  rule: string;
  text: string;
}

/** Every rule broken by one file's text; `file` is its path relative to the repository root. */
export function findingsIn(file: string, text: string, trackedNames: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  const folder = path.posix.dirname(file);
  text.split("\n").forEach((line, index) => {
    const report = (rule: string): void => void findings.push({ line: index + 1, rule, text: line.trim().slice(0, 160) });
    if (MACHINE_FOLDER.test(line)) report("names a folder of a particular machine");
    for (const match of line.matchAll(CLIMBING_PATH)) {
      const target = path.posix.normalize(path.posix.join(folder, match[1] + match[2]));
      if (target === ".." || target.startsWith("../")) report(`climbs out of the repository (${match[0]})`);
    }
    for (const match of line.matchAll(DOCUMENT_NAME)) {
      if (!trackedNames.has(match[1])) report(`names a document that is not in the repository (${match[1]})`);
    }
    if (TRACKER_NUMBER.test(line)) report("cites a tracker number");
  });
  return findings;
}

function trackedFiles(): string[] {
  const listing = execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" });
  return listing.split("\0").filter((file) => file !== "");
}

describe("the rules", () => {
  const names = new Set(["README.md"]);
  const check = (text: string, file = "tools/host-driver/dynamicProviderHost.ts") => findingsIn(file, text, names).map((finding) => finding.rule);
  // Built by concatenation so that this file does not break the rules it states.
  const slash = "/";
  const up = `..${slash}`;
  const hash = "#";
  const issue = "iss" + "ue";
  const doc = "pulumi-dynamic" + ".md";

  it("flag machine folders, paths climbing out, missing documents and tracker numbers", () => {
    expect(check(`see ${slash}work${slash}shared${slash}notes`)).toEqual(["names a folder of a particular machine"]);
    expect(check(`cd ${slash}home${slash}alice${slash}repo`)).toEqual(["names a folder of a particular machine"]);
    expect(check(`see ${up}${up}${up}shared${slash}contract`)).toEqual([`climbs out of the repository (${up}${up}${up}shared)`]);
    expect(check(`see ${up}shared`, "README.md")).toEqual([`climbs out of the repository (${up}shared)`]);
    expect(check(`see ${up}${up}provider`, "test/client/x.ts")).toEqual([]);
    expect(check(`as ${doc} says`)).toEqual([`names a document that is not in the repository (${doc})`]);
    expect(check(`// fixes ${issue} ${hash}12`)).toEqual(["cites a tracker number"]);
    expect(check(`// see ${hash}19`)).toEqual(["cites a tracker number"]);
    expect(check(`# Suite (${issue} 7)`)).toEqual(["cites a tracker number"]);
  });

  it("allow system paths, URL paths, user paths, paths inside the repository and upstream references", () => {
    expect(check("#!/usr/bin/env node")).toEqual([]);
    expect(check("spawn(cmd, { stdio: '/dev/null' }); readFileSync(`/proc/${pid}/status`)")).toEqual([]);
    expect(check('request("GET", "/api/v2/event-streams"); const url = "https://example.com/home/x";')).toEqual([]);
    expect(check("plugins live in ~/.pulumi/plugins")).toEqual([]);
    expect(check('import { x } from "../../provider/client";', "test/client/auth.test.ts")).toEqual([]);
    expect(check(`dynamic providers cannot import (pulumi/pulumi${hash}16175); see README.md`)).toEqual([]);
    expect(check("npm run bench --silent > bench.md")).toEqual([]);
  });
});

describe("every tracked file", () => {
  it("names no path outside the repository and cites no tracker number", () => {
    const files = trackedFiles();
    const names = new Set(files.map((file) => path.posix.basename(file)));
    const findings: string[] = [];
    for (const file of files) {
      if (SKIPPED.has(file)) continue;
      const content = readFileSync(path.join(REPO_ROOT, file));
      if (content.includes(0)) continue; // binary
      for (const finding of findingsIn(file, content.toString("utf8"), names)) {
        findings.push(`${file}:${finding.line}: ${finding.rule}: ${finding.text}`);
      }
    }
    expect(findings).toEqual([]);
  });
});
