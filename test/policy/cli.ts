/**
 * What the policy suites share under the CLI: which `pulumi` they run, the pack, and the violations as the CLI prints
 * them. They run the pinned CLI (`npm run pulumi-cli`); `TEST_PULUMI_CLI=<path to another pulumi>` runs them under
 * that one instead, with the pinned build's language hosts beside it (tools/pulumi-cli/cliWithPinnedHosts.ts), e.g.
 * a newer release built by hand:
 *
 *   TEST_PULUMI_CLI=/path/to/v3.274.1/pulumi npx vitest run test/policy
 */
import * as path from "node:path";
import type { PulumiCli } from "../../tools/pulumi-cli/build";
import { cliWithPinnedHosts } from "../../tools/pulumi-cli/cliWithPinnedHosts";
import { requirePulumiCli } from "../../tools/pulumi-cli/driver";
import { REPO_ROOT } from "../../tools/stacks/packageLink";

/** The repository's ready pack. */
export const POLICY_PACK_DIR = path.join(REPO_ROOT, "policy-pack");

/** The CLI the suites run. */
export function cliUnderTest(): PulumiCli {
  const other = process.env.TEST_PULUMI_CLI;
  return other ? cliWithPinnedHosts(other) : requirePulumiCli();
}

export interface PrintedViolation {
  level: string;
  rule: string;
  /** The resource the CLI names: its type and its name in the program. */
  type: string;
  name: string;
  /** What the rule said (the line after its description). */
  message: string;
}

/**
 * The violations in the CLI's "Policies:" section: `- [mandatory]  <rule>  (<type>: <name>)`, the rule's description,
 * then its message.
 */
export function printedViolations(output: string): PrintedViolation[] {
  const lines = output.split("\n");
  return lines.flatMap((line, index) => {
    const match = /^\s*- \[(\w+)\]\s+([\w-]+)\s+\(([^:()]+(?::[^:()]+)*): ([^()]+)\)\s*$/.exec(line);
    return match ? [{ level: match[1], rule: match[2], type: match[3], name: match[4], message: (lines[index + 2] ?? "").trim() }] : [];
  });
}

/** `rule level type name` for each violation, sorted: what a test compares. */
export const violationKeys = (violations: readonly PrintedViolation[]): string[] =>
  violations.map((violation) => `${violation.rule} ${violation.level} ${violation.type} ${violation.name}`).sort();
