/**
 * examples/multi-tenant: one program, two tenants (two emulators), each reached through its own explicit
 * Provider. Up must set each tenant's push selection independently and list each one's event streams;
 * destroy must restore both. The project has its own Pulumi.yaml, so the hosts run in its directory.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_DESTINATIONS, startEmulator, type Emulator, type EmulatorClient } from "../../tools/emulator";
import { PulumiCliEngine, proposedChanges } from "../../tools/pulumi-cli/driver";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { OutOfBandAdmin, PUSH_API_PATH, RequestWindow, STREAMS_API_PATH, diffShownFor, driftFailure, expectNoSecrets, operations, visibleTexts } from "./helpers";

const PROJECT_DIR = join(REPO_ROOT, "examples", "multi-tenant");

interface Tenant {
  stage: "staging" | "production";
  client: EmulatorClient;
  initialPush: "guardian" | "sns" | "direct";
  /** What examples/multi-tenant/index.ts selects for this stage. */
  declaredPush: "guardian" | "sns" | "direct";
  streams: number;
  emulator: Emulator;
  requests: RequestWindow;
}

const TENANTS: Omit<Tenant, "emulator" | "requests">[] = [
  { stage: "staging", client: { id: "staging-ci", secret: "sentinel-staging-secret-5c1d70aa" }, initialPush: "guardian", declaredPush: "direct", streams: 3 },
  { stage: "production", client: { id: "production-ci", secret: "sentinel-production-secret-e9b2f641" }, initialPush: "sns", declaredPush: "guardian", streams: 120 },
];

describe.sequential("examples/multi-tenant against two tenants", () => {
  const tenants: Tenant[] = [];
  let stateDir: string;
  let engine: PulumiCliEngine;

  beforeAll(async () => {
    for (const spec of TENANTS) {
      const emulator = await startEmulator({ clients: [spec.client], tenant: `${spec.stage}-tenant` });
      emulator.seedEventStreams(spec.streams, { namePrefix: spec.stage, destinations: SEED_DESTINATIONS });
      emulator.state.pushProvider = spec.initialPush;
      tenants.push({ ...spec, emulator, requests: new RequestWindow(emulator) });
    }
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-multi-"));
    const config: Record<string, { value: string; secret?: boolean }> = {};
    for (const { stage, emulator, client } of tenants) {
      config[`${stage}Domain`] = { value: emulator.url };
      config[`${stage}ClientId`] = { value: client.id };
      config[`${stage}ClientSecret`] = { value: client.secret, secret: true };
    }
    engine = new PulumiCliEngine({
      projectDir: PROJECT_DIR,
      stack: "dev",
      stateDir,
      passphrase: "multi-tenant passphrase",
      config,
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv() },
    });
  });

  afterAll(async () => {
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
    await Promise.all(tenants.map((tenant) => tenant.emulator.close()));
  });

  function expectNoLeaks(step: string, texts: Record<string, string>): void {
    const tokens = tenants.flatMap((tenant) => tenant.emulator.issuedAccessTokens());
    expectNoSecrets(texts, {
      "the staging client secret": [tenants[0].client.secret],
      "the production client secret": [tenants[1].client.secret],
      [`an access token (${step})`]: tokens,
    });
  }

  it("resolves pulumi-tenant from the project directory, where the provider hosts run", () => {
    // A host evaluates the serialized provider with require-from-string and no file name: it searches from its
    // cwd, then NODE_PATH. Here that reaches this checkout through the package-link folder, and nothing else does
    // (no link to the repository in node_modules).
    const requireFromString = createRequire(createRequire(join(REPO_ROOT, "package.json")).resolve("@pulumi/pulumi")).resolve("require-from-string");
    const script = `process.stdout.write(require(${JSON.stringify(requireFromString)})("module.exports = require.resolve('pulumi-tenant/dist/resources/pushProviderSelection/handler')"))`;
    const resolveInHost = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, ["-e", script], { cwd: PROJECT_DIR, env, encoding: "utf8" });
    const { NODE_PATH: _ignored, ...withoutNodePath } = process.env;
    expect(resolveInHost({ ...withoutNodePath, ...packageLookupEnv(withoutNodePath) }).stdout).toBe(
      join(REPO_ROOT, "dist", "resources", "pushProviderSelection", "handler.js"),
    );
    expect(resolveInHost(withoutNodePath).stderr).toMatch(/Cannot find module 'pulumi-tenant\/dist\/resources\/pushProviderSelection\/handler'/);
  });

  it("up sets each tenant's selection through its own provider and lists each tenant's streams", async () => {
    const result = await engine.up();
    const calls = tenants.map((tenant) => tenant.requests.take());
    expectNoLeaks("up", visibleTexts("up", result, await engine.rawState()));

    expect(operations(result)).toEqual([
      "create pulumi:providers:pulumi-nodejs production",
      "create pulumi:providers:pulumi-nodejs staging",
      "create tenant:PushProviderSelection production-push",
      "create tenant:PushProviderSelection staging-push",
    ]);
    for (const [index, tenant] of tenants.entries()) {
      expect(tenant.emulator.state.pushProvider, tenant.stage).toBe(tenant.declaredPush);
      // Each tenant saw only its own resource's calls and its own listing (pages of 100, then the empty last page).
      expect(calls[index].counts(), tenant.stage).toEqual({
        [`GET ${PUSH_API_PATH}`]: 1,
        [`PUT ${PUSH_API_PATH}`]: 1,
        [`GET ${STREAMS_API_PATH}`]: Math.ceil(tenant.streams / 100) + 1,
      });
      expect(calls[index].failures(), tenant.stage).toEqual([]);
    }
    expect(result.outputs).toEqual({
      stagingPushProvider: "direct",
      productionPushProvider: "guardian",
      stagingStreams: 3,
      productionStreams: 120,
    });

    const state = await engine.readState();
    const selection = (name: string) => state.resources.find((resource) => resource.urn.endsWith(`::${name}`));
    // A selection's id is its tenant's host; each points at its own explicit provider.
    expect(selection("staging-push")?.id).toBe(new URL(tenants[0].emulator.url).host);
    expect(selection("production-push")?.id).toBe(new URL(tenants[1].emulator.url).host);
    expect(selection("staging-push")?.provider).toContain("::staging::");
    expect(selection("production-push")?.provider).toContain("::production::");
  });

  it("the drift check passes untouched; a selection changed by hand on one tenant is found there alone, and up --refresh repairs it", async () => {
    await engine.preview({ refresh: true, expectNoChanges: true });
    for (const tenant of tenants) expect(tenant.requests.take().mutating(), tenant.stage).toEqual([]);
    const production = tenants[1];
    await (await OutOfBandAdmin.create(production.emulator, production.client.id)).selectPushProvider("direct");
    const drift = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    expect(proposedChanges(drift.result.steps, drift.operation).map((step) => `${step.op} ${step.name}`)).toEqual(["update production-push"]);
    expect(diffShownFor(drift.result.programOutput, "production-push", "update")).toEqual(["provider"]);
    expectNoLeaks("drift check", { "CLI output": drift.result.programOutput });
    production.requests.take();
    await engine.up({ refresh: true });
    expect(production.emulator.state.pushProvider).toBe("guardian");
    // The repair wrote to the drifted tenant alone.
    expect(tenants.map((tenant) => tenant.requests.take().mutating().length)).toEqual([0, 1]);
  });

  it("destroy restores each tenant's previous selection and empties the state", async () => {
    const result = await engine.destroy();
    const calls = tenants.map((tenant) => tenant.requests.take());
    expectNoLeaks("destroy", visibleTexts("destroy", result, await engine.rawState()));

    expect(operations(result)).toEqual([
      "delete pulumi:providers:pulumi-nodejs production",
      "delete pulumi:providers:pulumi-nodejs staging",
      "delete tenant:PushProviderSelection production-push",
      "delete tenant:PushProviderSelection staging-push",
    ]);
    for (const [index, tenant] of tenants.entries()) {
      expect(tenant.emulator.state.pushProvider, tenant.stage).toBe(tenant.initialPush);
      expect(calls[index].counts(), tenant.stage).toEqual({ [`GET ${PUSH_API_PATH}`]: 1, [`PUT ${PUSH_API_PATH}`]: 1 });
    }
    expect((await engine.readState()).resources).toEqual([]);
  });
});
