/**
 * Host side of PhoneMessageTypes. A tenant singleton, so the resource id is the tenant's domain. The message
 * types are a set: order never makes a diff. Create remembers what was set before (an empty list included);
 * delete puts it back. Every read is one GET.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { recordConfiguration, tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { isReadForGet } from "../common/get";
import { assertSameTenant, singletonGetError } from "../common/tenantGuard";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { differs, withoutProviderKey, type PropertyBag } from "../common/values";
import { isPhoneMessageType } from "../enums";
import { phoneMessageTypesDefinition as definition, type PhoneMessageTypesOutputs } from "./definition";
import { MESSAGE_TYPES_PATH, expandMessageTypes, flattenMessageTypes, messageTypesResponse } from "./wire";

const WHAT = definition.name;

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(_olds: unknown, news: unknown): Promise<CheckResult> {
  return checkInputs(definition.inputs, news);
}

/** Sorted copies of arrays (anything else as it is), so a set compares equal in any order. */
const asSet = (value: unknown): unknown => (Array.isArray(value) ? [...value].sort() : value);

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news), {
    messageTypes: (recorded, desired) => differs(asSet(recorded), asSet(desired)),
  });
}

const stringList = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : null;

/** Stored outputs of any handler version. */
function storedMessageTypes(props: PropertyBag): PhoneMessageTypesOutputs {
  return {
    messageTypes: stringList(props.messageTypes) ?? [],
    previousMessageTypes: stringList(props.previousMessageTypes),
    schemaVersion: 1,
  };
}

async function currentMessageTypes({ client }: TenantConnection): Promise<string[]> {
  const response = await client.request("GET", MESSAGE_TYPES_PATH, {
    operation: "get phone message types",
    schema: messageTypesResponse,
  });
  return flattenMessageTypes(response).messageTypes;
}

async function setMessageTypes({ client }: TenantConnection, messageTypes: readonly string[]): Promise<string[]> {
  const response = await client.request("PUT", MESSAGE_TYPES_PATH, {
    operation: "set phone message types",
    schema: messageTypesResponse,
    body: expandMessageTypes(messageTypes),
  });
  return flattenMessageTypes(response).messageTypes;
}

export async function create(inputs: unknown): Promise<CreateResult<PhoneMessageTypesOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const connection = await tenantConnection();
  const previousMessageTypes = await currentMessageTypes(connection);
  const messageTypes = await setMessageTypes(connection, desired.messageTypes);
  return { id: tenantDomain(connection.settings), outs: { messageTypes, previousMessageTypes, schemaVersion: 1 } };
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  const connection = await tenantConnection();
  if (isReadForGet(props)) {
    const error = singletonGetError(WHAT, "message types", id, connection);
    if (error) throw error;
  }
  assertSameTenant(WHAT, id, id, connection);
  const stored = storedMessageTypes(withoutProviderKey(props));
  const messageTypes = await currentMessageTypes(connection);
  const outputs: PhoneMessageTypesOutputs = { ...stored, messageTypes };
  return { id, props: outputs, inputs: { messageTypes } };
}

export async function update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<PhoneMessageTypesOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, news, WHAT);
  const connection = await tenantConnection();
  assertSameTenant(WHAT, id, id, connection);
  const stored = storedMessageTypes(withoutProviderKey(olds));
  const messageTypes = await setMessageTypes(connection, desired.messageTypes);
  return { outs: { ...stored, messageTypes } };
}

/** The API has no DELETE for the message types: destroying the resource restores what create found. */
async function deleteResource(id: string, props: unknown): Promise<void> {
  const { previousMessageTypes } = storedMessageTypes(withoutProviderKey(props));
  // Nothing recorded (after get or import), or values we could not send back: leave the setting as it is.
  if (previousMessageTypes === null || !previousMessageTypes.every(isPhoneMessageType)) return;
  const connection = await tenantConnection();
  assertSameTenant(WHAT, id, id, connection);
  await setMessageTypes(connection, previousMessageTypes);
}

export { deleteResource as delete };
