/**
 * Host side of FcmPushProvider: the tenant's one FCM v1 service account, id the tenant's domain. Create and
 * update PUT it; the service cannot read it back, so refresh makes no call and keeps the state; delete makes no
 * call (no API clears it).
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { showNotice } from "../../client/log";
import { recordConfiguration, tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { getNotFoundError, isReadForGet } from "../common/get";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { connectionForId } from "../common/tenantCredentials";
import { withoutProviderKey, type PropertyBag } from "../common/values";
import { fcmPushProviderDefinition as definition, type FcmPushProviderInputs, type FcmPushProviderOutputs } from "./definition";
import { FCMV1_PATH, expandFcmV1, fcmV1Response } from "./wire";

const WHAT = definition.name;
const NOUN = "FCM v1 service account";

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(_olds: unknown, news: unknown): Promise<CheckResult> {
  return checkInputs(definition.inputs, news);
}

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  // Compared with what the program gave last time (kept in state): the service cannot read it back.
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news));
}

function storedCredentials(props: PropertyBag): string | undefined {
  return typeof props.serverCredentials === "string" ? props.serverCredentials : undefined;
}

async function putFcmV1({ client }: TenantConnection, desired: FcmPushProviderInputs, operation: string, previous?: string): Promise<void> {
  await client.request("PUT", FCMV1_PATH, {
    operation,
    schema: fcmV1Response,
    body: expandFcmV1(desired),
    secrets: [desired.serverCredentials, previous],
  });
}

export async function create(inputs: unknown): Promise<CreateResult<FcmPushProviderOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const connection = await tenantConnection();
  await putFcmV1(connection, desired, "set FCM v1 push credentials");
  return { id: tenantDomain(connection.settings), outs: { serverCredentials: desired.serverCredentials, schemaVersion: 1 } };
}

/** No call: the service has no GET for it. The state is kept as it is, so refresh never reports drift here. */
export async function read(id: string, props: unknown): Promise<ReadResult> {
  if (isReadForGet(props)) {
    throw getNotFoundError(
      WHAT,
      id,
      "the service cannot read FCM v1 credentials back, so there is nothing to get or import. Declare the resource " +
        "with serverCredentials to manage them (create overwrites what the tenant holds).",
    );
  }
  const stored = withoutProviderKey(props);
  const serverCredentials = storedCredentials(stored);
  return { id, props: stored, inputs: serverCredentials === undefined ? {} : { serverCredentials } };
}

export async function update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<FcmPushProviderOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, news, WHAT);
  const connection = await connectionForId(WHAT, NOUN, id, olds);
  await putFcmV1(connection, desired, "update FCM v1 push credentials", storedCredentials(withoutProviderKey(olds)));
  return { outs: { serverCredentials: desired.serverCredentials, schemaVersion: 1 } };
}

/** No API clears the service account: the resource leaves the stack, the credentials stay on the tenant. */
async function deleteResource(id: string, props: unknown): Promise<void> {
  await connectionForId(WHAT, NOUN, id, props);
  showNotice(
    `${WHAT} "${id}" was removed from the stack; the FCM v1 service account stays on the tenant (no API removes ` +
      "it). Remove it in the service's dashboard (the push-notification factor's Android settings) if it is no " +
      "longer wanted, and revoke its key in Google Cloud.",
  );
}

export { deleteResource as delete };
