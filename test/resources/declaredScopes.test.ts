// Each definition declares the scopes its operations need (the README's scope table is made from them). Here every
// registered resource's lifecycle runs against the emulator with one client per operation, each holding exactly
// the scopes the definition declares for that operation (and those it uses only when the token holds them): a scope the operation needs but does not declare is
// refused by the emulator (403) and fails the run. The emulator's own route table then names the scope of every
// request each operation made, and a declared scope that none of them needed fails too. The same for each
// registered function.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getClient } from "../../provider/client";
import { resolveSettings } from "../../provider/config";
import type { OperationScopes, ResourceDefinition } from "../../provider/resources/common/definition";
import type { ResourceHandler } from "../../provider/resources/common/handler";
import { FUNCTIONS } from "../../provider/functions/registry";
import { REGISTRY } from "../../provider/resources/registry";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { Router, apiRoutes } from "../../tools/emulator/routes";
import { blankTenantEnv, configureRequest } from "./harness";
import { scenarioOf } from "./scenarios";

type Operation = keyof OperationScopes;
const OPERATIONS: readonly Operation[] = ["create", "read", "update", "delete"];
/** Holds every scope of the contract: sets up what an operation needs to find (an existing provider to adopt). */
const SET_UP_CLIENT = "holds-every-scope";
const SECRET = "declared-scopes-secret";
const clientOf = (module: string, operation: Operation): string => `${module}-${operation}`;

/**
 * Each resource's create also runs once on a tenant that already has one, where create takes a path of its own (it
 * adopts, writing what differs), and so does the delete of what it adopted (what create found is put back).
 */
const ADOPTING_CREATES: Readonly<Record<string, (inputs: Record<string, unknown>) => Record<string, unknown>>> = {
  phoneProvider: (inputs) => ({ ...inputs, adoptExisting: true }),
  phoneTemplate: (inputs) => ({ ...inputs, adoptExisting: true, disabled: true }),
  eventStream: (inputs) => ({ ...inputs, adoptExisting: true, status: "disabled" }),
  snsPushProvider: (inputs) => ({ awsAccessKeyId: inputs.awsAccessKeyId, awsRegion: "eu-central-1" }),
  apnsPushProvider: (inputs) => ({ bundleId: inputs.bundleId, sandbox: true }),
  // Without the key: create and delete send the tenant's back, read just before.
  duoSettings: (inputs) => ({ integrationKey: inputs.integrationKey, hostname: "api-adopted.duosecurity.com" }),
  pushCustomApp: (inputs) => ({ ...inputs, appName: "Adopted Authenticator" }),
};

/** What the tenant holds before an adopting create, when not the scenario's create: an app with a name alone. */
const EXISTING: Readonly<Record<string, Record<string, unknown>>> = {
  pushCustomApp: { appName: "Existing Authenticator" },
};

const router = new Router(apiRoutes);
let emulator: Emulator;

beforeAll(async () => {
  blankTenantEnv();
  const clients = REGISTRY.flatMap(({ definition }) =>
    OPERATIONS.map((operation) => ({
      id: clientOf(definition.module, operation),
      secret: SECRET,
      scopes: [...definition.scopes[operation], ...((definition as ResourceDefinition).optionalScopes?.scopes[operation] ?? [])],
    })),
  );
  const functionClients = FUNCTIONS.map(({ definition }) => ({ id: definition.name, secret: SECRET, scopes: [...definition.scopes] }));
  emulator = await startEmulator({ clients: [{ id: SET_UP_CLIENT, secret: SECRET }, ...clients, ...functionClients] });
});

afterAll(async () => {
  await emulator?.close();
});

function configFor(clientId: string): Record<string, string> {
  return { "tenant:domain": emulator.url, "tenant:clientId": clientId, "tenant:clientSecret": SECRET };
}

/** The scope of every API request the emulator answered from `since` on, as its route table declares them. */
function scopesUsedSince(since: number): Set<string> {
  const used = new Set<string>();
  for (const entry of emulator.requests.slice(since)) {
    const route = router.match(entry.method, entry.path)?.route;
    if (route) used.add(route.scope);
  }
  return used;
}

/** Runs one operation as the client that holds only its declared scopes; records the scopes its requests needed. */
async function asOperation<T>(
  handler: ResourceHandler,
  definition: ResourceDefinition,
  operation: Operation,
  used: Map<Operation, Set<string>>,
  work: () => Promise<T>,
): Promise<T> {
  await handler.configure(configureRequest(configFor(clientOf(definition.module, operation))));
  const since = emulator.requests.length;
  try {
    return await work();
  } catch (error) {
    const declared = definition.scopes[operation].join(", ") || "none";
    throw new Error(`${definition.name} ${operation}, with only its declared scopes (${declared}): ${(error as Error).message}`);
  } finally {
    for (const scope of scopesUsedSince(since)) used.get(operation)?.add(scope);
  }
}

describe.each(REGISTRY.map((registered) => [registered.definition.name, registered] as const))("%s", (_name, { definition, handler: load }) => {
  it("runs create, read, update and delete with exactly the scopes its definition declares for each", async () => {
    emulator.reset();
    const handler = await load();
    const scenario = scenarioOf(definition.module);
    const used = new Map(OPERATIONS.map((operation) => [operation, new Set<string>()]));

    const checked = await handler.check({}, scenario.create);
    expect(checked.failures ?? []).toEqual([]);
    const created = await asOperation(handler, definition, "create", used, () => handler.create(checked.inputs));
    await asOperation(handler, definition, "read", used, () => handler.read(created.id, created.outs));
    let current = created.outs;
    if (scenario.update) {
      const next = await handler.check(checked.inputs, scenario.update);
      expect(next.failures ?? []).toEqual([]);
      await asOperation(handler, definition, "update", used, () => handler.update(created.id, created.outs, next.inputs));
      // Back to what create declared and recorded (as the set-up client): the update may have put back what create found.
      await handler.configure(configureRequest(configFor(SET_UP_CLIENT)));
      current = (await handler.update(created.id, created.outs, checked.inputs)).outs;
    }
    // The tenant holds a setting's declared value, which differs from what create found: delete reads it and puts that back.
    await asOperation(handler, definition, "delete", used, () => handler.delete(created.id, current));

    const adopting = ADOPTING_CREATES[definition.module];
    if (adopting) {
      emulator.reset();
      await handler.configure(configureRequest(configFor(SET_UP_CLIENT)));
      const existing = await handler.create(EXISTING[definition.module] ?? checked.inputs);
      const adopted = await handler.check({}, adopting(scenario.create));
      const taken = await asOperation(handler, definition, "create", used, () => handler.create(adopted.inputs));
      await asOperation(handler, definition, "delete", used, () => handler.delete(taken.id, taken.outs));
      await handler.configure(configureRequest(configFor(SET_UP_CLIENT)));
      await handler.delete(existing.id, existing.outs);
    }

    for (const operation of OPERATIONS) {
      // A scope used only when the token holds it (optionalScopes) is granted too, and may go unused by this scenario.
      const optional: readonly string[] = (definition as ResourceDefinition).optionalScopes?.scopes[operation] ?? [];
      const needed = [...(used.get(operation) ?? [])].filter((scope) => !optional.includes(scope)).sort();
      expect([...definition.scopes[operation]].sort(), `${definition.name} ${operation}: declared scopes against those its requests needed`).toEqual(needed);
    }
  });
});

describe.each(FUNCTIONS.map((entry) => [entry.definition.name, entry] as const))("%s", (name, entry) => {
  it("runs with exactly the scopes its definition declares", async () => {
    emulator.reset();
    emulator.seedEventStreams(3);
    const client = getClient(resolveSettings((key) => configFor(name)[key], {}));
    const since = emulator.requests.length;
    await entry.invoke(client, {});
    expect([...entry.definition.scopes].sort()).toEqual([...scopesUsedSince(since)].sort());
  });
});
