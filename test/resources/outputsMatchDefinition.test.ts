// Each definition's `outputs` is what the class declares, the typings say and the plugin schema publishes; the
// handlers write state. Here every registered handler's real outputs — create, read and update against the
// emulator — are parsed with its definition's output schema, and nothing is stored that the definition (outputs
// or echoed inputs) does not declare. A resource added to the registry without a scenario (scenarios.ts) fails.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ResourceDefinition } from "../../provider/resources/common/definition";
import { REGISTRY } from "../../provider/resources/registry";
import { configureRequest, tenantConfig, useConfiguredTenant } from "./harness";
import { scenarioOf } from "./scenarios";

const configure = { configure: async () => undefined };
const tenant = useConfiguredTenant(configure);

/** Parses with the output schema and checks every stored key is declared (an output, an input, or schemaVersion). */
function expectDeclared(definition: ResourceDefinition, stored: unknown, step: string): void {
  const bag = stored as Record<string, unknown>;
  const parsed = definition.outputs.safeParse(bag);
  expect(parsed.success ? [] : z.prettifyError(parsed.error), `${definition.name} ${step}: outputs against the definition`).toEqual([]);
  const declared = new Set([...Object.keys(definition.outputs.shape), ...Object.keys(definition.inputs.shape), "schemaVersion"]);
  expect(Object.keys(bag).filter((key) => !declared.has(key)), `${definition.name} ${step}: undeclared keys`).toEqual([]);
}

describe.each(REGISTRY.map((registered) => [registered.definition.module, registered] as const))("%s", (module, registered) => {
  it("writes outputs its definition declares, on create, read and update", async () => {
    const scenario = scenarioOf(module);
    const handler = await registered.handler();
    await handler.configure(configureRequest(tenantConfig(tenant())));
    const checked = await handler.check({}, scenario.create);
    expect(checked.failures ?? []).toEqual([]);
    const created = await handler.create(checked.inputs);
    expectDeclared(registered.definition, created.outs, "create");

    const read = await handler.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expectDeclared(registered.definition, read.props, "read");

    if (scenario.update) {
      const next = await handler.check(checked.inputs, scenario.update);
      expect(next.failures ?? []).toEqual([]);
      const updated = await handler.update(created.id, created.outs, next.inputs);
      expectDeclared(registered.definition, updated.outs, "update");
    }
  });
});
