/**
 * .github/workflows/release.yml, the repository's release: on a version tag each platform's runner builds the CLI of
 * CI's pin and runs `npm run release` (the command test/e2e/native/releaseArtifacts.test.ts runs and tests), and the
 * publish job ships what those wrote — archives named as the CLI downloads them, on the release the schema's
 * pluginDownloadURL names — nothing rebuilt on the way.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { PLUGIN_DOWNLOAD_URL } from "../../provider/plugin/schema";
import { REPO_ROOT } from "../../tools/stacks/packageLink";

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  "runs-on": string;
  needs?: string | string[];
  strategy?: { matrix: { include: { runner: string; platform: string }[] } };
  steps: Step[];
}

const workflow = parse(readFileSync(join(REPO_ROOT, ".github", "workflows", "release.yml"), "utf8")) as {
  on: { push: { tags: string[] } };
  jobs: Record<string, Job>;
};
const runs = (job: Job): string[] => job.steps.map((step) => step.run ?? "").filter(Boolean);
const { build, publish } = workflow.jobs;

it("runs on version tags", () => {
  expect(workflow.on.push.tags).toEqual(["v*"]);
});

it("builds each platform's artifacts on a runner of that platform with the CLI of CI's pin, through npm run release", () => {
  const platforms = build.strategy!.matrix.include.map((entry) => entry.platform).sort();
  expect(platforms).toEqual(["darwin-amd64", "darwin-arm64", "linux-amd64", "linux-arm64"]);
  expect(build["runs-on"]).toBe("${{ matrix.runner }}");
  const commands = runs(build);
  expect(commands).toContain("npm ci");
  // The CLI's pin is tools/pulumi-cli/go.mod, which `npm run pulumi-cli` builds; no action installs another one.
  expect(commands.indexOf("npm run pulumi-cli")).toBeGreaterThan(-1);
  expect(commands.indexOf("npm run pulumi-cli")).toBeLessThan(commands.indexOf("npm run release"));
  for (const job of Object.values(workflow.jobs)) expect(job.steps.map((step) => step.uses ?? "").filter((uses) => uses.startsWith("pulumi/"))).toEqual([]);
  expect(commands).toContain("git diff --exit-code -- sdk");
  const upload = build.steps.find((step) => step.uses?.startsWith("actions/upload-artifact"));
  expect(upload?.with?.path).toBe("release/");
});

it("publishes what the builds wrote: the archives on the release the schema's pluginDownloadURL names, the npm tarball, the wheel, the Go SDK's tag", () => {
  expect(PLUGIN_DOWNLOAD_URL).toBe("github://api.github.com/pulumi-tenant/pulumi-tenant");
  expect([publish.needs].flat()).toContain("build");
  const script = runs(publish).join("\n");
  expect(script).toMatch(/gh release create "\$GITHUB_REF_NAME" archives\/pulumi-resource-tenant-\*\.tar\.gz/);
  expect(script).toContain("npm publish release/pulumi-tenant-*.tgz");
  expect(script).toContain('git tag "sdk/${GITHUB_REF_NAME}"');
  expect(publish.steps.some((step) => step.uses?.startsWith("pypa/gh-action-pypi-publish"))).toBe(true);
  expect(script).not.toMatch(/npm run (build|release)|npm pack/);
});
