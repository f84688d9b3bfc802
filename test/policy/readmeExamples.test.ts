// The README's examples against the policy pack's rules: what each TypeScript example declares under Pulumi's mocks,
// and each YAML program's resources (the Python and Go programs beside it declare the same), judged as the pack judges
// a stack. None breaks a mandatory rule; the advisory rules they leave are exactly those "Policy as code" lists, with
// why. The CLI runs one of them with the pack (automationDoor.test.ts: "MFA as code"). And the README shows the pack's
// index.js as it is.
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { TENANT_MFA_RULES } from "../../provider/policy";
import { findingsOf } from "../../provider/policy/rule";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { readmeFencedBlocks, readmePrograms } from "../docs/snippets";
import { POLICY_PACK_DIR } from "./cli";
import { sectionOf, typeScriptExampleDeclarations, yamlExampleDeclarations, type ExampleDeclarations } from "./readmeExamples";

const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");

/** The README's "Policy as code" section. */
function policySection(): string {
  const start = README.indexOf("\n## Policy as code\n");
  return README.slice(start, README.indexOf("\n## ", start + 1));
}

interface ExampleFinding {
  origin: string;
  /** The anchor of the README section the example is in. */
  section: string;
  rule: string;
  level: string;
  message: string;
}

let examples: ExampleDeclarations[];
let findings: ExampleFinding[];

beforeAll(async () => {
  examples = [...(await typeScriptExampleDeclarations(README)), ...yamlExampleDeclarations(README)];
  findings = examples.flatMap(({ origin, resources }) =>
    TENANT_MFA_RULES.flatMap((rule) =>
      findingsOf(rule, resources).map((finding) => ({ origin, section: sectionOf(README, origin).anchor, rule: rule.name, level: rule.level, message: finding.message })),
    ),
  );
}, 120_000);

describe("the README's examples under the policy pack's rules", () => {
  it("are every TypeScript example and the YAML program, each declaring what it shows", () => {
    const programs = readmePrograms(README).filter((program) => program.files.some((file) => file.name === "index.ts"));
    expect(examples.length).toBe(programs.length + 1);
    const declaring = (heading: string) => examples.find((example) => sectionOf(README, example.origin).text === heading)?.resources.map((resource) => resource.kind);
    expect(declaring("MFA as code")).toEqual(["PhoneProvider", "PhoneMessageTypes", "MfaFactor", "MfaPolicy"]);
    expect(declaring("Installed from a release")).toEqual(["PushProviderSelection", "PhoneProvider", "PhoneMessageTypes", "MfaFactor", "MfaPolicy"]);
  });

  it("break no mandatory rule", () => {
    expect(findings.filter((finding) => finding.level === "mandatory")).toEqual([]);
  });

  it("leave exactly the advisory rules the Policy as code section lists for them", () => {
    const listed = policySection()
      .split("\n")
      .filter((line) => /^\| \[/.test(line))
      .flatMap((line) => {
        const [examplesCell, ruleCell] = line.split(" | ");
        const rule = /`([\w-]+)`/.exec(ruleCell)?.[1];
        return [...examplesCell.matchAll(/\]\(#([\w-]+)\)/g)].map((match) => `${match[1]} ${rule}`);
      });
    const left = findings.filter((finding) => finding.level === "advisory").map((finding) => `${finding.section} ${finding.rule}`);
    expect([...new Set(left)].sort()).toEqual([...new Set(listed)].sort());
  });
});

it("the README shows the ready pack's index.js as it is", () => {
  const blocks = readmeFencedBlocks(policySection(), "js");
  expect(blocks).toEqual([fs.readFileSync(path.join(POLICY_PACK_DIR, "index.js"), "utf8").trimEnd()]);
});
