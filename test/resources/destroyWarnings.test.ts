// What a destroy tells the user names the resource as the program named it (`SnsPushProvider "sns"`), never by the
// tenant's host: the dynamic door's class passes the name as `__programName`, which create, update and refresh keep in state
// and delete reads back; a state stored before has none, and its warning names the id. Every handler that warns on
// destroy has a definition that says so (only those keep the name). Here the handlers run in this process, whose
// warnings go to stderr; hostWarnings.test.ts and test/plugin/engineLog.test.ts follow them to the engine's Log.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REGISTRY } from "../../provider/resources/registry";
import { restoreMayWarn } from "../../provider/resources/common/adoptedFields";
import type { ResourceDefinition } from "../../provider/resources/common/definition";
import type { ResourceHandler } from "../../provider/resources/common/handler";
import { REPO_ROOT } from "./dist";
import { AUTH_TOKEN, configureRequest, stderrOf, tenantConfig, tenantHostOf, useConfiguredTenant } from "./harness";
import { scenarioOf } from "./scenarios";

const configure = { configure: async () => undefined };
const tenant = useConfiguredTenant(configure);

const P12 = Buffer.from("sentinel-destroy-warning-p12").toString("base64");
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", private_key: "sentinel-destroy-warning-fcm" });

async function handlerOf(module: string): Promise<ResourceHandler> {
  const handler = await REGISTRY.find((entry) => entry.definition.module === module)!.handler();
  await handler.configure(configureRequest(tenantConfig(tenant())));
  return handler;
}

afterEach(() => vi.restoreAllMocks());

/** Creates through check, as the host does, with the inputs a class registers (`__programName` among them). */
async function created(handler: ResourceHandler, inputs: Record<string, unknown>, name?: string) {
  const checked = await handler.check({}, name === undefined ? inputs : { ...inputs, __programName: name });
  expect(checked.failures ?? []).toEqual([]);
  return handler.create(checked.inputs);
}

const cases: [module: string, inputs: Record<string, unknown>, says: string][] = [
  ["snsPushProvider", { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: AUTH_TOKEN, awsRegion: "us-east-1" }, "the tenant keeps the SNS configuration the stack set"],
  ["apnsPushProvider", { bundleId: "com.example.app", p12: P12 }, "the APNs configuration stays on the tenant"],
  ["fcmPushProvider", { serverCredentials: SERVICE_ACCOUNT }, "the FCM v1 service account stays on the tenant"],
  // A setting of several fields: what the tenant did not have stays (common/adoption.ts).
  ["pushCustomApp", { appName: "Warned App" }, "its appName stays as the stack set it: the tenant had none"],
];

describe.each(cases)("%s's destroy warning", (module, inputs, says) => {
  /** SNS warns only when it replaced a key the tenant held: give it one to replace. */
  const seed = () => {
    if (module === "snsPushProvider") Object.assign(tenant().state.pushCredentials.sns, { aws_access_key_id: "AKIATHEIRS", aws_secret_access_key: "theirs-1234", aws_region: "eu-west-1" });
  };

  it("names the resource as the program did, kept in state from create through refresh and update", async () => {
    seed();
    const handler = await handlerOf(module);
    const resource = await created(handler, inputs, "push-credentials");
    expect(resource.outs).toMatchObject({ __programName: "push-credentials" });
    const refreshed = await handler.read(resource.id, resource.outs);
    expect(refreshed.props).toMatchObject({ __programName: "push-credentials" });
    expect(refreshed.inputs).toMatchObject({ __programName: "push-credentials" });
    const updated = await handler.update(resource.id, refreshed.props, { ...inputs, __programName: "push-credentials" });
    expect(updated.outs).toMatchObject({ __programName: "push-credentials" });
    const printed = await stderrOf(() => handler.delete(resource.id, updated.outs));
    const type = REGISTRY.find((entry) => entry.definition.module === module)!.definition.name;
    expect(printed).toContain(`warning: ${type} "push-credentials" was removed from the stack`);
    expect(printed).toContain(says);
    expect(printed).not.toContain(`"${tenantHostOf(tenant())}"`);
  });

  it("from a state stored without the name, names the id instead", async () => {
    seed();
    const handler = await handlerOf(module);
    const resource = await created(handler, inputs);
    expect(resource.outs).not.toHaveProperty("__programName");
    const printed = await stderrOf(() => handler.delete(resource.id, resource.outs));
    expect(printed).toMatch(new RegExp(`warning: \\w+ with id "${tenantHostOf(tenant()).replace(/\./g, "\\.")}" was removed from the stack`));
  });
});

const WARNING = REGISTRY.filter(({ definition }) => (definition as ResourceDefinition).warnsOnDestroy).map(({ definition }) => definition.module);

describe.each(WARNING)("%s keeps the program's name", (module) => {
  it("through create, refresh and update, and check hands it on; a state without it reads and deletes as before", async () => {
    const handler = await handlerOf(module);
    const scenario = scenarioOf(module);
    const resource = await created(handler, scenario.create, "named");
    expect(resource.outs).toMatchObject({ __programName: "named" });
    const refreshed = await handler.read(resource.id, resource.outs);
    expect(refreshed.props).toMatchObject({ __programName: "named" });
    if (scenario.update) {
      const next = await handler.check(resource.outs, { ...scenario.update, __programName: "named" });
      expect(next.inputs).toMatchObject({ __programName: "named" });
      await expect(handler.diff(resource.id, refreshed.props, next.inputs)).resolves.toMatchObject({ changes: true });
      expect((await handler.update(resource.id, refreshed.props, next.inputs)).outs).toMatchObject({ __programName: "named" });
    }
    // The name alone never makes a diff: a resource stored without it is not updated for it.
    await expect(handler.diff(resource.id, refreshed.props, (await handler.check(resource.outs, { ...scenario.create, __programName: "renamed" })).inputs)).resolves.toMatchObject({ changes: false });
    const { __programName: _name, ...stored } = resource.outs as Record<string, unknown>;
    await stderrOf(() => handler.delete(resource.id, stored));
  });
});

it("every handler that warns on destroy has a definition that says so, and only those keep the name", () => {
  const warning = REGISTRY.filter(({ definition }) => {
    // The handler and what its folder gives it (MfaPolicy's side effect on risk assessment warns from a file of its own).
    const folder = path.join(REPO_ROOT, "provider", "resources", definition.module);
    const source = ["handler.ts", ...fs.readdirSync(folder).filter((file) => !/^(handler|definition|wire)\.ts$/.test(file))]
      .map((file) => fs.readFileSync(path.join(folder, file), "utf8"))
      .join("\n");
    return /\bcontext\.warn\(|\breportRefusedClear\(|\bleftAsItIs\(/.test(source) || restoreMayWarn(definition as ResourceDefinition);
  }).map(({ definition }) => definition.name);
  const declared = REGISTRY.filter(({ definition }) => (definition as ResourceDefinition).warnsOnDestroy).map(({ definition }) => definition.name);
  expect(declared).toEqual(warning);
});
