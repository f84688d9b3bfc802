// An existing tenant under code in two commands, end to end: a realistic tenant (realisticTenant.ts, 120 streams, and
// one more of a destination type the service added after this release, which no resource can declare) exported with `npx pulumi-tenant export` from a project with the packed package installed; no secret in any file
// or line; the project compiles under Pulumi's template tsconfig; through the Pulumi CLI its preview creates
// only, its up sends nothing but GETs under /api/v2, the drift check finds nothing, and the tenant is the same,
// field by field, secrets and timestamps included; destroying the stack takes nothing away (what it puts back is the
// same but for the time of the write). Then the same tenant through import.json and the native plugin, and a second
// export giving the same bytes.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { PulumiCliEngine, type RunResult } from "../../tools/pulumi-cli/driver";
import { emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { INSTALL_TIMEOUT_MS, TYPECHECK_TIMEOUT_MS, installConsumerProject } from "../consumer/consumerProject";
import { assertDistIsFresh } from "../resources/dist";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { runCommand, tenantEnv, type CommandRun } from "../support/exportProcess";
import { seedRealisticTenant, seedUnmanagedStream, tenantSnapshot, withoutUpdateTimes } from "../support/realisticTenant";
import { RequestWindow, diffShownFor, driftFailure, expectNoSecrets } from "./helpers";

const CLIENT = { id: "export-round-trip-ci", secret: "sentinel-export-round-trip-client-secret-58a1" };
const STREAMS = 120;
const RUN_TIMEOUT_MS = 600_000;
const FILES = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "import.json"];

let emulator: Emulator;
let project: string;
let work: string;
let secrets: string[];
let before: unknown;
let unmanaged: { id: string; name: string };

const exported = () => path.join(project, "exported");
const npxExport = (folder: string): Promise<CommandRun> =>
  runCommand(["npx", "--no", "pulumi-tenant"], ["export", folder], { cwd: project, env: { ...tenantEnv(emulator, CLIENT), npm_config_update_notifier: "false" } });

function scan(where: string, result: RunResult, rawState: string): void {
  expectNoSecrets(
    { [`${where}: program output`]: result.programOutput, [`${where}: state file`]: rawState },
    { "a secret of the tenant": secrets, "an access token": emulator.issuedAccessTokens() },
  );
}

beforeAll(async () => {
  assertDistIsFresh();
  project = installConsumerProject();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-export-round-trip-"));
  emulator = await startEmulator({ clients: [CLIENT] });
  secrets = [CLIENT.secret, ...(await seedRealisticTenant(emulator, CLIENT.id, STREAMS))];
  unmanaged = seedUnmanagedStream(emulator, "to-kafka");
  before = tenantSnapshot(emulator);
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await emulator?.close();
  for (const folder of [project, work]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe.sequential("export, then up: the tenant under code, unchanged", () => {
  let declared = 0;

  it("npx pulumi-tenant export writes the project, with no secret in any file or printed line", async () => {
    const run = await npxExport("exported");
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readdirSync(exported()).sort()).toEqual([...FILES].sort());
    const texts = Object.fromEntries(FILES.map((file) => [file, fs.readFileSync(path.join(exported(), file), "utf8")]));
    expectNoSecrets({ ...texts, stdout: run.stdout, stderr: run.stderr }, { "a secret of the tenant": secrets });
    declared = (JSON.parse(texts["import.json"]) as { resources: unknown[] }).resources.length;
    expect(texts["index.ts"].match(/^const \w+ = new tenant\./gm)).toHaveLength(declared);
    expect(texts["index.ts"].match(/= new tenant\.EventStream\(/g)).toHaveLength(STREAMS);
    // The stream no resource can declare is skipped, named with its type, and the export still succeeds.
    expect(run.stdout).toContain(`EventStream: "${unmanaged.name}" (${unmanaged.id}): no resource can declare what the tenant holds (a destination of type "kafka"`);
    expect(texts["index.ts"]).not.toContain(unmanaged.name);
    // The package as npm can install it again: the tarball the project installed it from, not a registry version.
    const { version } = JSON.parse(fs.readFileSync(path.join(project, "node_modules", "pulumi-tenant", "package.json"), "utf8")) as { version: string };
    expect((JSON.parse(texts["package.json"]) as { dependencies: Record<string, string> }).dependencies["pulumi-tenant"]).toBe(`file:../pulumi-tenant-${version}.tgz`);
    expect(run.stdout).toContain(`package.json installs pulumi-tenant from file:../pulumi-tenant-${version}.tgz, the tarball this command was installed from`);
  });

  it(
    "compiles under Pulumi's template tsconfig with the packed package installed",
    () => {
      const tsc = path.join(project, "node_modules", "typescript", "bin", "tsc");
      const run = spawnSync(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", path.join(exported(), "tsconfig.json")], {
        cwd: exported(),
        encoding: "utf8",
        timeout: TYPECHECK_TIMEOUT_MS,
      });
      expect(run.stdout.split("\n").filter((line) => / error TS/.test(line))).toEqual([]);
      expect(run.status).toBe(0);
    },
    TYPECHECK_TIMEOUT_MS,
  );

  let engine: PulumiCliEngine;

  it(
    "preview creates only; up sends no request but GETs under /api/v2; the drift check finds nothing; the tenant is the same",
    async () => {
      engine = new PulumiCliEngine({
        projectDir: exported(),
        stack: "production",
        stateDir: path.join(work, "typescript-state"),
        passphrase: "export round trip",
        config: emulatorConnectionConfig(emulator, CLIENT),
        // No NODE_PATH: the program and its hosts find pulumi-tenant in the project's node_modules, as a user's do.
        env: { ...BLANK_TENANT_ENV, PULUMI_NODEJS_TRANSPILE_ONLY: "true", NODE_PATH: "" },
        timeoutMs: RUN_TIMEOUT_MS,
      });
      const preview = await engine.preview();
      expect(new Set(preview.steps.map((step) => step.op))).toEqual(new Set(["create"]));
      expect(preview.steps).toHaveLength(declared);

      const window = new RequestWindow(emulator);
      const up = await engine.up();
      const calls = window.take();
      expect(calls.mutating()).toEqual([]);
      expect(calls.failures()).toEqual([]);
      expect(up.steps.filter((step) => step.op === "create")).toHaveLength(declared);
      scan("up", up, await engine.rawState());

      await engine.preview({ refresh: true, expectNoChanges: true });
      expect(window.take().mutating()).toEqual([]);
      expect(tenantSnapshot(emulator)).toEqual(before);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "a selection changed by hand fails the drift check, naming the property; up --refresh puts it back",
    async () => {
      const held = emulator.state.pushProvider;
      emulator.state.pushProvider = "guardian";
      const drift = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
      expect(diffShownFor(drift.result.programOutput, "push-provider-selection", "update")).toEqual(["provider"]);
      scan("drift check", drift.result, await engine.rawState());
      await engine.up({ refresh: true });
      expect(emulator.state.pushProvider).toBe(held);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "destroying the stack takes nothing away from the tenant",
    async () => {
      const destroyed = await engine.destroy();
      expect(destroyed.steps.filter((step) => step.op === "delete")).toHaveLength(declared);
      expect(withoutUpdateTimes(tenantSnapshot(emulator))).toEqual(withoutUpdateTimes(before));
    },
    RUN_TIMEOUT_MS,
  );
});

describe.sequential("import.json through the native plugin, into a YAML stack", () => {
  /** The tenant as the TypeScript stack's destroy left it. */
  let baseline: unknown;
  let importCode = "";
  const yamlProject = () => path.join(work, "yaml-stack");
  /** A YAML program on the plugin the packed package ships, with `resources` (the CLI's generated code) or none. */
  const yamlStack = (code: string): PulumiCliEngine => {
    const program = {
      name: "tenant-exported-yaml",
      runtime: "yaml",
      plugins: { providers: [{ name: "tenant", path: path.join(project, "node_modules", "pulumi-tenant") }] },
      ...(parseYaml(code) as object),
    };
    fs.mkdirSync(yamlProject(), { recursive: true });
    fs.writeFileSync(path.join(yamlProject(), "Pulumi.yaml"), stringifyYaml(program));
    return new PulumiCliEngine({
      projectDir: yamlProject(),
      stack: "production",
      stateDir: path.join(work, "yaml-state"),
      passphrase: "export round trip",
      config: emulatorConnectionConfig(emulator, CLIENT),
      env: BLANK_TENANT_ENV,
      timeoutMs: RUN_TIMEOUT_MS,
    });
  };

  it(
    "pulumi import --file imports every resource it lists in one deployment, changing nothing, and writes their code",
    async () => {
      baseline = tenantSnapshot(emulator);
      const window = new RequestWindow(emulator);
      const result = await yamlStack("").importFile(path.join(exported(), "import.json"));
      expect(new Set(result.steps.map((step) => step.op))).toEqual(new Set(["import"]));
      expect(window.take().mutating()).toEqual([]);
      importCode = result.importCode ?? "";
      expect(Object.keys((parseYaml(importCode) as { resources: object }).resources)).toHaveLength(result.steps.length);
      scan("import", result, await yamlStack("").rawState());
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "the code the CLI generated, as the YAML program: preview and up --expect-no-changes, nothing but GETs, the tenant the same",
    async () => {
      const engine = yamlStack(importCode);
      const window = new RequestWindow(emulator);
      await engine.preview({ expectNoChanges: true });
      const up = await engine.up({ expectNoChanges: true });
      expect(new Set(up.steps.map((step) => step.op))).toEqual(new Set(["same"]));
      await engine.preview({ refresh: true, expectNoChanges: true });
      expect(window.take().mutating()).toEqual([]);
      expect(tenantSnapshot(emulator)).toEqual(baseline);
      scan("up of the generated code", up, await engine.rawState());
    },
    RUN_TIMEOUT_MS,
  );
});

describe("a second export", () => {
  it("writes the same bytes", async () => {
    const run = await npxExport("exported-again");
    expect(run.code, run.stderr).toBe(0);
    for (const file of FILES) {
      expect(fs.readFileSync(path.join(project, "exported-again", file), "utf8"), file).toBe(fs.readFileSync(path.join(exported(), file), "utf8"));
    }
  });
});
