/**
 * examples/ci/release-plugin.yml, the example release workflow of the native plugin: archives named as the
 * Pulumi CLI looks for them, the executable at the archive root, and SDKs generated from the shipped schema for
 * every language the README names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "../../tools/stacks/packageLink";

const workflow = parse(readFileSync(join(REPO_ROOT, "examples", "ci", "release-plugin.yml"), "utf8")) as {
  on: { push: { tags: string[] } };
  jobs: Record<string, { steps: { run?: string }[] }>;
};
const script = Object.values(workflow.jobs)
  .flatMap((job) => job.steps.map((step) => step.run ?? ""))
  .join("\n");

it("runs on version tags and packs the package first (the build writes the schema)", () => {
  expect(workflow.on.push.tags).toEqual(["v*"]);
  expect(script.indexOf("npm pack")).toBeGreaterThan(-1);
  expect(script.indexOf("npm pack")).toBeLessThan(script.indexOf("gen-sdk"));
});

it("names each archive as the CLI downloads it, with the unpacked package (executable included) at its root", () => {
  expect(script).toContain('"archives/pulumi-resource-tenant-v${version}-${platform}.tar.gz" -C plugin .');
  for (const platform of ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64"]) expect(script).toContain(platform);
});

it("generates the SDK of every language the README names from dist/schema.json", () => {
  expect(script).toContain("pulumi package gen-sdk dist/schema.json");
  expect(script).toMatch(/for language in python go dotnet java;/);
});
