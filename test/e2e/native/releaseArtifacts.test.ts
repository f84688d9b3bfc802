/**
 * What `npm run release` ships, used as a user would with nothing but the release: the command writes the plugin
 * archive, the npm tarball and the Python wheel into a folder and the Go SDK's code beside them; then, with no Node.js
 * on PATH and under the pinned CLI, each program installs the plugin from the archive into its own fresh PULUMI_HOME
 * (`pulumi plugin install resource tenant <version> --file <archive>`, no `plugins.providers` entry anywhere) and lives
 * through up, the drift check (clean, then failing on an out-of-band change with the property `--diff` shows) and
 * destroy: the README's YAML program as written, its Python program from the wheel pip-installed into a fresh virtual
 * environment beside `pulumi` from PyPI, and its Go program built on the SDK module committed under sdk/ (a `replace`
 * to it: the import path cannot be fetched here). The Go SDK the command wrote must equal the committed one.
 * The Python and Go language hosts are this repository's stand-ins (tools/pulumi-cli/langhost).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { requirePulumiCli, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { CLI_COMPILE_GOFLAGS, cliModuleVersions, readPins } from "../../../tools/pulumi-cli/build";
import { pulumiCliEnv } from "../../../tools/pulumi-cli/pulumi";
import { packageVersion } from "../../../tools/release/artifacts";
import { archiveName, currentPlatform } from "../../../tools/release/platform";
import { COMMITTED_GO_SDK, goSdkDifferences } from "../../../tools/release/sdks";
import { REPO_ROOT } from "../../../tools/stacks/packageLink";
import { readmeFencedBlocks } from "../../docs/snippets";
import { assertDistIsFresh } from "../../resources/dist";
import { OutOfBandAdmin, diffShownFor, driftFailure, expectNoSecrets, operations } from "../helpers";
import { pluginProjectEngine } from "./pluginProjects";

const CLIENT = { id: "release-ci", secret: "sentinel-release-client-secret-7d3a" };
const SMS_TOKEN = "sentinel-release-sms-token-e51b";
const RELEASE_TIMEOUT_MS = 600_000;
const STEP_TIMEOUT_MS = 300_000;
/** The Go SDK's module (sdk/go.mod); its package is `<module>/go/tenant`, the import path the schema names. */
const GO_SDK_MODULE = "github.com/pulumi-tenant/pulumi-tenant/sdk";

let work = "";
let release = "";
let archive = "";
/** A PATH of its own for every command below: the tools the programs need, and no `node`. */
let toolsPath = "";

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  try {
    return execFileSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: RELEASE_TIMEOUT_MS });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed:\n${stdout}${stderr}`);
  }
}

/** A folder holding links to `go` and `python3` only: the CLI and the stand-in hosts find what they need, and no Node.js. */
function toolsFolder(): string {
  const dir = path.join(work, "tools");
  fs.mkdirSync(dir);
  for (const tool of ["go", "python3"]) {
    const found = execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim();
    if (!found) throw new Error(`${tool} is not on PATH: the release suite needs it`);
    fs.symlinkSync(found, path.join(dir, tool));
  }
  return dir;
}

beforeAll(() => {
  assertDistIsFresh();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-release-"));
  release = path.join(work, "release");
  // The command itself; --built because the suites are loading dist/ (npm test has just built it).
  run("npm", ["run", "--silent", "release", "--", "--built", "--out", release, "--go-sdk", path.join(work, "go-sdk")], REPO_ROOT);
  archive = path.join(release, archiveName(packageVersion(), currentPlatform()));
  toolsPath = toolsFolder();
}, RELEASE_TIMEOUT_MS);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** The CLI's environment for a stack or a folder: its own PULUMI_HOME, and a PATH without Node.js. */
const cliEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => pulumiCliEnv(requirePulumiCli(), { ...env, PATH: toolsPath });

it("writes the plugin archive, the npm tarball and the wheel; the archive holds the executable alone", () => {
  const version = packageVersion();
  expect(fs.readdirSync(release).sort()).toEqual([path.basename(archive), `pulumi-tenant-${version}.tgz`, `pulumi_tenant-${version}-py3-none-any.whl`].sort());
  expect(run("tar", ["-tzf", archive], work).split("\n").filter(Boolean)).toEqual(["pulumi-resource-tenant"]);
});

it("writes the Go SDK committed under sdk/go: regenerating it changes nothing", () => {
  const changed = goSdkDifferences(COMMITTED_GO_SDK, path.join(work, "go-sdk"));
  expect(changed, "sdk/go is not what the schema generates today: run npm run release and commit sdk/").toEqual([]);
});

it("no Node.js is reachable on the PATH the programs below run with", () => {
  const folders = pulumiCliEnv(requirePulumiCli(), { PATH: toolsPath }).PATH!.split(path.delimiter);
  expect(folders.filter((folder) => fs.existsSync(path.join(folder, "node")))).toEqual([]);
});

it("the executable answers get-schema with the schema the package ships, and starts without Node.js", () => {
  const unpacked = path.join(work, "unpacked");
  fs.mkdirSync(unpacked);
  run("tar", ["-xzf", archive, "-C", unpacked], work);
  type Schema = { name: string; version: string; pluginDownloadURL: string; resources: object; functions: object };
  const env = cliEnv({ ...process.env, PULUMI_HOME: path.join(work, "home") });
  const schema = JSON.parse(run(requirePulumiCli().bin, ["package", "get-schema", path.join(unpacked, "pulumi-resource-tenant")], unpacked, env)) as Schema;
  const shipped = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "dist", "schema.json"), "utf8")) as Schema;
  // The CLI prints the schema it bound (empty lists dropped): compare what identifies it.
  const identity = (of: Schema) => ({ ...pick(of, ["name", "version", "pluginDownloadURL"]), resources: Object.keys(of.resources).sort(), functions: Object.keys(of.functions).sort() });
  expect(identity(schema)).toEqual(identity(shipped));
});

const pick = <T extends object, K extends keyof T>(value: T, keys: K[]): Pick<T, K> => Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;

const readmeBlocks = (language: string): string[] => readmeFencedBlocks(fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"), language);

/** The project folder with its Pulumi.yaml (no `plugins` entry) and files. */
function project(name: string, pulumiYaml: string, files: Record<string, string>): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), pulumiYaml);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

interface Program {
  label: string;
  makeProject: () => string;
  config: Record<string, string>;
  /** Extra environment for the CLI and the program. */
  env?: NodeJS.ProcessEnv;
  expectedCreates: string[];
  phoneProviderOutput: string;
}

/** Installs the plugin from the archive, then up, the drift check clean and then failing, and destroy. */
function lifecycle(program: Program): void {
  describe.sequential(`the README's ${program.label} program, the plugin installed from the release's archive`, () => {
    let emulator: Emulator;
    let engine: PulumiCliEngine;
    const runs: RunResult[] = [];

    beforeAll(async () => {
      emulator = await startEmulator({ clients: [CLIENT] });
      emulator.seedEventStreams(2);
      const config = Object.fromEntries(Object.entries(program.config).map(([key, value]) => [key, { value, secret: true }]));
      engine = pluginProjectEngine(program.makeProject(), emulator, CLIENT, config, { ...program.env, PATH: toolsPath });
      const env = cliEnv(engine.commandEnv());
      run(requirePulumiCli().bin, ["plugin", "install", "resource", "tenant", packageVersion(), "--file", archive], work, env);
      expect(run(requirePulumiCli().bin, ["plugin", "ls", "--json"], work, env)).toContain(`"version": "${packageVersion()}"`);
    }, RELEASE_TIMEOUT_MS);

    afterAll(async () => {
      await emulator?.close();
    });

    it("up creates what it declares", async () => {
      const up = await engine.up();
      runs.push(up);
      expect(operations(up).filter((op) => op.startsWith("create"))).toEqual(program.expectedCreates);
      expect(emulator.state.pushProvider).toBe("guardian");
      expect(up.outputs[program.phoneProviderOutput]).toBe([...emulator.state.phoneProviders.keys()][0]);
    }, STEP_TIMEOUT_MS);

    it("the drift check passes untouched, and names the property changed out of band", async () => {
      runs.push(await engine.preview({ refresh: true, expectNoChanges: true }));
      const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
      await admin.selectPushProvider("direct");
      const drift = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
      runs.push(drift.result);
      expect(diffShownFor(drift.result.programOutput, "push", "update")).toEqual(["provider"]);
    }, STEP_TIMEOUT_MS);

    it("destroy puts the selection back and removes the phone provider", async () => {
      runs.push(await engine.destroy());
      expect(emulator.state.pushProvider).toBe("guardian");
      expect(emulator.state.phoneProviders.size).toBe(0);
      for (const result of runs) {
        expectNoSecrets({ "CLI output": result.programOutput, "state file": await engine.rawState() }, { secrets: [CLIENT.secret, SMS_TOKEN] });
      }
    }, STEP_TIMEOUT_MS);
  });
}

const FIVE_CREATES = (names: string[]): string[] =>
  ["MfaFactor", "MfaPolicy", "PhoneMessageTypes", "PhoneProvider", "PushProviderSelection"].map((type, index) => `create tenant:index:${type} ${names[index]}`);

lifecycle({
  label: "YAML",
  makeProject: () => {
    const program = readmeBlocks("yaml").find((block) => block.includes("runtime: yaml"));
    if (!program) throw new Error("the README has no YAML program (a yaml block with runtime: yaml)");
    expect(parseYaml(program)).not.toHaveProperty("plugins");
    return project("yaml", `${program}\n`, {});
  },
  config: { "tenant-yaml:smsAuthToken": SMS_TOKEN },
  expectedCreates: FIVE_CREATES(["smsFactor", "mfaPolicy", "messageTypes", "sms", "push"]),
  phoneProviderOutput: "phoneProviderId",
});

lifecycle({
  label: "Python",
  makeProject: () => {
    const dir = project("python", "name: tenant-python\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n", { "__main__.py": `${readmeBlocks("python")[0]}\n` });
    const wheel = fs.readdirSync(release).find((name) => name.endsWith(".whl"))!;
    run("python3", ["-m", "venv", "venv"], dir);
    const pip = path.join(dir, "venv", "bin", "pip");
    run(pip, ["install", "--quiet", "--disable-pip-version-check", path.join(release, wheel), `pulumi==${readPins().sdk.slice(1)}`], dir);
    return dir;
  },
  config: { "tenant-python:smsAuthToken": SMS_TOKEN },
  expectedCreates: FIVE_CREATES(["sms-factor", "mfa-policy", "message-types", "sms", "push"]),
  phoneProviderOutput: "phone_provider_id",
});

lifecycle({
  label: "Go",
  makeProject: () => {
    const goMod = [
      "module tenant-go",
      "",
      "go 1.25",
      "",
      `require github.com/pulumi/pulumi/sdk/v3 ${readPins().sdk}`,
      `require ${GO_SDK_MODULE} v0.0.0`,
      "",
      `replace ${GO_SDK_MODULE} => ${path.join(REPO_ROOT, "sdk")}`,
      "",
    ].join("\n");
    const dir = project("go", "name: tenant-go\nruntime: go\n", { "main.go": `${readmeBlocks("go")[0]}\n`, "go.mod": goMod });
    const env = { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-modcacherw" };
    run("go", ["mod", "tidy"], dir, env);
    // At the CLI's module versions (and built with its flags, below), the program finds nearly every package it
    // needs compiled in Go's cache by the CLI's build: on a fresh machine that is most of a minute less.
    const cliVersions = cliModuleVersions();
    const built = run("go", ["list", "-deps", "-f", "{{with .Module}}{{.Path}} {{.Version}}{{end}}", "."], dir, env).split("\n").map((line) => line.split(" "));
    const lifts = built.filter(([module, version]) => version && cliVersions.has(module) && cliVersions.get(module) !== version);
    if (lifts.length > 0) {
      run("go", ["mod", "edit", ...new Set(lifts.map(([module]) => `-require=${module}@${cliVersions.get(module)}`))], dir, env);
      run("go", ["mod", "tidy"], dir, env);
    }
    return dir;
  },
  config: { "tenant-go:smsAuthToken": SMS_TOKEN },
  env: { GOTOOLCHAIN: "local", GOFLAGS: `-modcacherw ${CLI_COMPILE_GOFLAGS}` },
  expectedCreates: ["create tenant:index:PhoneProvider sms", "create tenant:index:PushProviderSelection push"],
  phoneProviderOutput: "phoneProviderId",
});
