/**
 * A plugin the CLI takes from PATH instead of from where the project says fails the run: `npm test` has
 * node_modules/.bin first on PATH, and a suite passing on whatever plugin that held would prove nothing of the one
 * under test. Here a YAML program declares a tenant resource with no `plugins` entry and the package's
 * `pulumi-resource-tenant` is on PATH, where the CLI finds it and warns.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { REPO_ROOT } from "../../stacks/packageLink";
import { EngineRunError, PulumiCliEngine } from "../driver";

const CLIENT = { id: "ambient-ci", secret: "sentinel-ambient-secret-5d0c11" };
let emulator: Emulator;
let root: string;

/** A YAML project declaring one PushProviderSelection; `plugins` says where the plugin is, or nothing does. */
function selectionStack(name: string, plugins: Record<string, unknown> | undefined, env: NodeJS.ProcessEnv = {}): PulumiCliEngine {
  const projectDir = path.join(root, name);
  fs.mkdirSync(projectDir);
  const pulumiYaml = {
    name,
    runtime: "yaml",
    ...(plugins ? { plugins } : {}),
    resources: { selection: { type: "tenant:index:PushProviderSelection", properties: { provider: "sns" } } },
  };
  fs.writeFileSync(path.join(projectDir, "Pulumi.yaml"), JSON.stringify(pulumiYaml));
  return new PulumiCliEngine({
    projectDir,
    stack: "dev",
    stateDir: path.join(projectDir, ".state"),
    passphrase: name,
    config: {
      "tenant:domain": { value: emulator.url },
      "tenant:clientId": { value: CLIENT.id },
      "tenant:clientSecret": { value: CLIENT.secret, secret: true },
    },
    env,
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ clients: [CLIENT] });
  root = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-ambient-"));
});

afterAll(async () => {
  await emulator?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("a plugin taken from PATH", () => {
  it("passes with the plugin the project names, and fails the run naming the one the CLI took from PATH", async () => {
    const named = await selectionStack("named-plugin", { providers: [{ name: "tenant", path: REPO_ROOT }] }).preview();
    expect(named.steps.map((step) => `${step.op} ${step.type}`)).toContain("create tenant:index:PushProviderSelection");

    const onPath = path.join(root, "bin");
    fs.mkdirSync(onPath);
    fs.symlinkSync(path.join(REPO_ROOT, "pulumi-resource-tenant"), path.join(onPath, "pulumi-resource-tenant"));
    const failure = await selectionStack("plugin-from-path", undefined, { PATH: `${onPath}${path.delimiter}${process.env.PATH ?? ""}` })
      .preview()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(EngineRunError);
    expect((failure as Error).message).toBe("preview: the CLI warned that it took pulumi-resource-tenant from PATH, not from where the project names it or from beside the CLI");
  }, 120_000);
});
