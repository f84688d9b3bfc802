// What the README tells a new user before anything is published, and the small facts it must keep true: that the
// registries hold nothing yet, and how to install a build of one's own in each language, naming the files the tools
// make (`npm pack`'s tarball, `npm run release`'s wheel and archive, the clone's `sdk/` module); the Node.js version the
// package's `engines` asks for, everywhere a version is named; the EventStream example's output as the example the CLI
// runs writes it (test/e2e/eventStreams.test.ts: no warning); what an import of `import.json` keeps and what its
// generated code holds (test/e2e/native/importFile.test.ts runs both).
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { archiveName } from "../../tools/release/platform";
import { REPO_ROOT } from "../../tools/stacks/packageLink";

const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
const README = read("README.md");
const { version, engines } = JSON.parse(read("package.json")) as { version: string; engines: { node: string } };
/** The Go SDK's module path, as sdk/go.mod declares it. */
const GO_MODULE = /^module (\S+)$/m.exec(read("sdk/go.mod"))![1];

/** The README's section under this heading, to the next heading of its level or above. */
function section(heading: string): string {
  const level = /^#+/.exec(heading)![0];
  const start = README.indexOf(`\n${heading}\n`);
  expect(start, `README has "${heading}"`).toBeGreaterThan(-1);
  const next = README.slice(start + heading.length + 2).search(new RegExp(`^#{1,${level.length}} `, "m"));
  return README.slice(start, next < 0 ? undefined : start + heading.length + 2 + next);
}

/** Text with line breaks and repeated spaces made single spaces, as a sentence reads. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

describe("before a release", () => {
  it("Install says plainly that no registry holds the package, and how to install a build of one's own in each language", () => {
    const install = flat(section("## Install"));
    expect(install).toContain("**Not published yet.**");
    for (const registry of ["`npm install pulumi-tenant` finds nothing on the npm registry", "`pip install pulumi_tenant` nothing on PyPI", `\`go get ${GO_MODULE}\` cannot fetch the module`]) {
      expect(install).toContain(registry);
    }
    expect(install).toContain(`| TypeScript, JavaScript | \`npm pack\` writes \`pulumi-tenant-${version}.tgz\``);
    expect(install).toContain(`\`npm install ~/pulumi-tenant/pulumi-tenant-${version}.tgz @pulumi/pulumi\``);
    expect(install).toContain(`\`pip install ~/pulumi-tenant/release/pulumi_tenant-${version}-py3-none-any.whl\``);
    expect(install).toContain(`-require=${GO_MODULE}@v0.0.0 -replace=${GO_MODULE}=$HOME/pulumi-tenant/sdk`);
    const archive = `release/${archiveName(version, { os: "linux", arch: "amd64" })}`;
    expect(install).toContain(`\`pulumi plugin install resource tenant ${version} --file ~/pulumi-tenant/${archive}\``);
  });

  it("the release section, the registry page and the examples say it too, and install the tarball", () => {
    expect(flat(section("### Installed from a release"))).toContain("**No release has been published yet**");
    expect(flat(read("docs/installation-configuration.md"))).toContain("**Not published yet**");
    const examples = fs.readdirSync(path.join(REPO_ROOT, "examples")).map((name) => path.join("examples", name, "README.md"));
    for (const file of examples.filter((file) => fs.existsSync(path.join(REPO_ROOT, file)))) {
      expect(read(file), file).not.toMatch(/^npm install pulumi-tenant$/m);
    }
    // Every shell line that installs the package from the npm registry says what to use until a release.
    for (const line of README.split("\n").filter((text) => /^npm install .*pulumi-tenant\b/.test(text))) {
      expect(line).toContain(`pulumi-tenant-${version}.tgz`);
    }
  });
});

it("names the Node.js version the package's engines asks for, wherever it names one", () => {
  const minimum = /^>=(\d+\.\d+\.\d+)$/.exec(engines.node)![1];
  const files = ["README.md", "docs/installation-configuration.md", "CONTRIBUTING.md", ...fs.readdirSync(path.join(REPO_ROOT, "examples")).map((name) => `examples/${name}/README.md`)];
  const named = files
    .filter((file) => fs.existsSync(path.join(REPO_ROOT, file)))
    .flatMap((file) => [...flat(read(file)).matchAll(/Node\.js (\d+(?:\.\d+)*) or newer/g)].map((match) => `${file}: ${match[1]}`));
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((entry) => !entry.endsWith(`: ${minimum}`))).toEqual([]);
});

it("the EventStream example exports the partner event source as examples/event-streams does, which the CLI runs warning-free", () => {
  const expression = (text: string): string => flat(/\.destination\.apply\(\(destination\) =>([\s\S]*?)\);/.exec(text)?.[1] ?? "none");
  expect(expression(section("### EventStream"))).toBe(expression(read("examples/event-streams/index.ts")));
  expect(expression(section("### EventStream"))).toContain("?? null) : null");
});

describe("import.json and what an import generates", () => {
  it("says an import protects each resource and generates no retainOnDelete, and what to add before a destroy", () => {
    const exportSection = flat(section("## Bring an existing tenant under code"));
    expect(exportSection).toContain("`pulumi import` protects each");
    expect(exportSection).toContain("the code it generates has neither `adoptExisting` nor `retainOnDelete`");
    expect(exportSection).toContain("Add `retainOnDelete: true` to the phone provider's and each stream's options in that code");
    expect(exportSection).toContain("without it, destroying that stack deletes them from the tenant");
    expect(exportSection).toContain("Destroying the stack of the exported `index.ts` takes nothing away");
  });

  it("says what a webhook stream's generated code holds, and that EventBridge and Action streams have nothing write-only", () => {
    const native = flat(section("### An unreleased build, from an npm folder"));
    expect(native).toContain('a webhook stream\'s authorization an empty secret (`token: ""` for a bearer token');
    expect(native).toContain("(an EventBridge or Action stream has none)");
  });
});
