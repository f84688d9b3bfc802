// State written by any handler version must keep working: every registered handler reads its stored outputs from
// its definition, a missing field reading as null (nullable), absent (optional), or the fallback it declares. Here
// each resource is created for real, then refreshed, updated and destroyed from its state with each stored field
// left out in turn (schemaVersion included) — through the handler module, and for the three first resources also
// through the provider texts their states hold (fixtures/provider-texts/), evaluated by the real host.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Emulator } from "../../tools/emulator";
import { secretEnvelope } from "../../tools/pulumi-cli/driver";
import { DynamicProviderHost } from "../../tools/host-driver";
import type { PropertyMap } from "../../tools/pulumi-cli/driver/values";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import { isImportable, type ResourceDefinition } from "../../provider/resources/common/definition";
import { REGISTRY } from "../../provider/resources/registry";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { REPO_ROOT, assertDistIsFresh } from "./dist";
import { CLIENT_ID, CLIENT_SECRET, configureRequest, startTenant, tenantConfig, useConfiguredTenant } from "./harness";
import { scenarioOf } from "./scenarios";

const configure = { configure: async () => undefined };
const tenant = useConfiguredTenant(configure);

function without(bag: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _left, ...rest } = bag;
  return rest;
}

/** Every stored key is declared, and the outputs the definition requires are there and of their type. */
function expectReadable(definition: ResourceDefinition, stored: unknown, step: string): void {
  const parsed = definition.outputs.safeParse(stored);
  expect(parsed.success ? [] : z.prettifyError(parsed.error), `${definition.name} ${step}`).toEqual([]);
  expect((stored as Record<string, unknown>).schemaVersion, `${definition.name} ${step}: schemaVersion`).toBe(1);
}

/**
 * A refresh reads the service back into outputs the definition describes; what the service cannot read back (an
 * enrollment ticket, an FCM service account) keeps the state as stored: a field it lacks cannot be made up.
 */
function expectRefreshed(definition: ResourceDefinition, stored: Record<string, unknown>, refreshed: unknown, step: string): void {
  if (!isImportable(definition)) expect(refreshed, `${definition.name} ${step}: refresh`).toEqual({ ...stored, schemaVersion: 1 });
  else expectReadable(definition, refreshed, `${step}: refresh`);
}

describe.each(REGISTRY.map((registered) => [registered.definition.module, registered] as const))("%s", (module, registered) => {
  it("refreshes, updates and deletes from a stored state that lacks any one field", async () => {
    const { definition } = registered;
    const scenario = scenarioOf(module);
    const handler = await registered.handler();
    await handler.configure(configureRequest(tenantConfig(tenant())));
    const create = async () => {
      tenant().reset();
      const checked = await handler.check({}, scenario.create);
      return { checked, created: await handler.create(checked.inputs) };
    };
    const { created: full } = await create();
    for (const key of Object.keys(full.outs as Record<string, unknown>)) {
      const { checked, created } = await create();
      const partial = without(created.outs as Record<string, unknown>, key);
      const step = `without ${key}`;

      const read = await handler.read(created.id, partial);
      expect(read.id, `${definition.name} ${step}: refresh keeps it`).toBe(created.id);
      expectRefreshed(definition, partial, read.props, step);

      let last = partial;
      if (scenario.update) {
        const next = await handler.check(checked.inputs, scenario.update);
        expect(next.failures ?? []).toEqual([]);
        const updated = await handler.update(created.id, partial, next.inputs);
        expectReadable(definition, updated.outs, `${step}: update`);
        last = without(updated.outs as Record<string, unknown>, key);
      }
      const before = tenant().count();
      await handler.delete(created.id, last);
      // A state that lacks what create recorded has nothing to put back: destroy leaves the setting as it is.
      if (/^previous[A-Z]/.test(key)) expect(tenant().count() - before, `${definition.name} ${step}: delete`).toBe(0);
    }
  });
});

describe("through the provider texts the first resources' states hold", () => {
  const FIXTURES = path.join(__dirname, "fixtures", "provider-texts");
  const storedText = (module: string): string => fs.readFileSync(path.join(FIXTURES, `${module}.txt`), "utf8");
  let emulator: Emulator;
  let host: DynamicProviderHost;

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startTenant();
    host = await DynamicProviderHost.start({ cwd: REPO_ROOT, env: { ...packageLookupEnv(), ...BLANK_TENANT_ENV } });
    await host.configure({ "tenant:domain": emulator.url, "tenant:clientId": CLIENT_ID, "tenant:clientSecret": secretEnvelope(CLIENT_SECRET) });
  });

  afterAll(async () => {
    await host?.stop();
    await emulator?.close();
  });

  it.each(["pushProviderSelection", "phoneProvider", "enrollmentTicket"])("%s: refresh and destroy from a state that lacks any one field", async (module) => {
    const registered = REGISTRY.find((entry) => entry.definition.module === module);
    if (!registered) throw new Error(`${module} is not registered`);
    const { definition } = registered;
    const __provider = storedText(module);
    const urn = `urn:pulumi:test::tenant-basic::pulumi-nodejs:dynamic/tenant:${definition.name}::stored`;
    const create = async () => {
      emulator.reset();
      const checked = await host.check(urn, {}, { ...(scenarioOf(module).create as PropertyMap), __provider });
      expect(checked.failures).toEqual([]);
      return host.create(urn, checked.inputs);
    };
    const full = await create();
    for (const key of Object.keys(full.properties).filter((name) => name !== "__provider")) {
      const created = await create();
      const partial = without(created.properties, key) as PropertyMap;
      const read = await host.read(created.id, urn, partial);
      expect(read.id, `${definition.name} without ${key}`).toBe(created.id);
      expectRefreshed(definition, without(partial, "__provider"), without(read.properties, "__provider"), `without ${key}, through the stored text`);
      await host.delete(created.id, urn, partial);
    }
  });
});
