/**
 * The SDKs `pulumi package gen-sdk` writes from the plugin (the packed package's executable, installed in a
 * `tenant-plugin/` folder as the README says), and the README's Python and Go programs on them, as written, under
 * the real CLI: Python with `pulumi` from PyPI in the project's virtualenv, Go with the program's go.mod replacing
 * the SDK's module path with the generated folder. Each lives through up, the drift check (clean, then failing on an
 * out-of-band change with the property shown by `--diff`), and destroy. `pulumi package get-schema` gives the schema
 * the package ships. The Python and Go language hosts are this repository's stand-ins (tools/pulumi-cli/langhost).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { requirePulumiCli, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { CLI_COMPILE_GOFLAGS, cliModuleVersions, readPins } from "../../../tools/pulumi-cli/build";
import { pulumiCliEnv } from "../../../tools/pulumi-cli/pulumi";
import { REPO_ROOT } from "../../../tools/stacks/packageLink";
import { INSTALL_TIMEOUT_MS, installConsumerProject } from "../../consumer/consumerProject";
import { readmeFencedBlocks } from "../../docs/snippets";
import { assertDistIsFresh } from "../../resources/dist";
import { OutOfBandAdmin, diffShownFor, driftFailure, expectNoSecrets, operations } from "../helpers";
import { README_PLUGINS, pluginProject, pluginProjectEngine } from "./pluginProjects";

const CLIENT = { id: "sdk-ci", secret: "sentinel-generated-sdk-client-secret-4b9e" };
const SMS_TOKEN = "sentinel-generated-sdk-sms-token-c21f";
const STEP_TIMEOUT_MS = 300_000;
/** The Go module path the schema gives the Go SDK's package, `<module>/tenant`. */
const GO_SDK_MODULE = "github.com/pulumi-tenant/pulumi-tenant/sdk/go";

let work = "";
let plugin = "";
let sdks = "";

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: INSTALL_TIMEOUT_MS });
}

/** `pulumi …` with the pinned CLI, offline, in `cwd`. */
function pulumi(args: string[], cwd: string): string {
  const cli = requirePulumiCli();
  return run(cli.bin, args, cwd, pulumiCliEnv(cli, { ...process.env, PULUMI_HOME: path.join(work, "home") }));
}

const pluginExecutable = () => path.join(plugin, "node_modules", "pulumi-tenant", "pulumi-resource-tenant");

beforeAll(() => {
  assertDistIsFresh();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-sdks-"));
  plugin = installConsumerProject();
  sdks = path.join(work, "sdks");
  for (const language of ["python", "go"]) pulumi(["package", "gen-sdk", pluginExecutable(), "--language", language, "-o", sdks], work);
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  for (const folder of [work, plugin]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

it("pulumi package get-schema gives the schema the package ships", () => {
  const schema = JSON.parse(pulumi(["package", "get-schema", pluginExecutable()], work)) as { name: string; resources: object };
  const shipped = JSON.parse(fs.readFileSync(path.join(plugin, "node_modules", "pulumi-tenant", "dist", "schema.json"), "utf8")) as typeof schema;
  expect(schema.name).toBe("tenant");
  expect(Object.keys(schema.resources).sort()).toEqual(Object.keys(shipped.resources).sort());
});

const project = (name: string, pulumiYaml: Record<string, unknown>, files: Record<string, string>): string =>
  pluginProject(path.join(work, name), plugin, { ...pulumiYaml, plugins: README_PLUGINS }, files);

/** up, the drift check clean and then failing on a push provider changed by hand, and destroy. */
function lifecycle(label: string, makeProject: () => string, expectedCreates: string[], env: NodeJS.ProcessEnv = {}): void {
  describe.sequential(`the README's ${label} program on the generated SDK`, () => {
    let emulator: Emulator;
    let engine: PulumiCliEngine;
    const runs: RunResult[] = [];

    beforeAll(async () => {
      emulator = await startEmulator({ clients: [CLIENT] });
      emulator.seedEventStreams(2);
      engine = pluginProjectEngine(makeProject(), emulator, CLIENT, { smsAuthToken: { value: SMS_TOKEN, secret: true } }, env);
    }, INSTALL_TIMEOUT_MS);

    afterAll(async () => {
      await emulator?.close();
    });

    it("up creates what it declares", async () => {
      const up = await engine.up();
      runs.push(up);
      expect(operations(up).filter((op) => op.startsWith("create"))).toEqual(expectedCreates);
      expect(emulator.state.pushProvider).toBe("sns");
      expect(up.outputs).toMatchObject({ [label === "Python" ? "phone_provider_id" : "phoneProviderId"]: [...emulator.state.phoneProviders.keys()][0] });
    }, STEP_TIMEOUT_MS);

    it("the drift check passes untouched, and names the property changed out of band", async () => {
      runs.push(await engine.preview({ refresh: true, expectNoChanges: true }));
      const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
      await admin.selectPushProvider("guardian");
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

const readmeBlock = (language: string): string => {
  const [block] = readmeFencedBlocks(fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"), language);
  return `${block}\n`;
};

lifecycle(
  "Python",
  () => {
    const dir = project("python", { name: "tenant-python", runtime: { name: "python", options: { virtualenv: "venv" } } }, { "__main__.py": readmeBlock("python") });
    run("python3", ["-m", "venv", "venv"], dir);
    const pip = path.join(dir, "venv", "bin", "pip");
    run(pip, ["install", "--quiet", "--disable-pip-version-check", `pulumi==${readPins().sdk.slice(1)}`, path.join(sdks, "python")], dir);
    return dir;
  },
  [
    "create tenant:index:MfaFactor sms-factor",
    "create tenant:index:MfaPolicy mfa-policy",
    "create tenant:index:PhoneMessageTypes message-types",
    "create tenant:index:PhoneProvider sms",
    "create tenant:index:PushProviderSelection push",
  ],
);

lifecycle(
  "Go",
  () => {
    const sdkRoot = path.join(sdks, "go");
    // gen-sdk writes no go.mod: the SDK's folder gets the smallest one, and the program's replaces the module path.
    fs.writeFileSync(path.join(sdkRoot, "go.mod"), `module ${GO_SDK_MODULE}\n\ngo 1.26\n\nrequire github.com/pulumi/pulumi/sdk/v3 ${readPins().sdk}\n`);
    const goMod = [
      "module tenant-go",
      "",
      "go 1.26",
      "",
      `require github.com/pulumi/pulumi/sdk/v3 ${readPins().sdk}`,
      `require ${GO_SDK_MODULE} v0.0.0`,
      "",
      `replace ${GO_SDK_MODULE} => ${sdkRoot}`,
      "",
    ].join("\n");
    const dir = project("go", { name: "tenant-go", runtime: "go" }, { "main.go": readmeBlock("go"), "go.mod": goMod });
    const env = { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-modcacherw" };
    run("go", ["mod", "tidy"], sdkRoot, env);
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
  ["create tenant:index:PhoneProvider sms", "create tenant:index:PushProviderSelection push"],
  { GOFLAGS: CLI_COMPILE_GOFLAGS },
);
