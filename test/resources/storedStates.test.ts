// State written by any handler version must keep working: every registered handler reads its stored outputs from
// its definition, a missing field reading as null (nullable), absent (optional), or the fallback it declares. Here
// each resource is created for real, then refreshed, updated and destroyed from its state with each stored field
// left out in turn (schemaVersion included), through its handler module. The three first resources' states, with the
// provider texts they hold (fixtures/provider-texts/), go through the Pulumi CLI in test/e2e/storedStates.test.ts.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isImportable, type ResourceDefinition } from "../../provider/resources/common/definition";
import { REGISTRY } from "../../provider/resources/registry";
import { configureRequest, tenantConfig, useConfiguredTenant } from "./harness";
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
      // A state that lacks what create recorded of a setting has nothing to put back: destroy leaves the setting as it is
      // (one that lacks the record of a side effect, MfaPolicy's risk assessment, still puts the setting back).
      if (/^previous[A-Z]/.test(key) && key === (definition as ResourceDefinition).adoptionRecord?.output) expect(tenant().count() - before, `${definition.name} ${step}: delete`).toBe(0);
    }
  });
});
