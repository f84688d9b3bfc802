/**
 * Host side of PushProviderSelection. The selection is a tenant singleton without an id of its own,
 * so the resource id is the tenant's host. Create remembers what was selected before; delete puts it back.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { recordConfiguration, tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { getNotFoundError, isReadForGet } from "../common/get";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { differs, withoutProviderKey } from "../common/values";
import { isPushProviderName, type PushProviderName } from "../enums";
import { pushProviderSelectionDefinition as definition, type PushProviderSelectionOutputs } from "./definition";
import { storedSelection } from "./state";
import { SELECTION_PATH, expandSelection, flattenSelection, selectionResponse } from "./wire";

const WHAT = definition.name;

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(_olds: unknown, news: unknown): Promise<CheckResult> {
  return checkInputs(definition.inputs, news);
}

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news), {
    provider: (recorded, desired) => differs(storedSelection({ provider: recorded }).provider, desired),
  });
}

async function currentSelection({ client }: TenantConnection): Promise<string | null> {
  const response = await client.request("GET", SELECTION_PATH, {
    operation: "get push notification provider",
    schema: selectionResponse,
  });
  return flattenSelection(response).provider;
}

async function select({ client }: TenantConnection, provider: PushProviderName): Promise<string | null> {
  const response = await client.request("PUT", SELECTION_PATH, {
    operation: "set push notification provider",
    schema: selectionResponse,
    body: expandSelection({ provider }),
  });
  // The PUT answers with the resulting selection; fall back to what was sent if it omits it.
  return flattenSelection(response).provider ?? provider;
}

/** Guards against reading or writing one tenant's selection with another tenant's credentials. */
function assertSameTenant(id: string, connection: TenantConnection): void {
  const host = tenantDomain(connection.settings);
  if (id.toLowerCase() !== host.toLowerCase()) {
    throw new Error(
      `${WHAT} "${id}" belongs to another tenant than the configured one ("${host}"); its id must be the ` +
        `tenant's domain. Point the resource at that tenant (tenant:domain or an explicit Provider).`,
    );
  }
}

export async function create(inputs: unknown): Promise<CreateResult<PushProviderSelectionOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const connection = await tenantConnection();
  const previousProvider = await currentSelection(connection);
  const provider = await select(connection, desired.provider);
  return { id: tenantDomain(connection.settings), outs: { provider, previousProvider, schemaVersion: 1 } };
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  const connection = await tenantConnection();
  const host = tenantDomain(connection.settings);
  // Every tenant has exactly one selection, named by the tenant's domain; any other id names nothing here.
  if (isReadForGet(props) && id.toLowerCase() !== host.toLowerCase()) {
    throw getNotFoundError(
      WHAT,
      id,
      `the configured tenant has no selection with this id: its id is the tenant's domain, "${host}". To read ` +
        `another tenant's selection, give the get an explicit tenant Provider for that tenant.`,
    );
  }
  assertSameTenant(id, connection);
  const stored = storedSelection(withoutProviderKey(props));
  const provider = await currentSelection(connection);
  const outputs: PushProviderSelectionOutputs = { ...stored, provider };
  return { id, props: outputs, inputs: provider === null ? {} : { provider } };
}

export async function update(
  id: string,
  olds: unknown,
  news: unknown,
): Promise<UpdateResult<PushProviderSelectionOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, news, WHAT);
  const connection = await tenantConnection();
  assertSameTenant(id, connection);
  const stored = storedSelection(withoutProviderKey(olds));
  const provider = await select(connection, desired.provider);
  return { outs: { ...stored, provider } };
}

/** The API has no DELETE for the selection: destroying the resource restores what create found. */
async function deleteResource(id: string, props: unknown): Promise<void> {
  const stored = storedSelection(withoutProviderKey(props));
  // Nothing recorded (the service did not say at create time): leave the selection as it is.
  if (!isPushProviderName(stored.previousProvider)) return;
  const connection = await tenantConnection();
  assertSameTenant(id, connection);
  await select(connection, stored.previousProvider);
}

export { deleteResource as delete };
