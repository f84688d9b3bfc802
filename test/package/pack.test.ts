// The package as the registry gets it. Packing runs with --ignore-scripts, so it never rebuilds dist/ under
// suites that are loading it (`npm test` builds first).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { empty, provider as proto } from "../../provider/plugin/protocol";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { PluginProcess } from "../plugin/pluginProcess";

const run = promisify(execFile);
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
  license?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [key: string]: unknown;
};

/**
 * Files outside dist/ that the package ships: the library's, the native plugin's executable and folder marker, and
 * the command's executable.
 */
const PLUGIN_FILES = ["pulumi-resource-tenant", "pulumi-resource-tenant.cmd", "PulumiPlugin.yaml"];
const TOP_LEVEL = ["package.json", "README.md", "LICENSE", ...PLUGIN_FILES, "pulumi-tenant"];

async function npm(args: string[]): Promise<string> {
  const { stdout } = await run("npm", args, { cwd: REPO_ROOT, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** What `dist/<file>` is built from: provider/<same path>.ts. */
function sourceOf(distFile: string): string {
  return path.join(REPO_ROOT, "provider", distFile.slice("dist/".length).replace(/(\.d\.ts|\.js)$/, ".ts"));
}

describe("npm pack --dry-run", () => {
  let files: string[];

  beforeAll(async () => {
    const [report] = JSON.parse(await npm(["pack", "--dry-run", "--ignore-scripts", "--json"])) as [{ files: { path: string }[] }];
    files = report.files.map((file) => file.path).sort();
  });

  it("ships the built package, its typings, README and LICENSE", () => {
    for (const file of ["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.d.ts", "dist/vendor.js", "dist/resources/shim.js"]) {
      expect(files).toContain(file);
    }
    for (const file of [...PLUGIN_FILES, "dist/schema.json", "dist/plugin/main.js", "pulumi-tenant", "dist/cli/main.js"]) expect(files).toContain(file);
    for (const resource of ["pushProviderSelection", "phoneProvider", "enrollmentTicket"]) {
      expect(files).toContain(`dist/resources/${resource}/handler.js`);
      expect(files).toContain(`dist/resources/${resource}/resource.generated.d.ts`);
    }
  });

  it("ships nothing else: no sources, tests, tools, examples, source maps or stale build output", () => {
    const unexpected = files.filter((file) => !TOP_LEVEL.includes(file) && !file.startsWith("dist/"));
    expect(unexpected).toEqual([]);
    const dist = files.filter((file) => file.startsWith("dist/"));
    expect(dist.filter((file) => (!/\.(js|d\.ts)$/.test(file) && file !== "dist/schema.json") || /\.test\./.test(file))).toEqual([]);
    // Every built file has its source: a file left from an older build would ship otherwise.
    expect(dist.filter((file) => file !== "dist/schema.json" && !fs.existsSync(sourceOf(file)))).toEqual([]);
  });
});

describe("package.json", () => {
  it("offers the native plugin as the bin pulumi-resource-tenant, and the command as pulumi-tenant", () => {
    expect(manifest.bin).toEqual({ "pulumi-resource-tenant": "pulumi-resource-tenant", "pulumi-tenant": "pulumi-tenant" });
  });

  it("runs no script on install and builds before packing", () => {
    for (const script of ["preinstall", "install", "postinstall", "prepare"]) expect(manifest.scripts?.[script], script).toBeUndefined();
    expect(manifest.scripts?.prepack).toBe("npm run build");
  });

  it("has no dependencies besides the peer @pulumi/pulumi (zod and undici are vendored into dist/vendor.js) and the optional peer @pulumi/policy", () => {
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(Object.keys(manifest.peerDependencies ?? {})).toEqual(["@pulumi/pulumi", "@pulumi/policy"]);
    // Only a policy pack needs @pulumi/policy: npm installs no optional peer.
    expect(manifest.peerDependenciesMeta).toEqual({ "@pulumi/policy": { optional: true } });
  });

  it("names its license, whose text is in LICENSE, and invents no public home", () => {
    expect(manifest.license).toBe("Apache-2.0");
    expect(fs.readFileSync(path.join(REPO_ROOT, "LICENSE"), "utf8")).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    for (const key of ["repository", "homepage", "bugs"]) expect(manifest[key], key).toBeUndefined();
  });
});

describe("the packed tarball, installed in a project with only @pulumi/pulumi beside it", () => {
  let dir: string;
  let project: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-pack-"));
    const [report] = JSON.parse(await npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir])) as [{ filename: string }];
    project = path.join(dir, "project");
    const installed = path.join(project, "node_modules", "pulumi-tenant");
    fs.mkdirSync(installed, { recursive: true });
    fs.mkdirSync(path.join(project, "node_modules", "@pulumi"));
    await run("tar", ["-xzf", path.join(dir, report.filename), "-C", installed, "--strip-components=1"]);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi"), path.join(project, "node_modules", "@pulumi", "pulumi"), "dir");
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("loads in a program and in a host, with one copy of zod and undici (vendor.js) and no file of the repository", async () => {
    // A program loads the package; a host loads a handler, checks inputs and sends a request (refused: port 9).
    const script = `
      const path = require("path");
      const tenant = require("pulumi-tenant");
      const handler = require("pulumi-tenant/dist/resources/phoneProvider/handler");
      (async () => {
        await handler.configure({ config: { get: (key) => ({ "tenant:domain": "http://127.0.0.1:9", "tenant:apiToken": "t" })[key] } });
        const checked = await handler.check({}, { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } });
        const read = await handler.read("pro_probe", {}).then(() => "answered", (error) => error.message);
        const loaded = Object.keys(require.cache);
        let zod = "not installed";
        try { require.resolve("zod"); zod = "installed"; } catch {}
        // The rules for a policy pack load without @pulumi/policy, which they use the types of only.
        const rules = require("pulumi-tenant/policy").tenantMfaPolicies().map((policy) => policy.name);
        let policySdk = "not installed";
        try { require.resolve("@pulumi/policy"); policySdk = "installed"; } catch {}
        process.stdout.write(JSON.stringify({ exports: Object.keys(tenant), failures: checked.failures, read, loaded, zod, rules, policySdk }));
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: project, timeout: 60_000 });
    const result = JSON.parse(stdout) as { exports: string[]; failures: unknown[]; read: string; loaded: string[]; zod: string; rules: string[]; policySdk: string };
    expect(result.exports).toEqual(expect.arrayContaining(["PushProviderSelection", "PhoneProvider", "EnrollmentTicket", "getEventStreams", "Provider"]));
    expect(result.failures).toEqual([]);
    expect(result.read).toMatch(/127\.0\.0\.1:9|refused|ECONNREFUSED/i);
    expect(result.zod).toBe("not installed");
    expect(result.policySdk).toBe("not installed");
    expect(result.rules).toContain("phone-messages-deliverable");
    // Everything else loaded is @pulumi/pulumi and its own dependencies, linked from the repository's node_modules.
    const installed = fs.realpathSync(path.join(project, "node_modules", "pulumi-tenant"));
    const dependencies = path.join(REPO_ROOT, "node_modules") + path.sep;
    expect(result.loaded.filter((file) => !file.startsWith(installed + path.sep) && !file.startsWith(dependencies))).toEqual([]);
    expect(result.loaded.filter((file) => file.endsWith(`${path.sep}vendor.js`))).toEqual([path.join(installed, "dist", "vendor.js")]);
    expect(result.loaded.filter((file) => /[\\/]node_modules[\\/](zod|undici)[\\/]/.test(file))).toEqual([]);
  });
});

describe("the native plugin from the packed tarball", () => {
  let dir: string;
  let installed: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-plugin-pack-"));
    const [report] = JSON.parse(await npm(["pack", "--ignore-scripts", "--json", "--pack-destination", dir])) as [{ filename: string }];
    installed = path.join(dir, "node_modules", "pulumi-tenant");
    fs.mkdirSync(installed, { recursive: true });
    fs.mkdirSync(path.join(dir, "node_modules", "@pulumi"));
    await run("tar", ["-xzf", path.join(dir, report.filename), "-C", installed, "--strip-components=1"]);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi"), path.join(dir, "node_modules", "@pulumi", "pulumi"), "dir");
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is an executable that the CLI can run directly: it prints its port and answers GetPluginInfo and GetSchema", async () => {
    const executable = path.join(installed, "pulumi-resource-tenant");
    expect(fs.statSync(executable).mode & 0o111).not.toBe(0);
    const plugin = await PluginProcess.start({}, executable);
    try {
      const info = await plugin.call<unknown, { getVersion(): string }>("getPluginInfo", new empty.Empty());
      expect(info.getVersion()).toBe(manifest.version);
      const schema = await plugin.call<unknown, { getSchema(): string }>("getSchema", new proto.GetSchemaRequest().setVersion(0));
      expect(JSON.parse(schema.getSchema())).toMatchObject({ name: "tenant", version: manifest.version });
    } finally {
      await plugin.stop();
    }
  });

  it("has a Windows launcher and a PulumiPlugin.yaml beside it", () => {
    expect(fs.readFileSync(path.join(installed, "pulumi-resource-tenant.cmd"), "utf8")).toContain("dist\\plugin\\main.js\" %*");
    expect(fs.readFileSync(path.join(installed, "PulumiPlugin.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
  });
});

describe("README", () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const clone = readme.indexOf("\n## From a clone of this repository");

  it("tells a registry user nothing that needs a file the package does not ship", () => {
    expect(clone).toBeGreaterThan(0);
    const forUsers = readme.slice(0, clone);
    const needsAClone = forUsers.split("\n").filter((line) => /npm run |\bexamples\/|\btools\/|\btest\/|CONTRIBUTING\.md/.test(line));
    expect(needsAClone).toEqual([]);
  });

  it("shows the CI workflow exactly as examples/ci/tenant.yml (which the workflow test checks) has it", () => {
    const workflow = fs.readFileSync(path.join(REPO_ROOT, "examples", "ci", "tenant.yml"), "utf8").trimEnd();
    expect(readme).toContain("```yaml\n" + workflow + "\n```");
  });

  it("keeps the clone's two commands and points to CONTRIBUTING.md", () => {
    const forContributors = readme.slice(clone);
    expect(forContributors).toContain("npm run demo");
    expect(forContributors).toContain("npm test");
    expect(forContributors).toContain("CONTRIBUTING.md");
    expect(fs.existsSync(path.join(REPO_ROOT, "CONTRIBUTING.md"))).toBe(true);
  });
});
